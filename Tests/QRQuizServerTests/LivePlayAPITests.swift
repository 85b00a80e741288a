import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom
@testable import QRQuizServer

/// What the phones and the projector need beyond the moves (issue 29 §10), through the
/// API with the live API tests' app: a phone told what it picked (again after a reload),
/// a ban lifted by the host and told to the one banned, a game ended before anyone joined
/// leaving no result, and a question asked as a number, with its own time and explanation.
@Suite struct LivePlayAPITests {
  let api: LiveAPITests

  init() throws { api = try LiveAPITests() }

  func answer(_ pin: String, _ secret: String, _ question: Int, _ given: String) async -> WebAppClient.Response {
    await api.post("/api/live/\(pin)/answers", #"{"secret":"\#(secret)","question":\#(question),\#(given)}"#)
  }

  @Test func aPhoneIsToldWhatItPickedAndAReloadShowsItAgain() async throws {
    let (pin, host) = try await api.makeGame()
    let ada = try await api.join(pin, "Ada").secret
    let bob = try await api.join(pin, "Bob").secret
    let phone = try #require(await api.subscribe(pin, ada))
    #expect(await api.post("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#).status == 200)
    #expect(await answer(pin, ada, 0, #""answers":[1]"#).status == 202)
    // The phone that reloads gets the question with its own pick; one that has not
    // answered gets no picks at all.
    let reloaded = try #require(await api.subscribe(pin, ada))
    let state = try #require(reloaded.events.first)
    #expect(state.name == "question" && state.data["answered"] == .bool(true))
    #expect(state.data["you"]?["answers"] == .array([.number(1)]))
    let other = try #require(await api.subscribe(pin, bob))
    #expect(other.events.first?.data["answered"] == .bool(false) && other.events.first?.data["you"] == nil)
    _ = phone
  }

  @Test func aBannedStudentIsToldSoAndTheHostCanLetThemBack() async throws {
    let (pin, host) = try await api.makeGame()
    let projector = try #require(await api.subscribe(pin, host))
    #expect(try await api.join(pin, "Eve").status == 201)
    #expect(await api.post("/api/live/\(pin)/kick", #"{"secret":"\#(host)","name":"eve","ban":true}"#).status == 200)
    let refused = await api.post("/api/live/\(pin)/players", #"{"name":"Eve"}"#)
    #expect(refused.status == 403)
    #expect(try api.object(refused)["reason"] == .string("banned"))
    // The projector lists the banned, to let one back.
    #expect(projector.events.last?.data["banned"] == .array([.string("Eve")]))
    #expect(projector.events.last?.data["names"] == .array([]))
    // Only the host lifts a ban, only of someone banned.
    let eve = try await api.join(pin, "Ada").secret
    #expect(await api.post("/api/live/\(pin)/unban", #"{"secret":"\#(eve)","name":"Eve"}"#).status == 403)
    #expect(await api.post("/api/live/\(pin)/unban", #"{"secret":"\#(host)","name":"Ada"}"#).status == 404)
    #expect(await api.post("/api/live/\(pin)/unban", #"{"secret":"\#(host)"}"#).status == 422)
    #expect(await api.post("/api/live/\(pin)/unban", #"{"secret":"\#(host)","name":"EVE"}"#).status == 200)
    #expect(projector.events.last?.data["banned"] == .array([]))
    #expect(try await api.join(pin, "Eve").status == 201)
    // A locked game says it is locked, and a full one that it is full.
    #expect(await api.post("/api/live/\(pin)/settings", #"{"secret":"\#(host)","locked":true}"#).status == 200)
    let locked = await api.post("/api/live/\(pin)/players", #"{"name":"Fay"}"#)
    let lockedReason = try api.object(locked)["reason"]
    #expect(locked.status == 403 && lockedReason == .string("locked"))
  }

  @Test func aGameEndedInTheLobbyWithNobodyLeavesNoResult() async throws {
    let (pin, host) = try await api.makeGame()
    let ended = try api.object(await api.post("/api/live/\(pin)/end", #"{"secret":"\#(host)"}"#))
    #expect(ended["phase"] == .string("over") && ended["saved"] == .bool(false))
    let archive = LiveGameStore(records: try api.data.records(), directory: api.data.url)
    #expect(archive.savedGames().isEmpty && archive.resumeUnfinished(at: api.clock.clock.now()).games.isEmpty)
    // With a player it is kept.
    let (other, otherHost) = try await api.makeGame()
    _ = try await api.join(other, "Ada")
    let kept = try api.object(await api.post("/api/live/\(other)/end", #"{"secret":"\#(otherHost)"}"#))
    #expect(kept["saved"] == .bool(true))
    #expect(archive.savedGames().count == 1)
  }

  @Test func aQuestionAskedAsANumberShowsNoChoicesAndTakesTheNumberTyped() async throws {
    let topic = """
      {"options": {"name": "Temperatures", "questionsInRandomOrder": false},
       "sets": [[{"question": "Water freezes at how many °F?", "answers": ["0", "32"], "correctAnswers": [1],
                  "numericAnswer": {"value": 32}, "seconds": 15, "explanation": "32 °F is 0 °C."},
                 {"question": "Boiling point in °C?", "answers": ["100", "90"], "correctAnswers": [0]}]]}
      """
    try topic.write(to: api.library.url.appendingPathComponent("Temperatures.json"), atomically: true, encoding: .utf8)
    api.app.reload()
    let made = try api.object(
      await api.post("/api/live", #"{"topic":"Temperatures","seconds":20}"#, headers: LiveAPITests.teacher))
    let (pin, host) = (api.string(made["pin"]), api.string(made["host"]))
    let ada = try await api.join(pin, "Ada").secret
    let bob = try await api.join(pin, "Bob").secret
    let phone = try #require(await api.subscribe(pin, ada))
    let projector = try #require(await api.subscribe(pin, host))
    #expect(await api.post("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#).status == 200)
    let question = try #require(phone.events.last)
    // Not "1. 0, 2. 32": no choices at all, a number to type.
    #expect(question.data["numeric"] == .bool(true) && question.data["answers"] == .array([]))
    // The question's own time, not the game's 20 s.
    #expect(question.data["seconds"] == .number(15) && question.data["remaining_ms"] == .number(15000))
    #expect(await answer(pin, ada, 0, #""answers":[1]"#).status == 422)
    let comma = await answer(pin, ada, 0, #""number":"3,2""#)
    let commaField = try api.object(comma)["field"]
    #expect(comma.status == 422 && commaField == .string("number"))
    #expect(await answer(pin, ada, 0, #""number":" 32 ""#).status == 202)
    let reloaded = try #require(await api.subscribe(pin, ada))
    #expect(reloaded.events.first?.data["you"]?["number"] == .string("32"))
    #expect(await answer(pin, bob, 0, #""number":"0""#).status == 202)
    // Everyone answered: closed, with the right number and how many typed it.
    let closed = try #require(projector.events.last)
    #expect(closed.name == "closed")
    #expect(
      closed.data["numeric"]
        == .object([("value", .string("32")), ("right", .number(1)), ("wrong", .number(1))]))
    #expect(closed.data["explanation"] == .string("32 °F is 0 °C."))
    let verdict = try #require(phone.events.last)
    #expect(verdict.data["explanation"] == .string("32 °F is 0 °C."))
    #expect(verdict.data["you"]?["right"] == .bool(true) && verdict.data["you"]?["number"] == .string("32"))
    // The next question is asked with its choices again.
    #expect(await api.post("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#).status == 200)
    #expect(phone.events.last?.data["numeric"] == .bool(false) && phone.events.last?.data["seconds"] == .number(20))
    #expect(await answer(pin, ada, 1, #""number":"100""#).status == 422)
  }
}
