import QRQuiz
import QRQuizClassroom

/// One printed answer card: its number (which marker it carries), and, for a class's
/// cards, the student's name and the class.
public struct AnswerCard: Sendable, Hashable {
  /// An answer, as the edge of the card held on top: A is the question's first answer, B
  /// the second, and so on.
  public enum Letter: String, Sendable, Hashable, CaseIterable, Comparable {
    case a = "A"
    case b = "B"
    case c = "C"
    case d = "D"

    /// The answer's position: 0 for A … 3 for D.
    public var index: Int { Self.allCases.firstIndex(of: self)! }

    public static func < (lhs: Letter, rhs: Letter) -> Bool { lhs.index < rhs.index }
  }

  /// Why a card cannot be made.
  public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
    /// No card has this number.
    case noSuchCard(Int)

    public var description: String {
      switch self {
      case .noSuchCard(let number):
        "there is no card \(number): cards are numbered from 1 to \(AnswerCardCode.tagIDs.count)"
      }
    }
  }

  /// The card's number (1 …), printed in its corner: the student's in their class.
  public let number: Int
  /// The code its marker carries (1 … 476, ``AnswerCardCode``): the number itself for a
  /// card without a class mark, the class's own code for its student otherwise
  /// (`ClassCardCodes`), so another class's card N is not read as this class's card N.
  public let code: Int
  /// The student it is for, printed small.
  public var name: String?
  /// The class, printed small.
  public var className: String?

  /// Card `number`, its marker carrying code `code` (the number itself unless given).
  ///
  /// - Throws: ``Problem/noSuchCard(_:)``.
  public init(number: Int, code: Int? = nil, name: String? = nil, className: String? = nil) throws(Problem) {
    guard AnswerCardCode.tagID(forCard: number) != nil else { throw .noSuchCard(number) }
    guard AnswerCardCode.tagID(forCard: code ?? number) != nil else { throw .noSuchCard(code ?? number) }
    self.number = number
    self.code = code ?? number
    self.name = name
    self.className = className
  }

  /// The cards of a class's students, in card order, each with its class mark when
  /// `codes` gives one.
  public static func cards(of roster: ClassRoster, codes: ClassCardCodes? = nil) -> [AnswerCard] {
    roster.students.map { student in
      // A roster gives card numbers, and the records codes, within the codes' range only.
      try! AnswerCard(
        number: student.card, code: codes?.code(ofCard: student.card), name: student.name.text,
        className: roster.name.text)
    }
  }

  /// The tag36h11 code it carries.
  var tagID: Int { AnswerCardCode.tagID(forCard: code)! }
}
