import Foundation
import QRQuiz

/// The scripted, accessible player: plain lines out, one answer per line in (`1`, `2,3`,
/// `h`, `q`), nothing redrawn. What runs when standard input is not a terminal, or with
/// `--plain`; the tests drive the game this way.
struct PlainPlayer {
  let setup: PlaySetup
  let events: InputEvents
  let reader: EventReader

  /// The player's words, in the locale's language.
  private var words: TerminalWords { setup.words }

  init(setup: PlaySetup, events: InputEvents) {
    self.setup = setup
    self.events = events
    reader = events.makeReader()
  }

  /// What the player typed, or why nothing came.
  private enum Input {
    case line(String)
    case endOfInput
    case timeRanOut
  }

  func play(set requested: Int?) async throws -> ExitCode {
    events.readLines()
    events.tick(every: 0.1)
    let (statistics, note) = try setup.loadTotals()
    if let note { Console.error(note) }
    guard let unit = try await chooseUnit(requested) else { return .success }
    var session = try setup.session(unit, totalScore: statistics.score)
    Console.line(PlayText.setSummary(setup, unit: unit, session: session))
    if let images = setup.images { await images.loadAndWait(session.questions, seconds: 5) }
    session.start(at: QuizClock.now)
    var recorded = false
    while true {
      guard try await playQuestions(&session) else { return .success }
      let result = session.result!
      Console.line(PlayText.over(setup, unit: unit, result: result))
      // Recorded as the set ends: quitting a repeat later loses nothing (docs/PLAY.md).
      Console.line(recorded ? words(.repeatIsPractice) : try setup.record(result, unit: unit))
      recorded = true
      if setup.review { review(result) }
      if session.canRepeat {
        Console.line(words(.repeatQuestion))
        if let answer = await nextLine(), words.isYes(answer) {
          session.repeatSet(at: QuizClock.now)
          Console.line(
            words(
              .repeatStarted,
              [
                "number": .number(session.repeatsUsed), "limit": .number(QuizRules.repeatsPerSet),
                "score": .number(session.totalScore),
              ]))
          continue
        }
      }
      return .success
    }
  }

  /// A sampled quiz: one quiz of questions from every set, then results per category.
  func play(sample counts: [Int]) async throws -> ExitCode {
    events.readLines()
    events.tick(every: 0.1)
    let (statistics, note) = try setup.loadTotals()
    if let note { Console.error(note) }
    while true {
      var session = try QuizSession(
        topic: setup.topic, sampling: counts, totalScore: statistics.score, seed: setup.seed)
      Console.line(
        words(
          .sampleSummary,
          [
            "topic": .text(setup.topic.name),
            "questions": .text(words(.questions, ["count": .number(session.questions.count)])),
            "categories": .number(Set(session.questions.map(\.category)).count),
          ]))
      if let images = setup.images { await images.loadAndWait(session.questions, seconds: 5) }
      session.start(at: QuizClock.now)
      guard try await playQuestions(&session) else { return .success }
      let result = session.result!
      Console.line(words(.resultsLine, ["result": .text(PlayText.result(result, words: words))]))
      Console.line(words(.sampleIsPractice))
      let width = result.categories.map { DisplayWidth.of($0.name) }.max() ?? 0
      for category in result.categories {
        Console.line("  " + PlayText.categoryLine(category, nameWidth: width, words: words))
      }
      if setup.review { review(result) }
      Console.line(words(.sampleMenu))
      switch await nextLine()?.lowercased() {
      case "r":
        review(result)
        Console.line(words(.restartOrQuit))
        if await nextLine()?.lowercased() == "s" { continue }
        return .success
      case "s": continue
      default: return .success
      }
    }
  }

  // MARK: Steps

  /// What to play: `--set`'s (0-based), the only choice, or the one chosen from the menu
  /// of sets and lists (a list's sets are one choice); `nil` when the player quits.
  private func chooseUnit(_ requested: Int?) async throws -> ValidTopic.PlayableUnit? {
    if let requested { return setup.unit(startingAt: requested) }
    let units = setup.units
    if units.count == 1 { return units[0] }
    Console.line(
      words(
        .topicSets, ["topic": .text(setup.topic.name), "sets": .text(words(.sets, ["count": .number(units.count)]))]))
    for (index, unit) in units.enumerated() {
      Console.line(
        words(
          .setListItem,
          [
            "number": .number(index + 1), "name": .text(setup.name(of: unit)),
            "questions": .text(words(.questions, ["count": .number(setup.topic.questionCount(of: unit))])),
          ]))
    }
    while true {
      Console.line(words(.chooseSet, ["count": .number(units.count)]))
      guard let text = await nextLine() else { return nil }
      if text.lowercased() == "q" { return nil }
      if let number = Int(text.trimmingCharacters(in: .whitespaces)), (1...units.count).contains(number) {
        return units[number - 1]
      }
      Console.line(words(.noSuchSet, ["text": .text(text)]))
    }
  }

  /// Asks every question; false when the player quit or input ended.
  private func playQuestions(_ session: inout QuizSession) async throws -> Bool {
    while let question = session.currentQuestion {
      show(question, session)
      while session.currentQuestion == question, !session.isOver {
        switch await nextInput(&session) {
        case .endOfInput: return false
        case .timeRanOut:
          Console.line(words(.timeIsUp))
          return true
        case .line(let text):
          if try !answer(text, to: question, in: &session) { return false }
        }
      }
      // After the verdict, why; then a blank line before the next, and on a terminal a
      // moment to read it.
      if session.answered.last?.question == question {
        for (index, line) in PlayText.explanation(of: question, words: words).enumerated() {
          Console.line(index == 0 ? line : "  " + line)
        }
      }
      Console.line("")
      if isatty(STDOUT_FILENO) == 1 { try? await Task.sleep(for: .milliseconds(800)) }
    }
    return true
  }

  private func show(_ question: QuizSession.Question, _ session: QuizSession) {
    let position: [String: MessageArgument] = [
      "number": .number(session.position + 1), "count": .number(session.questions.count),
    ]
    if let remaining = session.remainingTime(at: QuizClock.now) {
      Console.line(words(.questionHeaderTimed, position.merging(["time": .text(PlayText.countdown(remaining))]) { $1 }))
    } else {
      Console.line(words(.questionHeader, position))
    }
    Console.line(question.text)
    if let url = question.imageURL, let images = setup.images {
      if let file = images.file(for: url) {
        Console.line(words(.imageFile, ["file": .text(file)]))
      } else if let reason = images.failureReason(for: url) {
        Console.line(words(.imageMissingBecause, ["url": .text(url), "reason": .text(reason)]))
      } else {
        Console.line(words(.imageMissing, ["url": .text(url)]))
      }
    }
    if question.numericAnswer != nil {
      Console.line(words(.typeNumber))
      return
    }
    for index in question.answers.indices where !session.hidden.contains(index) {
      Console.line("  \(AnswerKeys.label(index)). \(question.answers[index])")
    }
    let arguments: [String: MessageArgument] = [
      "first": .text(AnswerKeys.label(0)), "last": .text(AnswerKeys.label(question.answers.count - 1)),
      "count": .number(session.picksNeeded), "points": .number(-QuizRules.pointsForHelp),
    ]
    let prompt: TerminalPhrase =
      session.picksNeeded > 1
      ? (session.isHelpOffered ? .pickPromptHelp : .pickPrompt)
      : (session.isHelpOffered ? .answerPromptHelp : .answerPrompt)
    Console.line(words(prompt, arguments))
  }

  /// Acts on one line; false when the player quits.
  private func answer(_ text: String, to question: QuizSession.Question, in session: inout QuizSession) throws -> Bool {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    switch trimmed {
    case "q": return false
    case "h":
      do {
        let hidden = try session.useHelp(at: QuizClock.now)
        Console.line(PlayText.helpHid(hidden, in: setup.language))
      } catch {
        Console.line(error.text(in: setup.language))
      }
      return true
    default: break
    }
    if question.numericAnswer != nil {
      guard let number = NumericAnswer.parse(trimmed) else {
        Console.line(words(.notANumber, ["text": .text(text)]))
        return true
      }
      do {
        let right = try session.answer(number: number, at: QuizClock.now)
        Console.line(session.verdict(isCorrect: right).text(in: setup.language))
      } catch {
        Console.line(error.text(in: setup.language))
      }
      return true
    }
    for part in trimmed.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
      guard session.currentQuestion == question else { break }
      guard let index = AnswerKeys.index(for: part) else {
        Console.line(words(.notAnAnswer, ["text": .text(part)]))
        continue
      }
      do {
        let pick = try session.pick(index, at: QuizClock.now)
        Console.line(pick.verdict.text(in: setup.language))
      } catch QuizSession.Error.timeRanOut {
        Console.line(words(.timeIsUp))
        return true
      } catch {
        Console.line(error.text(in: setup.language))
      }
    }
    if session.currentQuestion == question, session.picksNeeded > 0 {
      Console.line(QuizPhrase.picksLeft.text(in: setup.language, ["count": .number(session.picksNeeded)]))
    }
    return true
  }

  private func review(_ result: QuizSession.Result) {
    let incorrect = result.incorrect
    Console.line(words(incorrect.isEmpty ? .everyQuestionRight : .incorrectAnswers))
    for played in incorrect {
      let question = played.question
      Console.line("  \(question.text)")
      let yours =
        played.typedNumber.map { JSONValue.number($0).compactText }
        ?? (played.picks.isEmpty ? words(.noAnswer) : PlayText.answerList(played.picks, of: question))
      Console.line(words(.yourAnswerWas, ["answer": .text(yours)]))
      let right =
        question.numericAnswer.map { JSONValue.number($0.value).compactText }
        ?? PlayText.answerList(question.correctAnswers.sorted(), of: question)
      Console.line(words(.correctAnswerWas, ["answer": .text(right)]))
    }
  }

  /// The next line; `nil` when input ended.
  private func nextLine() async -> String? {
    while let event = await reader.next() {
      switch event {
      case .line(let text): return text
      case .endOfInput: return nil
      default: continue
      }
    }
    return nil
  }

  /// The next line, or the end of input; while waiting, the countdown may end the set.
  private func nextInput(_ session: inout QuizSession) async -> Input {
    while let event = await reader.next() {
      switch event {
      case .line(let text): return session.checkTime(at: QuizClock.now) ? .timeRanOut : .line(text)
      case .endOfInput: return .endOfInput
      case .tick: if session.checkTime(at: QuizClock.now) { return .timeRanOut }
      default: continue
      }
    }
    return .endOfInput
  }
}
