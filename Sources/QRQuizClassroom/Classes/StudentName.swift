import QRQuiz

/// A student's name on a roster: strangers' text (a spreadsheet anyone typed), checked as
/// players' nicknames are (``LivePlayerName``: nothing blank, no control, bidirectional or
/// invisible characters), with room for a full name, and compared loosely so "Ada",
/// "ada " and "ＡＤＡ" are one student, and "Lukasz Nowak" is Łukasz Nowak
/// (``NameFolding``).
public struct StudentName: Sendable, Hashable, CustomStringConvertible {
  /// The name as shown, trimmed.
  public let text: String
  /// The name folded for comparison: compatibility forms, case, accents, spaces, and
  /// letters to their base (``NameFolding``).
  public let key: String
  /// The name's look-alike skeleton (``NameFolding/skeleton(_:)``): a homework open to
  /// anyone refuses a name whose key or skeleton another student has, as a live game does.
  public let skeleton: String

  /// The most characters a name has: a first name, a middle name and two family names.
  public static let maximumLength = 40

  /// Why a name (of a student or of a class) is refused.
  public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing but spaces.
    case empty
    /// More than `limit` characters.
    case tooLong(characters: Int, limit: Int)
    /// A control, bidirectional or invisible formatting character at `position` (1-based):
    /// it could hide or reorder what a page or a printed card shows.
    case invisibleCharacter(position: Int)

    public var description: String {
      switch self {
      case .empty: "the name is empty"
      case .tooLong(let count, let limit): "the name has \(count) characters; at most \(limit)"
      case .invisibleCharacter(let position): "character \(position) of the name is a control or invisible character"
      }
    }
  }

  /// Checks `raw`.
  ///
  /// - Throws: ``Problem``.
  public init(_ raw: String) throws(Problem) {
    text = try Self.checked(raw, maximumLength: Self.maximumLength)
    key = Self.foldedKey(text)
    skeleton = NameFolding.skeleton(text)
  }

  public var description: String { text }

  /// `text` folded as names are compared (``NameFolding``, the live game's rule too).
  static func foldedKey(_ text: String) -> String { NameFolding.key(text) }

  /// `raw` trimmed, when it is a name of at most `maximumLength` characters (and four
  /// scalars a character: a letter with a thousand combining marks is not a name).
  static func checked(_ raw: String, maximumLength: Int) throws(Problem) -> String {
    let text = raw.trimmingCharacters(in: .whitespaces)
    guard !text.isEmpty else { throw .empty }
    for (offset, character) in text.enumerated()
    where character.unicodeScalars.contains(where: LivePlayerName.isInvisible) {
      throw .invisibleCharacter(position: offset + 1)
    }
    guard text.count <= maximumLength, text.unicodeScalars.count <= maximumLength * 4 else {
      throw .tooLong(characters: text.count, limit: maximumLength)
    }
    return text
  }
}

/// A class's name ("7B", "Year 9 Spanish"): checked as student names are, at most 60
/// characters, compared without regard to case or accents.
public struct ClassName: Sendable, Hashable, CustomStringConvertible {
  /// The name as shown, trimmed.
  public let text: String
  /// The name folded for comparison.
  public let key: String

  /// The most characters a class name has.
  public static let maximumLength = 60

  /// Checks `raw`.
  ///
  /// - Throws: ``StudentName/Problem``.
  public init(_ raw: String) throws(StudentName.Problem) {
    text = try StudentName.checked(raw, maximumLength: Self.maximumLength)
    key = StudentName.foldedKey(text)
  }

  public var description: String { text }
}
