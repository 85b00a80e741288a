import Foundation
import QRQuiz
import QRQuizClassroom

/// What a play needs besides the session: who plays (and their statistics), where
/// images come from, and the choices made on the command line.
struct PlaySetup: Sendable {
  var topic: ValidTopic
  /// The player's profile name; "default" without one.
  var profile: String
  var statistics: StatisticsStore
  /// `nil` with `--no-images`.
  var images: QuestionImages?
  var seed: UInt64?
  /// Show the review of incorrect answers after the results.
  var review: Bool
  /// The language of the player's words (never the topic's).
  var language: Language = .english

  /// The terminal's words in ``language``.
  var words: TerminalWords { TerminalWords(language: language) }

  /// What the player chooses from: each set, or a list's sets as one (an imported list
  /// split by its answer counts plays as the one quiz it was, in order).
  var units: [ValidTopic.PlayableUnit] { topic.playableUnits }

  /// What `--set N` (0-based `set`) plays: the list it starts, else the set alone.
  func unit(startingAt set: Int) -> ValidTopic.PlayableUnit { topic.unitPlayed(from: set + 1) }

  /// A unit's name, as the menu lists it and the results name it.
  func name(of unit: ValidTopic.PlayableUnit) -> String { topic.name(of: unit, in: language) }

  /// A new play of `unit`, the player's total score before it `totalScore`.
  func session(_ unit: ValidTopic.PlayableUnit, totalScore: Int) throws(QuizSession.SetupError) -> QuizSession {
    try QuizSession(topic: topic, sets: unit.sets, totalScore: totalScore, seed: seed)
  }

  /// The player's total score before playing, and a note when their statistics file was
  /// corrupt and set aside.
  func loadTotals() throws -> (statistics: PlayStatistics, note: String?) {
    let loaded = try statistics.statistics(of: profile)
    return (loaded.statistics, loaded.setAside.map { words(.statisticsCorrupt, ["file": .text($0)]) })
  }

  /// Records a finished set, or a list's sets (only the first completion counts), and
  /// says what happened.
  func record(_ result: QuizSession.Result, unit: ValidTopic.PlayableUnit) throws -> String {
    let (counted, setAside) = try statistics.update(profile: profile) { statistics in
      (statistics.record(result, sets: unit.sets, of: topic.name), statistics.score)
    }
    let before =
      unit.isList
      ? words(.listCompletedBefore, ["name": .text(name(of: unit)), "score": .number(counted.1)])
      : words(.completedBefore, ["number": .number(unit.number), "score": .number(counted.1)])
    var line = counted.0 ? words(.recordedFor, ["profile": .text(profile), "score": .number(counted.1)]) : before
    if let setAside { line = words(.statisticsSetAside, ["line": .text(line), "file": .text(setAside)]) }
    return line
  }
}

/// The words both modes use for the same moments of play.
enum PlayText {
  /// "Set 2 of Capitals: 3 questions, 60 seconds"; a list's, by its name.
  static func setSummary(_ setup: PlaySetup, unit: ValidTopic.PlayableUnit, session: QuizSession) -> String {
    let words = setup.words
    var parts = [words(.questions, ["count": .number(session.questions.count)])]
    if let seconds = session.options.timePerSet {
      parts.append(words(.setSummarySeconds, ["seconds": .text(JSONValue.number(seconds).compactText)]))
    }
    if session.options.questionsInRandomOrder { parts.append(words(.setSummaryRandom)) }
    // A list that is the whole topic is named as the topic: "Cells: 9 questions".
    if unit.isList, unit.sets.count == setup.topic.topic.sets.count {
      return words(.topicSets, ["topic": .text(setup.topic.name), "sets": .text(parts.joined(separator: ", "))])
    }
    return words(
      .setSummary,
      [
        "set": .text(setup.name(of: unit)), "topic": .text(setup.topic.name),
        "details": .text(parts.joined(separator: ", ")),
      ])
  }

  /// "Set 2 over: …"; a list's, "Questions 1–9 over: …".
  static func over(_ setup: PlaySetup, unit: ValidTopic.PlayableUnit, result: QuizSession.Result) -> String {
    let line = PlayText.result(result, words: setup.words)
    return unit.isList
      ? setup.words(.listOver, ["name": .text(setup.name(of: unit)), "result": .text(line)])
      : setup.words(.setOver, ["number": .number(unit.number), "result": .text(line)])
  }

  static func countdown(_ seconds: Double) -> String { QuizRules.countdown(seconds) }

  /// "Help hid answer 3 (-5 points)."
  static func helpHid(_ answer: Int, in language: Language) -> String {
    QuizPhrase.helpHidAnswer.text(
      in: language, ["answer": .text(AnswerKeys.label(answer)), "points": .number(QuizRules.pointsForHelp)])
  }

  static func result(_ result: QuizSession.Result, words: TerminalWords) -> String {
    words(
      result.timeRanOut ? .resultLineTimeUp : .resultLine,
      [
        "correct": .number(result.correct), "count": .number(result.questionCount), "wrong": .number(result.wrong),
        "help": .number(result.helpUses), "score": .number(result.score),
      ])
  }

  static func categoryLine(_ category: QuizSession.CategoryResult, nameWidth: Int, words: TerminalWords) -> String {
    let padding = String(repeating: " ", count: max(0, nameWidth - DisplayWidth.of(category.name)))
    let percent = String(repeating: " ", count: max(0, 4 - "\(category.percent)%".count)) + "\(category.percent)%"
    let counts = words(.categoryCounts, ["right": .number(category.right), "wrong": .number(category.wrong)])
    return "\(category.name)\(padding)  \(percent)  \(counts)"
  }

  /// A question's explanation, shown after its verdict: "Why: …", then its further lines
  /// (each front end indents them under the first); none when it has none.
  static func explanation(of question: QuizSession.Question, words: TerminalWords) -> [String] {
    guard let text = question.explanation?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else {
      return []
    }
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
    return [words(.explanation, ["text": .text(lines[0])])] + lines.dropFirst()
  }

  /// The answers as numbered text: "1. Paris".
  static func answerList(_ indices: some Sequence<Int>, of question: QuizSession.Question) -> String {
    indices.map { "\(AnswerKeys.label($0)). \(question.answers[$0])" }.joined(separator: ", ")
  }
}

/// The keys that pick answers: 1-9, then letters, skipping h (help) and q (quit).
enum AnswerKeys {
  static let letters = Array("abcdefgijklmnoprstuvwxyz")

  static func label(_ index: Int) -> String {
    index < 9 ? "\(index + 1)" : String(letters[(index - 9) % letters.count])
  }

  static func index(for text: String) -> Int? {
    if let number = Int(text), number >= 1 { return number <= 9 ? number - 1 : nil }
    guard text.count == 1, let position = letters.firstIndex(of: Character(text.lowercased())) else { return nil }
    return 9 + position
  }
}
