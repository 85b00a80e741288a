import Foundation
import QRQuiz

/// The flash cards of a class, for its students' own pages (`/s/SECRET`, Review): every
/// question of every topic the class met (played live or given as homework), oldest
/// activity first — the questions an activity asked, then the rest of its topic in the
/// topic's order — each keyed as `qrquiz review` keys a card (its topic's name and its
/// question's text), and each student's misses: a question they answered wrong or let run
/// out, in a live game or in their homework's best attempt. A missed card is due at once,
/// before anything else, until the student reviews it after the miss; a card never
/// reviewed and never missed is new, dealt up to a day's limit.
///
/// A value with no clock and no I/O: the games' results and the homework come in, the
/// time comes in (``queue(student:replayed:at:newLimit:newToday:)``).
package struct ClassStudyDeck: Sendable {
  /// A card: its key in the log, its question, its right answers' texts.
  package struct Card: Sendable, Hashable {
    package let key: StudyLog.CardKey
    package let question: String
    package let answers: [String]
    /// The question's picture as its topic names it (a URL), from the library's topic or
    /// the homework; `nil` when neither gives one (a live game's results keep none).
    package fileprivate(set) var imageURL: String?

    /// The card's name in a page's form: its key's hash in hex (``StudyLog/CardKey/fuzzSeed``),
    /// for a question's text may hold what a form does not send back as it is (line breaks
    /// a browser sends as CR LF, control characters a page replaces).
    package var id: String { String(key.fuzzSeed, radix: 16) }
  }

  /// A finished live game of the class: its record (who played) and its results JSON
  /// (what was asked, what each player answered), as ``LiveResults/json`` wrote it.
  package struct PlayedGame: Sendable {
    package let record: LiveGameRecord
    package let results: JSONValue

    package init(record: LiveGameRecord, results: JSONValue) {
      self.record = record
      self.results = results
    }
  }

  /// Every card, in the order the class met them.
  package let cards: [Card]
  /// Each student's misses, by their card number: when they last missed each card.
  package let misses: [Int: [StudyLog.CardKey: QuizClock.Instant]]

  private let positions: [StudyLog.CardKey: Int]
  private let byID: [String: Int]

  /// The deck of `roster`'s class from `games` (those it played; others are left out) and
  /// `assignments` (those given to it; others are left out), with the rest of each of their
  /// topics found in `topics` (by the name the games and homework give their topic: the
  /// library's; a topic no longer there adds only what was asked).
  ///
  /// A homework of the class still open at `now` for anyone (before its due time, or a
  /// student's extension or a reopening still running) keeps its topic out of the deck —
  /// its questions, the rest of its topic, a live game's questions of that topic and every
  /// miss in them — until it closes for everyone: its answers are the answer key.
  package init(
    roster: ClassRoster, games: [PlayedGame], assignments: [AssignmentWork], topics: [String: ValidTopic] = [:],
    at now: QuizClock.Instant
  ) {
    var builder = Builder()
    var activities: [(date: QuizClock.Instant, topic: String, add: (inout Builder) -> Void)] = []
    for game in games where GradebookMatching.isPlayed(game.record, by: roster) {
      let topic = Self.topicName(game)
      activities.append((QuizClock.Instant(game.record.played), topic, { Self.add(game, roster: roster, to: &$0) }))
    }
    for work in assignments {
      guard let name = work.assignment.className, StudentName.foldedKey(name) == roster.name.key else { continue }
      activities.append(
        (work.assignment.created, work.assignment.topicName, { Self.add(work, roster: roster, to: &$0) }))
    }
    for activity in activities.sorted(by: { $0.date < $1.date }) {
      activity.add(&builder)
      if let topic = topics[activity.topic] { Self.add(topic, named: activity.topic, to: &builder) }
    }
    let answerKeys = Set(
      assignments.filter { work in
        work.assignment.className.map { StudentName.foldedKey($0) == roster.name.key } == true
          && work.isOpenToAnyone(at: now)
      }.map(\.assignment.topicName))
    cards = builder.cards.filter { !answerKeys.contains($0.key.topic) }
    misses = builder.misses.mapValues { missed in missed.filter { !answerKeys.contains($0.key.topic) } }
    positions = Dictionary(builder.cards.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
    byID = Dictionary(builder.cards.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The card of `key`, if the class met it.
  package func card(_ key: StudyLog.CardKey) -> Card? { positions[key].map { cards[$0] } }

  /// The card whose ``Card/id`` is `id`, if the class met it.
  package func card(id: String) -> Card? { byID[id].map { cards[$0] } }

  /// When the student holding card `student` should see `key` again: at their last miss
  /// when they have not reviewed it since; else as their log says (`nil`: never reviewed).
  package func due(_ key: StudyLog.CardKey, student: Int, replayed: StudyLog.Replayed) -> QuizClock.Instant? {
    let reviewed = replayed.cards[key]
    if let missed = misses[student]?[key], missed > (reviewed?.lastReview ?? .distantPast) { return missed }
    return reviewed?.due
  }

  /// How many new cards the student holding card `student` met since `start` (the day's
  /// new cards, counted against its limit): the cards first reviewed since then that were
  /// not their misses — a question missed in class is due, not new.
  package func newCards(student: Int, replayed: StudyLog.Replayed, since start: QuizClock.Instant) -> Int {
    replayed.firstReviews.count { key, first in
      guard first >= start else { return false }
      guard let missed = misses[student]?[key] else { return true }
      return missed > first
    }
  }

  /// The cards the student holding card `student` studies now, in order: their misses not
  /// reviewed since (the oldest miss first), then the cards due, new cards up to the day's
  /// limit and the learning cards ahead, as ``StudyQueue`` deals them.
  package func queue(
    student: Int, replayed: StudyLog.Replayed, at now: QuizClock.Instant, newLimit: Int, newToday: Int
  ) -> [StudyLog.CardKey] {
    var missed: [(QuizClock.Instant, Int)] = []
    var entries: [StudyQueue.Entry] = []
    for (position, card) in cards.enumerated() {
      let reviewed = replayed.cards[card.key]
      if let time = misses[student]?[card.key], time > (reviewed?.lastReview ?? .distantPast) {
        missed.append((time, position))
      } else {
        entries.append(StudyQueue.Entry(id: String(position), card: reviewed))
      }
    }
    let queue = StudyQueue(cards: entries, at: now, newLimit: newLimit, newToday: newToday)
    let rest = (queue.due + queue.new + queue.learningAhead).compactMap(Int.init)
    return (missed.sorted { $0 < $1 }.map(\.1) + rest).map { cards[$0].key }
  }

  /// Gathers the cards in order, each once, and the misses.
  private struct Builder {
    var cards: [Card] = []
    var positions: [StudyLog.CardKey: Int] = [:]
    var misses: [Int: [StudyLog.CardKey: QuizClock.Instant]] = [:]

    /// Adds the card; its key.
    mutating func add(topic: String, question: String, answers: [String], imageURL: String? = nil)
      -> StudyLog.CardKey
    {
      let key = StudyLog.CardKey(topic: topic, card: question)
      if let position = positions[key] {
        // Met first in a live game, whose results keep no picture: the topic's fills it in.
        if cards[position].imageURL == nil { cards[position].imageURL = imageURL }
      } else {
        positions[key] = cards.count
        cards.append(Card(key: key, question: question, answers: answers, imageURL: imageURL))
      }
      return key
    }

    mutating func miss(_ key: StudyLog.CardKey, student: Int, at time: QuizClock.Instant) {
      misses[student, default: [:]][key] = max(time, misses[student]?[key] ?? time)
    }
  }

  /// The name a game's results give its topic (the library's), else its title.
  private static func topicName(_ game: PlayedGame) -> String {
    string(game.results["topic"]) ?? game.record.title
  }

  /// Every question of `topic`, in its order, as `qrquiz review` deals them: those the
  /// class has met already are not added again.
  private static func add(_ topic: ValidTopic, named name: String, to builder: inout Builder) {
    let sets = topic.topic.sets
    guard !sets.isEmpty, let deck = try? FlashCardDeck(topic: topic, sets: 0...(sets.count - 1)) else { return }
    for card in deck.cards {
      _ = builder.add(
        topic: name, question: card.question.text, answers: card.correctAnswerTexts, imageURL: card.question.imageURL)
    }
  }

  private static func add(_ game: PlayedGame, roster: ClassRoster, to builder: inout Builder) {
    let json = game.results
    let topic = topicName(game)
    guard case .array(let questions)? = json["questions"] else { return }
    let keys = questions.map { question -> StudyLog.CardKey? in
      guard let text = string(question["text"]), !text.isEmpty else { return nil }
      var answers: [String] = []
      if case .array(let texts)? = question["answers"], case .array(let correct)? = question["correct"] {
        answers = correct.compactMap { index in
          guard case .number(let number) = index, let at = Int(exactly: number.value), texts.indices.contains(at)
          else { return nil }
          return string(texts[at])
        }
      }
      return builder.add(topic: topic, question: text, answers: answers)
    }
    guard case .array(let players)? = json["players"] else { return }
    let played = QuizClock.Instant(game.record.played)
    for player in players where player["removed"] != .bool(true) {
      var card: Int?
      if case .number(let number)? = player["card"] { card = Int(exactly: number.value) }
      let entry = LiveGameRecord.Player(
        name: string(player["name"]) ?? "", card: card, byCard: false, score: 0, correct: 0, wrong: 0, unanswered: 0)
      guard let student = GradebookMatching.student(entry, in: roster), case .array(let answers)? = player["answers"]
      else { continue }
      for (index, answer) in answers.enumerated() where keys.indices.contains(index) {
        guard let key = keys[index], let outcome = string(answer["outcome"]), outcome != "right" else { continue }
        builder.miss(key, student: student.card, at: played)
      }
    }
  }

  private static func add(_ work: AssignmentWork, roster: ClassRoster, to builder: inout Builder) {
    let assignment = work.assignment
    let keys = assignment.questions.map { item in
      let question = item.question
      let answers = question.correct.compactMap { question.answers.indices.contains($0) ? question.answers[$0] : nil }
      return builder.add(
        topic: assignment.topicName, question: question.text, answers: answers, imageURL: question.imageURL)
    }
    for joined in work.students {
      guard let student = roster.student(.name(joined.name.text)) else { continue }
      for (index, answer) in joined.best.answers.enumerated() where keys.indices.contains(index) {
        if answer.outcome != .right { builder.miss(keys[index], student: student.card, at: answer.at) }
      }
    }
  }

  private static func string(_ value: JSONValue?) -> String? {
    if case .string(let text)? = value { text } else { nil }
  }
}

extension QuizClock.Instant {
  /// Before any review.
  static let distantPast = QuizClock.Instant(microsecondsSince1970: .min)
}
