import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom

/// A shared school computer (Fixtures/shared_computer_check.py): students in turn on one
/// browser profile. The homework page forgets a student once they finish or say "Not you?",
/// so the next never carries on as them nor sees their answers; the live phone page's "Not
/// you?" lets the next student join as themselves.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct SharedComputerBrowserTests {
  struct Seen: Decodable {
    var shown: [String]
    var who: String?
    var kept: String?
    var text: String
  }
  struct Report: Decodable {
    var homework: [String: Seen]
    var live: [String: Seen]
    var homeworkFocus: String
    var console: [String]
  }

  @Test func studentsInTurnOnOneBrowserNeverCarryOnAsTheLastOne() async throws {
    let home = try TemporaryDirectory()
    let (library, cache) = try LiveLibrary.make()
    let server = try ServeProcess(
      [library.url.path, "--cache-dir", cache.url.path], environment: home.qrquizEnvironment)
    let token = try #require(server.teacherToken)
    func post(_ path: String, _ body: String) throws -> JSONValue {
      let response = try server.request(
        "POST", path, headers: ["Authorization": "Bearer \(token)"], body: Array(body.utf8))
      try #require(response.status == 201, "\(path): \(response.text)")
      return try JSONParser.parse(response.body)
    }
    func string(_ value: JSONValue?) -> String { if case .string(let text)? = value { text } else { "" } }
    let due = Assignment.timestamp(QuizClock.Instant(Date().addingTimeInterval(86_400)))
    let code = string(try post("/api/assignments", #"{"topic":"Capitals","set":2,"due":"\#(due)"}"#)["code"])
    let pin = string(try post("/api/live", #"{"topic":"Capitals","set":1,"seconds":600}"#)["pin"])
    var arguments = ["python3", Fixtures.url("shared_computer_check.py").path, server.base, code, pin]
    if let folder = ProcessInfo.processInfo.environment["QRQUIZ_SCREENSHOTS"] {
      arguments += ["--screenshots", folder]
    }
    let run = try await ProcessRunner.runLong(
      URL(fileURLWithPath: "/usr/bin/env"), arguments, hangLimit: .processorSeconds(300))
    try #require(run.status == 0, "\(run.stderr)")
    let report = try JSONDecoder().decode(Report.self, from: run.stdout)
    let homework = report.homework

    // Ada answers as Ada, and the browser keeps her only until she finishes.
    #expect(homework["adaQuestion"]?.who == "You are Ada Lovelace")
    #expect(homework["adaQuestion"]?.kept?.contains("Ada Lovelace") == true)
    #expect(homework["adaResult"]?.shown == ["result"])
    #expect(homework["adaResult"]?.kept == nil)
    // The next student gets the join form: nothing of Ada's, hidden or shown.
    let afterAda = try #require(homework["afterAda"])
    #expect(afterAda.shown == ["join"] && afterAda.who == nil && afterAda.kept == nil)
    #expect(!afterAda.text.contains("Ada") && !afterAda.text.contains("Right") && !afterAda.text.contains("Lima"))
    // Alan's "Not you?" mid-question: forgotten at once, his question gone from the page.
    #expect(homework["alanQuestion"]?.who == "You are Alan Turing")
    let afterNotYou = try #require(homework["afterNotYou"])
    #expect(afterNotYou.shown == ["join"] && afterNotYou.who == nil && afterNotYou.kept == nil)
    #expect(!afterNotYou.text.contains("Peru") && !afterNotYou.text.contains("Alan"), "\(afterNotYou.text)")
    #expect(report.homeworkFocus == "name")
    #expect(homework["afterNotYouReload"]?.shown == ["join"])
    #expect(homework["grace"]?.who == "You are Grace Hopper" && homework["grace"]?.shown == ["question"])

    // Live: Ada's "Not you?" lets Bob join as himself, and a reload keeps him.
    #expect(report.live["ada"]?.who == "You are Ada")
    #expect(report.live["afterNotYou"]?.shown == ["join"] && report.live["afterNotYou"]?.kept == nil)
    #expect(report.live["bob"]?.who == "You are Bob" && report.live["bob"]?.kept?.contains("Bob") == true)
    #expect(report.live["bobReloaded"]?.who == "You are Bob" && report.live["bobReloaded"]?.shown == ["lobby"])
    #expect(report.console.isEmpty, "\(report.console)")
  }
}
