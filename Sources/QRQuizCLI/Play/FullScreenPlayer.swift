import Foundation
import QRQuiz

/// The full-screen game: the alternate screen, raw keys (1-9 and letters pick, h help,
/// q quits, Ctrl-C interrupts), the countdown redrawn in place, question images drawn by
/// chafa, colours on a colour terminal. The terminal is restored however the game ends
/// (`RawTerminal`: at exit and on SIGTERM, SIGHUP, SIGINT, SIGQUIT).
struct FullScreenPlayer {
  let setup: PlaySetup
  let events: InputEvents
  let reader: EventReader
  let colour: Bool
  let imageCapability: TerminalImageRenderer.Capability

  /// The player's words, in the locale's language.
  var words: TerminalWords { setup.words }

  /// Prepares the game; the terminal must be at least 80×24.
  init(setup: PlaySetup, events: InputEvents) throws {
    guard let size = RawTerminal.size(), size.columns >= Terminal.minimumSize.columns,
      size.rows >= Terminal.minimumSize.rows
    else {
      let size = RawTerminal.size().map { "\($0.columns)×\($0.rows)" } ?? "of unknown size"
      throw CLIError(
        .usage,
        "the terminal is \(size); qrquiz needs at least \(Terminal.minimumSize.columns)×\(Terminal.minimumSize.rows) "
          + "(or use --plain)")
    }
    self.setup = setup
    self.events = events
    reader = events.makeReader()
    colour = Terminal.hasColour
    imageCapability = Terminal.imageCapability
  }

  /// What a screen waits for ended the game.
  enum Exit: Error {
    case quit
    case interrupted
  }

  func play(set requested: Int?) async throws -> ExitCode {
    try await run { () async throws -> ExitCode in
      let totals = try setup.loadTotals()
      var chosen = requested.map(setup.unit(startingAt:))
      if chosen == nil { chosen = try await chooseUnit() }
      guard let unit = chosen else { return .success }
      var session = try setup.session(unit, totalScore: totals.statistics.score)
      setup.images?.load(session.questions, announcing: events)
      session.start(at: QuizClock.now)
      var recorded = false
      while true {
        try await playQuestions(&session, setName: setup.name(of: unit))
        let result = session.result!
        // Recorded as the set ends: quitting a repeat later loses nothing (docs/PLAY.md).
        let note = recorded ? words(.repeatIsPractice) : try setup.record(result, unit: unit)
        recorded = true
        switch try await showResult(result, session: session, recorded: note) {
        case .repeatSet: session.repeatSet(at: QuizClock.now)
        case .done: return .success
        }
      }
    }
  }

  func play(sample counts: [Int]) async throws -> ExitCode {
    try await run { () async throws -> ExitCode in
      let totals = try setup.loadTotals()
      while true {
        var session = try QuizSession(
          topic: setup.topic, sampling: counts, totalScore: totals.statistics.score, seed: setup.seed)
        setup.images?.load(session.questions, announcing: events)
        session.start(at: QuizClock.now)
        try await playQuestions(&session, setName: words(.categories, ["count": .number(counts.count)]))
        guard try await showCategories(session.result!) else { return .success }
      }
    }
  }

  /// Runs a game in raw mode and puts the terminal back whatever happens.
  private func run(_ game: () async throws -> ExitCode) async throws -> ExitCode {
    RawTerminal.enter()
    defer { RawTerminal.restore() }
    events.readKeys()
    events.tick(every: 0.1)
    do {
      return try await game()
    } catch Exit.quit {
      return .success
    } catch Exit.interrupted {
      return .interrupted
    }
  }

  // MARK: Screens

  /// The set or list (a list's sets are one choice), chosen with its key; `nil` when the
  /// player quits.
  private func chooseUnit() async throws -> ValidTopic.PlayableUnit? {
    let units = setup.units
    if units.count == 1 { return units[0] }
    var layout = Layout(size: currentSize())
    while true {
      var screen = layout.screen(colour: colour)
      screen.clear()
      screen.line(1, " \(setup.topic.name)", style: .reverse)
      screen.line(3, words(.chooseSetTitle), style: .bold)
      for (index, unit) in units.enumerated().prefix(layout.rows - 6) {
        screen.line(
          5 + index,
          words(
            .setMenuItem,
            [
              "key": .text(AnswerKeys.label(index)), "name": .text(setup.name(of: unit)),
              "questions": .text(words(.questions, ["count": .number(setup.topic.questionCount(of: unit))])),
            ]))
      }
      screen.line(
        layout.rows,
        words(.setMenuKeys, ["first": .text(AnswerKeys.label(0)), "last": .text(AnswerKeys.label(units.count - 1))]),
        style: .dim)
      screen.flush()
      switch try await nextKey() {
      case .character(let character):
        if let index = AnswerKeys.index(for: String(character)), units.indices.contains(index) { return units[index] }
      case nil: layout = Layout(size: currentSize())
      default: break
      }
    }
  }

  /// Plays every question of the session, redrawing on each key, tick and image. A
  /// question answered stays on the screen with its verdict until a key is pressed, so the
  /// verdict is read beside the question it belongs to.
  private func playQuestions(_ session: inout QuizSession, setName: String) async throws {
    var feedback: (String, Screen.Style)?
    var typed = ""
    var layout = Layout(size: currentSize())
    var shownTimer = ""
    // The question just answered, shown with its verdict until a key moves on.
    var answered: QuizSession.Answered?
    func redraw() {
      draw(session, setName: setName, feedback: feedback, typed: typed, layout: layout, answered: answered)
    }
    /// The countdown alone, redrawn in place when its text changed.
    func redrawTimer() {
      let timer = timerText(session)
      guard timer != shownTimer else { return }
      shownTimer = timer
      var screen = layout.screen(colour: colour)
      drawTimer(timer, on: &screen)
      screen.flush()
    }
    func answeredNow(_ finishes: Bool) {
      if finishes { answered = session.answered.last }
    }
    redraw()
    while !session.isOver || answered != nil {
      guard let event = await reader.next() else { throw Exit.quit }
      if answered != nil {
        switch event {
        case .key(.interrupt): throw Exit.interrupted
        case .key(.character("q")): throw Exit.quit
        case .key:
          answered = nil
          feedback = nil
          if session.isOver { return }
        case .tick:
          // The clock runs on while the verdict is read, as in the app.
          _ = session.checkTime(at: QuizClock.now)
          redrawTimer()
          continue
        default: continue
        }
        redraw()
        continue
      }
      let question = session.currentQuestion
      switch event {
      case .key(.interrupt): throw Exit.interrupted
      case .key(.character("q")) where question?.numericAnswer == nil || typed.isEmpty: throw Exit.quit
      case .key(.character("h")) where question?.numericAnswer == nil:
        do {
          let hidden = try session.useHelp(at: QuizClock.now)
          feedback = (PlayText.helpHid(hidden, in: setup.language), .accent)
        } catch {
          feedback = (error.text(in: setup.language), .wrong)
        }
      case .key(.character(let character)) where question?.numericAnswer != nil:
        if typed.count < 24 { typed.append(character) }
      case .key(.backspace): if !typed.isEmpty { typed.removeLast() }
      case .key(.enter) where question?.numericAnswer != nil:
        guard let number = NumericAnswer.parse(typed) else {
          feedback = (words(.notANumber, ["text": .text(typed)]), .wrong)
          break
        }
        typed = ""
        if let right = try? session.answer(number: number, at: QuizClock.now) {
          feedback = feedbackLine(session.verdict(isCorrect: right))
          answeredNow(true)
        }
      case .key(.character(let character)):
        guard let index = AnswerKeys.index(for: String(character)) else { break }
        do {
          let pick = try session.pick(index, at: QuizClock.now)
          feedback = feedbackLine(pick.verdict)
          answeredNow(pick.finishesQuestion)
        } catch QuizSession.Error.timeRanOut {
          break
        } catch {
          feedback = (error.text(in: setup.language), .wrong)
        }
      case .tick:
        if session.checkTime(at: QuizClock.now) { break }
        let size = currentSize()
        if size != layout.size {
          layout = Layout(size: size)
          break
        }
        // Between keys only the countdown changes: redraw it in place.
        redrawTimer()
        continue
      case .imageReady(let url): if question?.imageURL != url { continue }
      case .endOfInput: throw Exit.quit
      default: continue
      }
      redraw()
    }
  }

  /// A verdict as the feedback line shows it: its words, coloured by what it says.
  private func feedbackLine(_ verdict: QuizSession.Verdict) -> (String, Screen.Style) {
    let style: Screen.Style = verdict.isRight.map { $0 ? .right : .wrong } ?? .accent
    return (verdict.text(in: setup.language), style)
  }

  enum ResultChoice { case repeatSet, done }

  /// The result of a set: repeat (when allowed), review, done.
  private func showResult(_ result: QuizSession.Result, session: QuizSession, recorded: String?) async throws
    -> ResultChoice
  {
    var reviewing = setup.review
    while true {
      var screen = Layout(size: currentSize()).screen(colour: colour)
      screen.clear()
      screen.line(1, words(.setOverTitle, ["topic": .text(setup.topic.name)]), style: .reverse)
      screen.line(3, "  " + PlayText.result(result, words: words), style: .bold)
      screen.line(
        4,
        words(
          .questionsRightOf,
          [
            "right": .number(result.questionsRight),
            "questions": .text(words(.questions, ["count": .number(result.questionCount)])),
          ]))
      if let recorded { screen.line(5, "  " + recorded, style: .dim) }
      var row = 7
      if reviewing { row = drawReview(result, from: row, on: &screen) }
      var keys = [words(.keyReview), words(.keyDone)]
      if session.canRepeat {
        keys.insert(words(.keyRepeat, ["count": .number(QuizRules.repeatsPerSet - session.repeatsUsed)]), at: 0)
      }
      screen.line(screen.rows, "  " + keys.joined(separator: " · "), style: .dim)
      screen.flush()
      switch try await nextKey() {
      case .character("y") where session.canRepeat: return .repeatSet
      case .character("r"): reviewing.toggle()
      case .character("q"), .enter, .escape: return .done
      default: break
      }
    }
  }

  /// A sampled quiz's results per category; true to restart.
  private func showCategories(_ result: QuizSession.Result) async throws -> Bool {
    var reviewing = setup.review
    while true {
      var screen = Layout(size: currentSize()).screen(colour: colour)
      screen.clear()
      screen.line(1, words(.resultsTitle, ["topic": .text(setup.topic.name)]), style: .reverse)
      screen.line(3, "  " + PlayText.result(result, words: words), style: .bold)
      screen.line(4, "  " + words(.sampleIsPractice), style: .dim)
      let width = result.categories.map { DisplayWidth.of($0.name) }.max() ?? 0
      var row = 5
      for category in result.categories where row < screen.rows - 2 {
        screen.line(row, "  " + PlayText.categoryLine(category, nameWidth: width, words: words))
        row += 1
      }
      if reviewing { row = drawReview(result, from: row + 1, on: &screen) }
      screen.line(screen.rows, words(.sampleKeys), style: .dim)
      screen.flush()
      switch try await nextKey() {
      case .character("r"): reviewing.toggle()
      case .character("s"): return true
      case .character("q"), .escape: return false
      default: break
      }
    }
  }

  /// A key, or `nil` when the terminal was resized (the screen is drawn again); throws
  /// when the player interrupts or input ends.
  private func nextKey() async throws -> Key? {
    var size = currentSize()
    while let event = await reader.next() {
      switch event {
      case .key(.interrupt): throw Exit.interrupted
      case .key(let key): return key
      case .endOfInput: throw Exit.quit
      case .tick:
        if currentSize() != size {
          size = currentSize()
          return nil
        }
      default: continue
      }
    }
    throw Exit.quit
  }

  func currentSize() -> Layout.Size {
    let size = RawTerminal.size() ?? Terminal.minimumSize
    return Layout.Size(columns: size.columns, rows: size.rows)
  }
}
