import Foundation
import QRQuiz
import QRQuizTestSupport
import Testing

@testable import QRQuizClassroom

/// A class's study deck and memory as values: the cards of a game's results in the order
/// asked, a student's misses due at once and first, a card found by the id a page's form
/// sends back whatever its text holds, and the memory's due counts at a later time.
@Suite struct ClassStudyDeckTests {
  static let played = "2027-01-15T08:00:00Z"

  /// Results as `LiveResults.json` writes them: 7B's game of two questions, the second's
  /// text on two lines; Ada right then wrong, Mallory (no student) wrong twice.
  static func game() throws -> ClassStudyDeck.PlayedGame {
    func answer(_ outcome: String) -> JSONValue {
      .object([("picks", .array([.number(0)])), ("outcome", .string(outcome))])
    }
    func player(_ name: String, _ outcomes: [String]) -> JSONValue {
      .object([
        ("name", .string(name)), ("removed", .bool(false)), ("score", .number(0)), ("correct", .number(0)),
        ("wrong", .number(0)), ("unanswered", .number(0)), ("answers", .array(outcomes.map(answer))),
      ])
    }
    func question(_ text: String, _ right: Int) -> JSONValue {
      .object([
        ("text", .string(text)), ("answers", .array([.string("yes"), .string("no")])),
        ("correct", .array([.number(right)])),
      ])
    }
    let json = JSONValue.object([
      ("pin", .string("123456")), ("topic", .string("Facts")), ("title", .string("Facts")),
      ("created", .string(played)), ("class", .string("7B")),
      ("questions", .array([question("Is it?", 0), question("Is it\nreally?", 1)])),
      ("players", .array([player("Ada Lovelace", ["right", "wrong"]), player("Mallory", ["wrong", "wrong"])])),
    ])
    let record = try #require(LiveGameRecord(id: "game", bytes: Array(json.compactText.utf8)))
    return ClassStudyDeck.PlayedGame(record: record, results: json)
  }

  @Test func aMissComesFirstUntilReviewedAndTheMemoryCountsItDue() throws {
    let roster = try ClassRoster(name: "7B", students: ["Ada Lovelace", "Alan Turing"])
    let deck = ClassStudyDeck(
      roster: roster, games: [try Self.game()], assignments: [], at: QuizClock.Instant(microsecondsSince1970: 0))
    let first = StudyLog.CardKey(topic: "Facts", card: "Is it?")
    let second = StudyLog.CardKey(topic: "Facts", card: "Is it\nreally?")
    #expect(deck.cards.map(\.key) == [first, second])
    #expect(deck.cards[1].answers == ["no"])
    #expect(deck.card(id: deck.cards[1].id)?.key == second, "the id a form sends back finds the card")
    let played = try #require(QuizClock.Instant(iso8601Seconds: Self.played))
    #expect(deck.misses == [1: [second: played]], "Mallory is no student of 7B")

    let now = played + .seconds(3600)
    var ada = StudyLog.Replayed(cards: [:], firstReviews: [:])
    #expect(deck.queue(student: 1, replayed: ada, at: now, newLimit: 20, newToday: 0) == [second, first])
    #expect(deck.queue(student: 2, replayed: ada, at: now, newLimit: 20, newToday: 0) == [first, second])
    #expect(deck.due(second, student: 1, replayed: ada) == played)

    let scheduler = try FSRSScheduler()
    ada.apply(StudyLog.Review(topic: "Facts", card: second.card, at: now, rating: .good), scheduler: scheduler)
    // Reviewed after the miss: a learning card 10 minutes away, after the new card.
    #expect(deck.queue(student: 1, replayed: ada, at: now, newLimit: 20, newToday: 1) == [first, second])
    #expect(deck.due(second, student: 1, replayed: ada) == now + .seconds(600))

    let later = now + .seconds(2 * 86_400)
    let memory = ClassMemory(roster: roster, deck: deck, replayed: [1: ada], scheduler: scheduler, at: later)
    #expect(memory.students.map(\.due) == [1, 0] && memory.students.map(\.overdue) == [1, 0])
    let recall = scheduler.retrievability(of: try #require(ada.cards[second]), at: later)
    #expect(memory.students[0].recall == recall && memory.students[1].recall == nil)
    #expect(memory.questions.map(\.card.key) == [second, first], "the one studied first, then the rest")
    #expect(memory.questions[0].recall == recall && memory.questions[1].studied == 0)
  }

  @Test func aTopicsQuestionsTheClassWasNotAskedAreNewCards() throws {
    // Facts has 10 questions; the game asked 2 of them ("Is it?" and "Is it\nreally?") and a
    // third nobody answered is not in the results.
    let others = (3...10).map { Topic.Question(question: "Fact \($0)?", answers: ["yes", "no"], correct: 1) }
    let asked = [
      Topic.Question(question: "Is it?", answers: ["yes", "no"], correct: 0),
      Topic.Question(question: "Is it\nreally?", answers: ["yes", "no"], correct: 1),
    ]
    let facts = try ValidTopic(Topic(sets: [asked, others]), defaultName: "Facts")
    let roster = try ClassRoster(name: "7B", students: ["Ada Lovelace", "Alan Turing"])
    let deck = ClassStudyDeck(
      roster: roster, games: [try Self.game()], assignments: [], topics: ["Facts": facts],
      at: QuizClock.Instant(microsecondsSince1970: 0))
    let first = StudyLog.CardKey(topic: "Facts", card: "Is it?")
    let second = StudyLog.CardKey(topic: "Facts", card: "Is it\nreally?")
    let rest = (3...10).map { StudyLog.CardKey(topic: "Facts", card: "Fact \($0)?") }
    #expect(deck.cards.map(\.key) == [first, second] + rest, "the asked ones once, then the topic's others")
    #expect(deck.cards.last?.answers == ["no"])

    let played = try #require(QuizClock.Instant(iso8601Seconds: Self.played))
    let now = played + .seconds(3600)
    var ada = StudyLog.Replayed(cards: [:], firstReviews: [:])
    // Ada's miss first, then every other card new, up to the day's limit.
    #expect(deck.queue(student: 1, replayed: ada, at: now, newLimit: 20, newToday: 0) == [second, first] + rest)
    #expect(deck.queue(student: 1, replayed: ada, at: now, newLimit: 4, newToday: 0) == [second, first] + rest[0..<3])

    // Her miss reviewed today is no new card of the day's; a new card reviewed is.
    let scheduler = try FSRSScheduler()
    let midnight = played.advanced(by: .seconds(-8 * 3600))
    ada.apply(StudyLog.Review(topic: "Facts", card: second.card, at: now, rating: .easy), scheduler: scheduler)
    #expect(deck.newCards(student: 1, replayed: ada, since: midnight) == 0)
    ada.apply(StudyLog.Review(topic: "Facts", card: first.card, at: now, rating: .easy), scheduler: scheduler)
    #expect(deck.newCards(student: 1, replayed: ada, since: midnight) == 1)
    #expect(deck.newCards(student: 2, replayed: ada, since: midnight) == 2, "Alan missed neither")
    #expect(deck.newCards(student: 1, replayed: ada, since: now + .seconds(1)) == 0, "none since")
  }
}
