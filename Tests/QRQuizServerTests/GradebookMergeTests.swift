import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom
@testable import QRQuizServer

/// Merging after the game on the teacher's results page (issue 49 §3): the gradebook offers
/// "merge into…" for each guest of the class's live games, the teacher's alone and with the
/// form's token; once merged, the game counts one student with both's answers. In process,
/// through the server's pages.
@Suite struct GradebookMergeTests {
  static let form = ["Content-Type": "application/x-www-form-urlencoded"]

  func merge(_ server: HomeworkServer, _ fields: [String: String], headers: [String: String]) async
    -> WebAppClient
    .Response
  {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._")
    let body = fields.sorted { $0.key < $1.key }.map { key, value in
      "\(key)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)"
    }.joined(separator: "&")
    return await server.client.request(
      "POST", "/classes/7B/merge", headers: Self.form.merging(headers) { $1 }, body: Array(body.utf8))
  }

  @Test func aGuestIsMergedIntoTheStudentTheyAreFromTheGradebook() async throws {
    let server = try HomeworkServer()
    // Alan's phone died after question 1; he went on as "Al T" on a friend's.
    try await server.playLiveGame([
      ("Ada Lovelace", [[0], [0, 2], [0]]), ("Alan Turing", [[0], nil, nil]), ("Al T", [nil, [0, 2], [0]]),
    ])
    let before = await server.get("/classes/7B", headers: HomeworkServer.teacherCookie).text
    #expect(before.contains("<td class=\"partial\">1000 · 1/3"), "Alan's one answer")
    #expect(before.contains("Players not on the class list") && before.contains("Al T (Capitals): merge into…"))
    #expect(before.contains(#"<option value="Alan Turing">Alan Turing</option>"#))
    let game = try #require(
      before.components(separatedBy: #"name="game" value=""#).dropFirst().first?.components(separatedBy: "\"").first)
    let csrf = await server.formToken()
    let fields = ["csrf": csrf, "game": game, "from": "Al T", "into": "Alan Turing"]

    // The teacher's alone, with the page's token.
    #expect(await merge(server, fields, headers: [:]).status == 403)
    #expect(
      await merge(server, fields.merging(["csrf": "0"]) { $1 }, headers: HomeworkServer.teacherCookie).status == 403)
    // What is wrong is said, and nothing changes.
    let nobody = await merge(server, fields.merging(["from": "Nobody"]) { $1 }, headers: HomeworkServer.teacherCookie)
    #expect(
      nobody.status == 404 && nobody.text.contains("no player of Capitals is named &#39;Nobody&#39;"), "\(nobody.text)")
    let same = await merge(server, fields.merging(["into": "al t"]) { $1 }, headers: HomeworkServer.teacherCookie)
    #expect(same.status == 422 && same.text.contains("The players could not be merged"))
    let otherGame = await merge(
      server, fields.merging(["game": "2020-01-01-0000-Other-000000"]) { $1 }, headers: HomeworkServer.teacherCookie)
    #expect(otherGame.status == 404)

    let merged = await merge(server, fields, headers: HomeworkServer.teacherCookie)
    #expect([302, 303].contains(merged.status))
    let after = await server.get("/classes/7B", headers: HomeworkServer.teacherCookie).text
    #expect(after.components(separatedBy: "<td class=\"done\">3000 · 3/3</td>").count == 3, "Ada's, and Alan's now")
    #expect(!after.contains("Al T") && !after.contains("id=\"merges\""), "no guest left to merge")
    let csv = await server.get("/api/classes/7B/gradebook.csv", headers: HomeworkServer.teacher).text
    #expect(csv.contains("Alan Turing,2,1,3000,3,3,phone,done"), "\(csv)")

    // The same page in Spanish offers it in Spanish.
    try await server.playLiveGame([
      ("Ada Lovelace", [[0], [0, 2], [0]]), ("Alan Turing", [[0], [0, 2], [0]]), ("Al", [[1], nil, nil]),
    ])
    let spanish = await server.get(
      "/classes/7B", headers: HomeworkServer.teacherCookie.merging(["Accept-Language": "es"]) { $1 }
    ).text
    #expect(
      spanish.contains("Jugadores que no están en la lista de la clase") && spanish.contains("Al (Capitals): unir a…"))
  }
}
