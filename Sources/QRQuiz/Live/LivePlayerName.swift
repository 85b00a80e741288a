import Foundation

/// A player's nickname: strangers' text, checked as it arrives and compared loosely, so
/// "Ada", "ada " and "ＡＤＡ" are one name in a game (and a banned name stays banned).
public struct LivePlayerName: Sendable, Hashable, CustomStringConvertible {
  /// The name as shown, trimmed.
  public let text: String
  /// The name folded for comparison: compatibility forms, case and accents.
  public let key: String

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

    public var description: String {
      switch self {
      case .empty: "the name is empty"
      case .tooLong(let count):
        "the name has \(count) characters; at most \(LivePlayerName.maximumLength)"
      case .invisibleCharacter(let position):
        "character \(position) of the name is a control or invisible character"
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
    self.text = text
    key = Self.foldedKey(text)
  }

  public var description: String { text }

  /// A name taken as it is (one checked before, by rules that may since have changed).
  init(unchecked text: String) {
    self.text = text
    key = Self.foldedKey(text)
  }

  static func foldedKey(_ text: String) -> String {
    text.precomposedStringWithCompatibilityMapping
      .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
      .filter { !$0.isWhitespace }
  }

  /// Controls, line and paragraph separators, and the formatting characters that reorder
  /// or hide text (bidirectional marks, overrides and isolates, zero-width spaces, the
  /// byte-order mark). The zero-width joiner stays: emoji sequences need it.
  static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned: return true
    case .format: return scalar.value != 0x200D
    default: return false
    }
  }
}
