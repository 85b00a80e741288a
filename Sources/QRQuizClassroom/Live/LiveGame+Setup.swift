import Foundation
import QRQuiz

extension LiveGame.Setup {
  /// Seconds a question may be open.
  public static let secondsRange = 5.0...600.0
  /// Seconds a question's own time may be (docs/FORMAT.md's `seconds`).
  public static let questionSecondsRange = 1.0...3600.0
  /// Players a game may be made for.
  public static let maximumPlayersRange = 1...10_000

  /// The setup of a game of `topic`: set `setNumber`'s questions (1-based; `nil` for every
  /// set in turn; a list's first set plays the list's sets in order as one quiz, see
  /// `ValidTopic/setsPlayed(from:)`), shuffled when the topic's `questionsInRandomOrder` says so (the app's
  /// default), answers in the file's order.
  ///
  /// A question with its own `seconds` is open that long; the others `seconds`.
  ///
  /// - Parameters:
  ///   - topic: the topic.
  ///   - topicName: the topic's name in the library's addresses.
  ///   - setNumber: the set played (1-based), or `nil` for every set in turn.
  ///   - scoring: how answers score.
  ///   - seconds: each question's time, within ``secondsRange``.
  ///   - maximumPlayers: players at most, within ``maximumPlayersRange``.
  ///   - pin: the game's PIN.
  ///   - hostSecret: the host's secret.
  ///   - created: when the game is made.
  ///   - seed: the shuffle's seed; the same seed asks in the same order.
  ///   - cardClass: the class whose students answer with answer cards, if any; its
  ///     scanners get a secret of their own (``scannerSecret``), made here.
  /// - Throws: `QuizSession/SetupError` for a topic without sets or a set it lacks.
  public static func make(
    topic: ValidTopic, topicName: String, setNumber: Int?, scoring: LiveScoring = .speed, seconds: Double = 20,
    maximumPlayers: Int = 1000, pin: String, hostSecret: String, created: QuizClock.Instant, seed: UInt64? = nil,
    cardClass: LiveCardClass? = nil
  ) throws(QuizSession.SetupError) -> LiveGame.Setup {
    let session: QuizSession
    if let setNumber {
      session = try QuizSession(topic: topic, sets: topic.setsPlayed(from: setNumber), totalScore: 0, seed: seed)
    } else {
      session = try QuizSession(
        topic: topic, sampling: topic.topic.sets.map(\.count), totalScore: 0, seed: seed)
    }
    let questions = session.questions.map {
      LiveQuestion(
        text: $0.text, answers: $0.answers, correct: Array($0.correctAnswers), imageURL: $0.imageURL,
        numericAnswer: $0.numericAnswer, seconds: $0.seconds.map(questionSecondsRange.clamped),
        explanation: $0.explanation, set: $0.category + 1)
    }
    return LiveGame.Setup(
      pin: pin, hostSecret: hostSecret, topicName: topicName, title: topic.name, setNumber: setNumber,
      scoring: scoring, seconds: min(max(seconds, secondsRange.lowerBound), secondsRange.upperBound),
      maximumPlayers: min(max(maximumPlayers, maximumPlayersRange.lowerBound), maximumPlayersRange.upperBound),
      mandatory: session.options.multipleCorrectAnswersAsMandatory, questions: questions, created: created,
      cardClass: cardClass, scannerSecret: cardClass.map { _ in Secret.make() })
  }
}

extension LiveGame.Setup {
  /// Seconds question `index` is open: its own time, else the game's.
  public func seconds(of index: Int) -> Double { questions[index].seconds ?? seconds }
}

extension ClosedRange where Bound == Double {
  /// `value` brought into the range.
  fileprivate func clamped(_ value: Double) -> Double { Swift.min(Swift.max(value, lowerBound), upperBound) }
}
