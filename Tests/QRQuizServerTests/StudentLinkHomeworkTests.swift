import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom
@testable import QRQuizServer

/// A student whose browser forgot them is not locked out of their homework (issue 49): their
/// own link (`/s/SECRET`) is their credential, and opens the class's homework as them on any
/// device. In process, through the server's pages and API.
@Suite struct StudentLinkHomeworkTests {
  /// The class's students' own links made; the secret of the student holding `card`.
  private func ownSecret(_ server: HomeworkServer, card: Int) async throws -> String {
    let csrf = await server.formToken()
    _ = await server.client.request(
      "POST", "/classes/7B/links", headers: HomeworkServer.teacherCookie, body: Array("csrf=\(csrf)".utf8))
    return try #require(try server.classes.roster(named: "7B").student(card: card)?.resultsSecret)
  }

  @Test func theOwnLinkOpensTheHomeworkAsTheStudentOnAnyDevice() async throws {
    let server = try HomeworkServer()
    let code = try await server.assign("Capitals", #","set":1,"class":"7B""#)
    let started = try await server.join(code, "Grace Hopper")
    _ = await server.answer(code, started, 0, [0])
    // Their browser forgot them: joining again by name is refused (impersonation stays hard).
    #expect(await server.post("/api/assignments/\(code)/students", #"{"name":"Grace Hopper"}"#).status == 403)

    let grace = try await ownSecret(server, card: 3)
    let own = await server.get("/s/\(grace)")
    #expect(own.text.contains("href=\"/s/\(grace)/a/\(code)\""), "Open it goes through the student's own link")
    let page = await server.get("/s/\(grace)/a/\(code)")
    #expect(page.status == 200 && page.headers["cache-control"] == "no-store")
    #expect(page.text.contains("data-name=\"Grace Hopper\" data-secret=\"\(started)\""), "\(page.text.prefix(2000))")
    // The secret handed over is theirs: the next question is their second.
    #expect(await server.json("/api/assignments/\(code)/next?secret=\(started)")["index"] == .number(1))

    // A student not started yet finds their name filled in; the page joins nobody.
    let ada = try await ownSecret(server, card: 1)
    let adas = await server.get("/s/\(ada)/a/\(code)")
    #expect(adas.text.contains("data-name=\"Ada Lovelace\"") && !adas.text.contains("data-secret"))
    #expect(server.app.assignmentArea.assignments.book(code)?.snapshot.students.count == 1)
  }

  @Test func theLinkOpensNoOtherHomeworkAndNoStranger() async throws {
    let server = try HomeworkServer()
    let ours = try await server.assign("Capitals", #","set":1,"class":"7B""#)
    let anyone = try await server.assign("Capitals", #","set":1"#)
    let grace = try await ownSecret(server, card: 3)
    #expect(await server.get("/s/\(grace)/a/\(anyone)").status == 404, "homework not for the class")
    #expect(await server.get("/s/\(grace)/a/ZZZZ2345").status == 404)
    #expect(await server.get("/s/\(String(repeating: "0", count: 32))/a/\(ours)").status == 404)
    #expect(await server.get("/s/nope/a/\(ours)").status == 404)
  }
}

/// The homework API's result counts every question a student left unanswered, those the
/// due time left included (issue 49: it said 0).
@Suite struct HomeworkUnansweredTests {
  @Test func aStudentCutOffByTheDueTimeHasTheQuestionsLeftCountedUnanswered() async throws {
    let server = try HomeworkServer()
    let code = try await server.assign("Capitals", #","class":"7B","set":1"#, dueIn: 100)
    let ada = try await server.join(code, "Ada Lovelace")
    #expect(await server.answer(code, ada, 0, [0]).status == 200)
    server.clock.advance(by: 200)
    let result = await server.json("/api/assignments/\(code)/next?secret=\(ada)")
    #expect(result["done"] == .bool(true) && result["questions"] == .number(3))
    #expect(result["unanswered"] == .number(2), "\(result)")
    // The teacher's results say it in the one vocabulary, with no finished time.
    let json = await server.get("/api/assignments/\(code)/results.json", headers: HomeworkServer.teacher)
    let parsed = try JSONParser.parse(json.body)
    guard case .array(let students)? = parsed["students"] else { throw CocoaError(.coderInvalidValue) }
    #expect(students.first?["status"] == .string("not finished") && students.first?["finished"] == .null)
    #expect(students.last?["status"] == .string("missed"), "Grace never started, and it is over")
  }
}
