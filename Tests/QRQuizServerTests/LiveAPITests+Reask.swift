import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizServer

/// A question asked again takes fresh answers (issue 49 §4): its events say which asking
/// it is, and an answer a phone kept for an earlier asking (tapped while the server could
/// not be reached) is refused as too late, not counted for the new one.
extension LiveAPITests {
  func answer(_ pin: String, _ secret: String, _ question: Int, _ picks: String, asked: Int?) async -> Int {
    let given = asked.map { #","asked":\#($0)"# } ?? ""
    return await post(
      "/api/live/\(pin)/answers", #"{"secret":"\#(secret)","question":\#(question),"answers":[\#(picks)]\#(given)}"#
    ).status
  }

  @Test func anAnswerKeptForAnEarlierAskingIsNotTheNewAskings() async throws {
    let (pin, host) = try await makeGame()
    let ada = try await join(pin, "Ada").secret
    let ben = try await join(pin, "Ben").secret
    let phone = try #require(await subscribe(pin, ben))
    _ = await post("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#)
    #expect(phone.events.last?.data["asked"] == .number(1))
    #expect(await answer(pin, ada, 0, "0", asked: 1) == 202)
    // Ben taps while the server cannot be reached; the host closes the question and asks it again.
    _ = await post("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#)
    let reasked = await post("/api/live/\(pin)/reask", #"{"secret":"\#(host)","question":0}"#)
    #expect(reasked.status == 200, "\(reasked.text)")
    let question = try #require(phone.events.last)
    #expect(
      question.name == "question" && question.data["asked"] == .number(2) && question.data["answered"] == .bool(false))
    // Ben's phone, back, sends what it kept for the first asking: too late.
    #expect(await answer(pin, ben, 0, "1", asked: 1) == 410)
    #expect(await answer(pin, ben, 0, "0", asked: 2) == 202)
    // A phone that says no asking (an older page) answers the open one.
    #expect(await answer(pin, ada, 0, "0", asked: nil) == 202)
  }
}
