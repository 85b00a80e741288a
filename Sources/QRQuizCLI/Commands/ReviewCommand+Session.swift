import Foundation
import QRQuiz
import QRQuizClassroom

/// A sitting of `qrquiz review`: deals the cards due (``StudyQueue``), shows each, takes
/// its rating and saves it in the log before the next card. The time of each step is the
/// clock's; the schedule is the replayed log's, so two sittings at once lose no review.
struct StudySession {
  let deck: StudyDeck
  let scheduler: FSRSScheduler
  let log: StudyLog
  var replayed: StudyLog.Replayed
  let newLimit: Int
  private(set) var reviewed = 0

  init(deck: StudyDeck, scheduler: FSRSScheduler, log: StudyLog, replayed: StudyLog.Replayed, newLimit: Int) {
    self.deck = deck
    self.scheduler = scheduler
    self.log = log
    self.replayed = replayed
    self.newLimit = newLimit
  }

  private var words: TerminalWords { .current }

  /// The queue at `now`; its ids are indices into the deck's items.
  func queue(at now: QuizClock.Instant) -> StudyQueue {
    let entries = deck.items.indices.map { StudyQueue.Entry(id: String($0), card: replayed.cards[deck.items[$0].key]) }
    return StudyQueue(cards: entries, at: now, newLimit: newLimit, newToday: newCardsToday(at: now))
  }

  /// Each topic's cards to study now, counted as a sitting's header counts them
  /// (`NAME<TAB>3 due · 1 learning · 12 new`), then the day's new cards.
  func listDue(at now: QuizClock.Instant = QuizClock.now) {
    let queue = queue(at: now)
    for name in deck.topicNames {
      Console.row([name, counts(of: queue, topic: name)])
    }
    let seen = newCardsToday(at: now)
    Console.line(
      words(
        .reviewNewToday,
        ["seen": .number(seen), "left": .number(queue.new.count), "limit": .number(newLimit)]))
  }

  /// The new cards introduced since the start of `now`'s day (the computer's time zone).
  private func newCardsToday(at now: QuizClock.Instant) -> Int {
    replayed.newCards(since: QuizClock.Instant(Calendar.current.startOfDay(for: now.date)))
  }

  /// Studies until nothing is due, the student quits or input ends.
  mutating func run(plain: Bool) async throws -> ExitCode {
    let events = InputEvents()
    let reader = events.makeReader()
    if plain {
      events.readLines()
      try await study(reader: reader, screen: nil)
    } else {
      guard let size = RawTerminal.size(), size.columns >= 40, size.rows >= 10 else {
        throw CLIError(.usage, "the terminal is too small to review (at least 40×10, or use --plain)")
      }
      RawTerminal.enter()
      defer { RawTerminal.restore() }
      events.readKeys()
      if try await study(reader: reader, screen: size) == .interrupted { return .interrupted }
    }
    finish()
    return .success
  }

  /// What a student did with a card.
  private enum Step {
    case rated(StudyRating)
    case quit
    case interrupted
  }

  @discardableResult
  private mutating func study(reader: EventReader, screen: (columns: Int, rows: Int)?) async throws -> ExitCode {
    var reader = reader
    while true {
      let now = QuizClock.now
      let queue = queue(at: now)
      guard let next = queue.next, let index = Int(next) else { return .success }
      let item = deck.items[index]
      let counts = counts(of: queue)
      show(item, counts: counts, turned: false, intervals: [:], screen: screen)
      guard await waitForTurn(&reader, screen: screen) else { return .success }
      let shown = QuizClock.now
      let intervals = scheduler.nextIntervals(of: replayed.card(item.key, at: shown), at: shown)
      show(item, counts: counts, turned: true, intervals: intervals, screen: screen)
      switch await waitForRating(&reader, screen: screen) {
      case .quit: return .success
      case .interrupted: return .interrupted
      case .rated(let rating):
        let review = StudyLog.Review(topic: item.key.topic, card: item.key.card, at: QuizClock.now, rating: rating)
        do {
          try await log.record(review)
        } catch {
          throw CLIError(.outputFailed, words(.reviewRecordFailed, ["reason": .text("\(error)")]))
        }
        replayed.apply(review, scheduler: scheduler)
        reviewed += 1
      }
    }
  }

  /// "2 due · 1 learning · 5 new", as Anki counts: review cards due, learning cards due
  /// now or within the learn-ahead, new cards still to come today; of one topic's cards
  /// when `topic` is given.
  private func counts(of queue: StudyQueue, topic: String? = nil) -> String {
    let items = { (ids: [String]) in
      ids.compactMap(Int.init).map { deck.items[$0] }.filter { topic == nil || $0.key.topic == topic }
    }
    let soon = items(queue.due + queue.learningAhead)
    let learning = soon.count { replayed.cards[$0.key]?.state != .review }
    return words(
      .reviewCounts,
      ["due": .number(soon.count - learning), "learning": .number(learning), "new": .number(items(queue.new).count)])
  }

  /// Waits for the student to turn the card; `false` when they quit or input ended.
  private func waitForTurn(_ reader: inout EventReader, screen: (columns: Int, rows: Int)?) async -> Bool {
    while let event = await reader.next() {
      switch event {
      case .line(let text): return text.trimmingCharacters(in: .whitespaces).lowercased() != "q"
      case .key(.character(" ")), .key(.enter): return true
      case .key(.character("q")), .key(.escape), .key(.interrupt): return false
      case .endOfInput: return false
      default: continue
      }
    }
    return false
  }

  private func waitForRating(
    _ reader: inout EventReader, screen: (columns: Int, rows: Int)?
  ) async -> Step {
    while let event = await reader.next() {
      switch event {
      case .line(let text):
        let answer = text.trimmingCharacters(in: .whitespaces).lowercased()
        if answer == "q" { return .quit }
        if let number = Int(answer), let rating = StudyRating(rawValue: number) { return .rated(rating) }
        Console.line(words(.reviewRateHint))
      case .key(.character(let character)):
        if character == "q" { return .quit }
        if let number = character.wholeNumberValue, let rating = StudyRating(rawValue: number) { return .rated(rating) }
      case .key(.escape): return .quit
      case .key(.interrupt): return .interrupted
      case .endOfInput: return .quit
      default: continue
      }
    }
    return .quit
  }

  /// "1 again 1 min · 2 hard 6 min · 3 good 10 min · 4 easy 8 d · q quit"
  private func rateLine(_ intervals: [StudyRating: StudyInterval]) -> String {
    func interval(_ rating: StudyRating) -> MessageArgument {
      .text(text(of: intervals[rating] ?? .minutes(1)))
    }
    return words(
      .reviewRate,
      ["again": interval(.again), "hard": interval(.hard), "good": interval(.good), "easy": interval(.easy)])
  }

  /// An interval in the locale's words: "10 min", "3 d", "2.5 mo" ("2,5 meses").
  func text(of interval: StudyInterval) -> String {
    func decimal(_ value: Double) -> String {
      let text = value == value.rounded() ? String(Int(value)) : String(value)
      return words.language == .spanish ? text.replacingOccurrences(of: ".", with: ",") : text
    }
    switch interval {
    case .minutes(let count): return words(.intervalMinutes, ["count": .number(count)])
    case .hours(let count): return words(.intervalHours, ["count": .number(count)])
    case .days(let count): return words(.intervalDays, ["count": .number(count)])
    case .months(let count): return words(.intervalMonths, ["count": .text(decimal(count))])
    case .years(let count): return words(.intervalYears, ["count": .text(decimal(count))])
    }
  }

  private func show(
    _ item: StudyDeck.Item, counts: String, turned: Bool, intervals: [StudyRating: StudyInterval],
    screen size: (columns: Int, rows: Int)?
  ) {
    let answers = item.card.correctAnswerTexts.joined(separator: "; ")
    guard let size else {
      if turned {
        Console.line(words(.reviewAnswerLine, ["answers": .text(answers)]))
        Console.line(rateLine(intervals))
      } else {
        Console.line(words(.reviewQuestionLine, ["counts": .text(counts), "question": .text(item.card.question.text)]))
        Console.line(words(.reviewTurnPlain))
      }
      return
    }
    var screen = Screen(columns: size.columns, rows: size.rows, colour: Terminal.hasColour)
    screen.clear()
    screen.line(1, " \(item.key.topic) · \(counts)", style: .reverse)
    var row = 3
    let question = TerminalText.safe(item.card.question.text, allowNewlines: true)
    for line in DisplayWidth.wrap(question, width: size.columns - 4) where row < size.rows - 3 {
      screen.line(row, "  " + line, style: .bold)
      row += 1
    }
    row += 1
    if turned {
      for answer in item.card.correctAnswerTexts where row < size.rows - 2 {
        screen.line(row, "  → " + answer, style: .right)
        row += 1
      }
      // The buttons on one line, or two when the terminal is too narrow for one.
      let buttons = rateLine(intervals)
      let pieces = buttons.components(separatedBy: " · ")
      if DisplayWidth.of(buttons) + 2 <= size.columns || pieces.count < 2 {
        screen.line(size.rows, "  " + buttons, style: .accent)
      } else {
        let half = (pieces.count + 1) / 2
        screen.line(size.rows - 1, "  " + pieces[..<half].joined(separator: " · "), style: .accent)
        screen.line(size.rows, "  " + pieces[half...].joined(separator: " · "), style: .accent)
      }
    } else {
      screen.line(size.rows, words(.reviewTurnKeys), style: .dim)
    }
    screen.flush()
  }

  /// The sitting's last lines: how many were reviewed, and when the next card is due.
  private func finish() {
    let now = QuizClock.now
    Console.line(words(.reviewSessionOver, ["count": .number(reviewed)]))
    guard queue(at: now).isEmpty else { return }
    Console.line(words(.reviewNothingDue))
    let waiting = deck.items.count { replayed.cards[$0.key] == nil }
    if waiting > 0 {
      Console.line(words(.reviewNewDone, ["limit": .number(newLimit), "waiting": .number(waiting)]))
    }
    let dues = deck.items.compactMap { replayed.cards[$0.key]?.due }.filter { $0 > now }
    if let next = dues.min() {
      Console.line(words(.reviewNextDue, ["interval": .text(text(of: StudyInterval(from: now, to: next)))]))
    }
  }
}
