import Foundation
import QRQuiz

/// A player's nickname: strangers' text, checked as it arrives and compared loosely, so
/// "Ada", "ada " and "ＡＤＡ" are one name in a game, "Bоb" with a Cyrillic о is the same
/// name as "Bob", and a banned name stays banned.
public struct LivePlayerName: Sendable, Hashable, CustomStringConvertible {
  /// The name as shown, trimmed.
  public let text: String
  /// The name folded for comparison: compatibility forms, case, accents and spaces.
  public let key: String
  /// The name's look-alike skeleton (Unicode TR39, `LiveNameSkeleton`): two names with
  /// the same skeleton look the same on a projector. Two names are one when their
  /// ``key`` or their skeleton is.
  public let skeleton: String

  /// The most characters a name has (a phone screen and a leaderboard row).
  public static let maximumLength = 20
  /// The most Unicode scalars: 20 characters of one letter and a thousand combining marks
  /// each are not a name.
  public static let maximumScalars = 80

  /// Why a name is refused.
  public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing but spaces.
    case empty
    /// More than ``maximumLength`` characters.
    case tooLong(characters: Int)
    /// A control, bidirectional-override or invisible formatting character (it could
    /// hide or reorder what other names show), at `position` (1-based).
    case invisibleCharacter(position: Int)
    /// Characters that show nothing: blank letters (U+3164, U+2800), combining marks
    /// with nothing to sit on, variation selectors.
    case nothingVisible

    public var description: String {
      switch self {
      case .empty: "the name is empty"
      case .tooLong(let count):
        "the name has \(count) characters; at most \(LivePlayerName.maximumLength)"
      case .invisibleCharacter(let position):
        "character \(position) of the name is a control or invisible character"
      case .nothingVisible: "the name shows nothing: it needs a letter, a digit or a symbol"
      }
    }
  }

  /// Checks `raw`.
  ///
  /// - Throws: ``Problem``.
  public init(_ raw: String) throws(Problem) {
    let text = raw.trimmingCharacters(in: .whitespaces)
    guard !text.isEmpty else { throw .empty }
    for (offset, character) in text.enumerated() where character.unicodeScalars.contains(where: Self.isInvisible) {
      throw .invisibleCharacter(position: offset + 1)
    }
    let count = text.count
    guard count <= Self.maximumLength, text.unicodeScalars.count <= Self.maximumScalars else {
      throw .tooLong(characters: count)
    }
    guard text.unicodeScalars.contains(where: Self.isVisible) else { throw .nothingVisible }
    self.init(unchecked: text)
  }

  public var description: String { text }

  /// A name taken as it is (one checked before, by rules that may since have changed).
  init(unchecked text: String) {
    self.text = text
    key = Self.foldedKey(text)
    skeleton = LiveNameSkeleton.skeleton(text)
  }

  /// `text` folded as every name is compared (``NameFolding``).
  static func foldedKey(_ text: String) -> String { NameFolding.key(text) }

  /// Controls, line and paragraph separators, the formatting characters that reorder or
  /// hide text (bidirectional marks, overrides and isolates, zero-width spaces, the
  /// byte-order mark), and the other default-ignorable characters (Hangul fillers, the
  /// combining grapheme joiner, Mongolian and Khmer invisible signs). The zero-width
  /// joiner and the emoji variation selectors stay: emoji sequences need them.
  static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned: return true
    case .format: return scalar.value != 0x200D
    default:
      return scalar.properties.isDefaultIgnorableCodePoint && !Self.emojiJoiners.contains(scalar.value)
    }
  }

  /// The zero-width joiner and the text and emoji presentation selectors.
  private static let emojiJoiners: Set<UInt32> = [0x200D, 0xFE0E, 0xFE0F]

  /// Whether `scalar` draws something: not a space, not a mark (which needs a character
  /// to sit on), not default-ignorable, and not one of the letters and symbols fonts draw
  /// blank.
  static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    if properties.isWhitespace || properties.isDefaultIgnorableCodePoint { return false }
    switch properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .spaceSeparator, .format, .control: return false
    default: return !blankGlyphs.contains(scalar.value)
    }
  }

  /// Graphic characters that fonts draw as nothing: the Braille blank, the Hangul fillers
  /// (also default-ignorable, listed for the fonts that predate that), the musical null
  /// notehead, the object replacement character.
  private static let blankGlyphs: Set<UInt32> = [0x2800, 0x3164, 0xFFA0, 0x115F, 0x1160, 0x1D159, 0xFFFC]
}
