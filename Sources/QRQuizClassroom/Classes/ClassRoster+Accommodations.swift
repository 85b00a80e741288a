import QRQuiz

extension ClassRoster {
  /// What a student's timers and scores allow for, set by the teacher per student
  /// (`qrquiz class set 7B 'Ada' --extra-time 1.5 --no-speed`), kept in the class's file
  /// (format 2) and never shown to other students.
  ///
  /// How each kind of play applies them:
  /// - an assignment's timers (a set's `timePerSetInSeconds`, a question's own `seconds`)
  ///   run ``timeFactor`` times as long for the student (``seconds(_:)``); homework has no
  ///   speed points, so ``noSpeedScoring`` changes nothing there;
  /// - a live game gives the student ``seconds(_:)`` of a question's time before their own
  ///   deadline, and scores their speed against that longer time (a slower reader is not
  ///   scored down for the same answer); with ``noSpeedScoring`` a right answer of theirs
  ///   scores as one given at once.
  public struct Accommodations: Sendable, Hashable {
    /// How many times as long the student's timers run: 1 (none), 1.5, 2 … up to
    /// ``timeFactors``' upper bound.
    public var timeFactor: Double
    /// Whether the student's answers score without regard to speed (in live games).
    public var noSpeedScoring: Bool

    /// No accommodation.
    public static let none = Accommodations(checkedFactor: 1, noSpeedScoring: false)
    /// The time factors a student may be given: from none to four times the time.
    public static let timeFactors = 1.0...4.0

    /// - Throws: ``Problem/badTimeFactor(_:)`` for a factor outside ``timeFactors`` (or
    ///   not a number).
    public init(timeFactor: Double = 1, noSpeedScoring: Bool = false) throws(Problem) {
      guard Self.timeFactors.contains(timeFactor) else { throw .badTimeFactor(timeFactor) }
      self.init(checkedFactor: timeFactor, noSpeedScoring: noSpeedScoring)
    }

    private init(checkedFactor: Double, noSpeedScoring: Bool) {
      // Hundredths at most: "×1.5", never "×1.4999999".
      timeFactor = (checkedFactor * 100).rounded() / 100
      self.noSpeedScoring = noSpeedScoring
    }

    /// Whether the student has none.
    public var isNone: Bool { self == .none }

    /// `seconds` of a timer, as long as it runs for the student.
    public func seconds(_ seconds: Double) -> Double { seconds * timeFactor }

    /// "×1.5" for a factor above 1, as a page or a table says it.
    public var timeFactorText: String? {
      timeFactor > 1 ? "×" + JSONValue.number(timeFactor).compactText : nil
    }
  }
}
