import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom
@testable import QRQuizServer

/// A trial game left out of the gradebook from its page (issue 49): a link on the game's
/// column, a confirmation saying what goes, and its button removing the game's records and
/// files; in process, real records.
@Suite struct GradebookLeaveOutTests {
  @Test func aLiveGameIsLeftOutAfterItsConfirmation() async throws {
    let server = try HomeworkServer()
    try await server.playLiveGame([("Ada Lovelace", [[0], [0, 2], [0]]), ("Alan Turing", [[1], nil, [0]])])
    let games = try #require(server.app.site.configuration.liveGames)
    let stem = try #require(games.savedGames().first?.stem)
    let gradebook = await server.get("/classes/7B", headers: HomeworkServer.teacherCookie).text
    #expect(gradebook.contains("href=\"/classes/7B/forget/\(stem)\">Leave out…</a>"), "\(gradebook)")

    let confirm = await server.get("/classes/7B/forget/\(stem)", headers: HomeworkServer.teacherCookie)
    #expect(confirm.status == 200 && confirm.text.contains("out of the gradebook?"))
    #expect(confirm.text.contains("2 players") && confirm.text.contains("there is no undo"))
    #expect(await server.get("/classes/7B/forget/\(stem)").status == 403, "the teacher's alone")
    #expect(await server.get("/classes/7B/forget/nothing", headers: HomeworkServer.teacherCookie).status == 404)
    // Nothing is removed before the button, nor by a post without the form's token.
    _ = await server.client.request(
      "POST", "/classes/7B/forget/\(stem)", headers: HomeworkServer.teacherCookie, body: Array("csrf=x".utf8))
    #expect(games.savedGames().count == 1)

    let csrf = await server.formToken()
    let left = await server.client.request(
      "POST", "/classes/7B/forget/\(stem)", headers: HomeworkServer.teacherCookie, body: Array("csrf=\(csrf)".utf8))
    #expect([302, 303].contains(left.status), "\(left.text)")
    #expect(games.savedGames().isEmpty)
    let json = try JSONParser.parse(
      await server.get("/api/classes/7B/gradebook.json", headers: HomeworkServer.teacher).body)
    #expect(json["activities"] == .array([]))
  }
}
