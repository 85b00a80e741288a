/// The Questions app's constants of play (play-rules.md, read from the app's source).
public enum QuizRules {
  /// Points for a correct pick.
  public static let pointsForCorrect = 20
  /// Points for a wrong pick.
  public static let pointsForWrong = -10
  /// Points for one use of help.
  public static let pointsForHelp = -5
  /// Help uses per question (the app's setting), never more than answers − 1.
  public static let helpUsesPerQuestion = 2
  /// Help is refused while the total score is under this.
  public static let minimumScoreForHelp = 5
  /// Help is offered only for questions with at least this many answers.
  public static let minimumAnswersForHelp = 3
  /// Repeats of a set per play.
  public static let repeatsPerSet = 2

  /// The countdown as the app shows it: whole seconds above a minute (`4:59`), tenths
  /// below (`9.8`).
  public static func countdown(_ seconds: Double) -> String {
    if seconds >= 60 {
      let whole = Int(seconds.rounded(.up))
      let secondsPart = whole % 60
      return "\(whole / 60):" + (secondsPart < 10 ? "0" : "") + "\(secondsPart)"
    }
    let tenths = Int((max(0, seconds) * 10).rounded(.down))
    return "\(tenths / 10).\(tenths % 10)"
  }
}

extension Topic.Options {
  /// The options with the app's defaults filled in.
  public var resolved: ResolvedOptions {
    ResolvedOptions(
      timePerSet: timePerSetInSeconds.flatMap { $0 > 0 ? $0 : nil },
      questionsInRandomOrder: questionsInRandomOrder ?? true,
      helpButtonEnabled: helpButtonEnabled ?? true,
      showCorrectIncorrectAnswer: showCorrectIncorrectAnswer ?? true,
      multipleCorrectAnswersAsMandatory: multipleCorrectAnswersAsMandatory ?? false)
  }

  /// What the app does with a topic's options: every default applied.
  public struct ResolvedOptions: Sendable, Hashable {
    /// Seconds for a set; `nil` for no timer (absent, or ≤ 0).
    public var timePerSet: Double?
    /// Shuffle each set's questions (the app's default: yes).
    public var questionsInRandomOrder: Bool
    /// Offer help (default: yes).
    public var helpButtonEnabled: Bool
    /// Say right or wrong after each pick (default: yes).
    public var showCorrectIncorrectAnswer: Bool
    /// With several correct answers, the player picks as many as there are (default: no,
    /// one pick moves on).
    public var multipleCorrectAnswersAsMandatory: Bool
  }
}
