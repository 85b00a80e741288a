import QRQuiz

extension ClassRoster {
  /// Why a change to a roster is refused. Indices are 0-based positions in the list of
  /// names given (``StudentList`` turns them into the file's line numbers).
  public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The class's name is refused.
    case badClassName(StudentName.Problem)
    /// The name at `index` is refused.
    case badName(index: Int, StudentName.Problem)
    /// The name at `index` is the same (without regard to case, accents or spaces) as the
    /// one at `firstIndex`.
    case listedTwice(index: Int, name: String, firstIndex: Int)
    /// The name at `index` is a student of the class already, holding `card`.
    case alreadyInClass(index: Int, name: String, card: Int)
    /// No student of the class is the one asked for.
    case noSuchStudent(StudentSelector)
    /// Every card number up to `limit` was given: the class can take no one new.
    case noCardNumbersLeft(limit: Int)
    /// A time factor outside ``Accommodations/timeFactors``.
    case badTimeFactor(Double)

    public var description: String {
      switch self {
      case .badClassName(let problem): "class name: \(problem)"
      case .badName(_, let problem): "\(problem)"
      case .listedTwice(_, let name, _):
        "'\(name)' is listed twice; two students need names that differ (add an initial: '\(name) B.')"
      case .alreadyInClass(_, let name, let card): "'\(name)' is in the class already (card \(card))"
      case .noSuchStudent(let selector): "no student \(selector) in the class"
      case .noCardNumbersLeft(let limit):
        "every card number up to \(limit) has been given in this class (numbers are never reused): start a new class"
      case .badTimeFactor(let factor):
        "extra time must be a factor from 1 to \(JSONValue.number(Accommodations.timeFactors.upperBound).compactText) "
          + "(1.5 for half as long again), not \(JSONValue.number(factor).compactText)"
      }
    }

    /// The index in the names given that the problem is about, if it is about one.
    public var index: Int? {
      switch self {
      case .badName(let index, _), .listedTwice(let index, _, _), .alreadyInClass(let index, _, _): index
      case .badClassName, .noSuchStudent, .noCardNumbersLeft, .badTimeFactor: nil
      }
    }
  }
}
