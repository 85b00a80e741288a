import Foundation
import QRQuiz

/// The scripted, accessible player: plain lines out, one answer per line in (`1`, `2,3`,
/// `h`, `q`), nothing redrawn. What runs when standard input is not a terminal, or with
/// `--plain`; the tests drive the game this way.
struct PlainPlayer {
  let setup: PlaySetup
  let events: InputEvents
  let reader: EventReader

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
    guard let set = try await chooseSet(requested) else { return .success }
    var session = try QuizSession(topic: setup.topic, set: set, totalScore: statistics.score, seed: setup.seed)
    Console.line(PlayText.setSummary(setup.topic, set: set, session: session))
    if let images = setup.images { await images.loadAndWait(session.questions, seconds: 5) }
    session.start(at: Date())
    var recorded = false
    while true {
      guard try await playQuestions(&session) else { return .success }
      let result = session.result!
      Console.line("Set \(set + 1) over: " + PlayText.result(result))
      // Recorded as the set ends: quitting a repeat later loses nothing (docs/PLAY.md).
      Console.line(recorded ? PlayText.repeatIsPractice : try setup.record(result, set: set))
      recorded = true
      if setup.review { review(result) }
      if session.canRepeat {
        Console.line("Repeat the set? (y/n)")
        if let answer = await nextLine(), answer.lowercased().hasPrefix("y") {
          session.repeatSet(at: Date())
          Console.line(
            "Repeat \(session.repeatsUsed) of \(QuizRules.repeatsPerSet): the total score is back to \(session.totalScore)"
          )
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
        "\(setup.topic.name): \(Plural.count(session.questions.count, "question")) from "
          + { $0 == 1 ? "1 category" : "\($0) categories" }(Set(session.questions.map(\.category)).count)
      )
      if let images = setup.images { await images.loadAndWait(session.questions, seconds: 5) }
      session.start(at: Date())
      guard try await playQuestions(&session) else { return .success }
      let result = session.result!
      Console.line("Results: " + PlayText.result(result))
      Console.line(PlayText.sampleIsPractice)
      let width = result.categories.map { DisplayWidth.of($0.name) }.max() ?? 0
      for category in result.categories { Console.line("  " + PlayText.categoryLine(category, nameWidth: width)) }
      if setup.review { review(result) }
      Console.line("Review incorrect answers (r), restart (s), or quit (q)?")
      switch await nextLine()?.lowercased() {
      case "r":
        review(result)
        Console.line("Restart (s) or quit (q)?")
        if await nextLine()?.lowercased() == "s" { continue }
        return .success
      case "s": continue
      default: return .success
      }
    }
  }

  // MARK: Steps

  private func chooseSet(_ requested: Int?) async throws -> Int? {
    let sets = setup.topic.topic.sets
    if let requested { return requested }
    if sets.count == 1 { return 0 }
    Console.line("\(setup.topic.name): \(Plural.count(sets.count, "set"))")
    for (index, set) in sets.enumerated() {
      let name = setup.topic.setName(index, in: setup.language)
      Console.line("  \(index + 1). \(name) (\(Plural.count(set.count, "question")))")
    }
    while true {
      Console.line("Choose a set (1-\(sets.count), q to quit):")
      guard let text = await nextLine() else { return nil }
      if text.lowercased() == "q" { return nil }
      if let number = Int(text.trimmingCharacters(in: .whitespaces)), (1...sets.count).contains(number) {
        return number - 1
      }
      Console.line("there is no set '\(text)'")
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
          Console.line("time ran out")
          return true
        case .line(let text):
          if try !answer(text, to: question, in: &session) { return false }
        }
      }
      // The verdict was the question's last line; a blank line before the next, and on a
      // terminal a moment to read it.
      Console.line("")
      if isatty(STDOUT_FILENO) == 1 { try? await Task.sleep(for: .milliseconds(800)) }
    }
    return true
  }

  private func show(_ question: QuizSession.Question, _ session: QuizSession) {
    var header = "Question \(session.position + 1)/\(session.questions.count)"
    if let remaining = session.remainingTime(at: Date()) { header += " (\(PlayText.countdown(remaining)) left)" }
    Console.line(header)
    Console.line(question.text)
    if let url = question.imageURL, let images = setup.images {
      if let file = images.file(for: url) {
        Console.line("Image: " + file)
      } else {
        let reason = images.failureReason(for: url)
        Console.line("Image: \(url) (not available" + (reason.map { ": \($0)" } ?? "") + ")")
      }
    }
    if question.numericAnswer != nil {
      Console.line("Type a number (q to quit):")
      return
    }
    for index in question.answers.indices where !session.hidden.contains(index) {
      Console.line("  \(AnswerKeys.label(index)). \(question.answers[index])")
    }
    var prompt = "Answer (\(AnswerKeys.label(0))-\(AnswerKeys.label(question.answers.count - 1))"
    if session.picksNeeded > 1 { prompt = "Pick \(session.picksNeeded) answers, e.g. 1,2 (" }
    if session.isHelpOffered { prompt += ", h for help at \(-QuizRules.pointsForHelp) points" }
    Console.line(prompt + ", q to quit):")
  }

  /// Acts on one line; false when the player quits.
  private func answer(_ text: String, to question: QuizSession.Question, in session: inout QuizSession) throws -> Bool {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    switch trimmed {
    case "q": return false
    case "h":
      do {
        let hidden = try session.useHelp(at: Date())
        Console.line(PlayText.helpHid(hidden, in: setup.language))
      } catch {
        Console.line(error.text(in: setup.language))
      }
      return true
    default: break
    }
    if question.numericAnswer != nil {
      guard let number = NumericAnswer.parse(trimmed) else {
        Console.line("'\(text)' is not a number")
        return true
      }
      do {
        let right = try session.answer(number: number, at: Date())
        Console.line(session.verdict(isCorrect: right).text(in: setup.language))
      } catch {
        Console.line(error.text(in: setup.language))
      }
      return true
    }
    for part in trimmed.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
      guard session.currentQuestion == question else { break }
      guard let index = AnswerKeys.index(for: part) else {
        Console.line("'\(part)' is not an answer")
        continue
      }
      do {
        let pick = try session.pick(index, at: Date())
        Console.line(pick.verdict.text(in: setup.language))
      } catch QuizSession.Error.timeRanOut {
        Console.line("time ran out")
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
    Console.line(incorrect.isEmpty ? "Every question was answered right." : "Incorrect answers:")
    for played in incorrect {
      let question = played.question
      Console.line("  \(question.text)")
      let yours =
        played.typedNumber.map { JSONValue.number($0).compactText }
        ?? (played.picks.isEmpty ? "none" : PlayText.answerList(played.picks, of: question))
      Console.line("    your answer: \(yours)")
      let right =
        question.numericAnswer.map { JSONValue.number($0.value).compactText }
        ?? PlayText.answerList(question.correctAnswers.sorted(), of: question)
      Console.line("    correct: \(right)")
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
      case .line(let text): return session.checkTime(at: Date()) ? .timeRanOut : .line(text)
      case .endOfInput: return .endOfInput
      case .tick: if session.checkTime(at: Date()) { return .timeRanOut }
      default: continue
      }
    }
    return .endOfInput
  }
}
