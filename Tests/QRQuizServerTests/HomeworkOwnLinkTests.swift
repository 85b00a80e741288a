import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom
@testable import QRQuizServer

/// A class's homework that requires each student's own link (`qrquiz assign --own-links`,
/// issue 49 §3): a name typed is refused with a line pointing at the link; the student's
/// own page opens the homework as them, on any device, with the same secret; a link nobody
/// has opens nothing. In process, through the server's routes.
@Suite struct HomeworkOwnLinkTests {
  static func attribute(_ name: String, in page: String) -> String? {
    page.components(separatedBy: "\(name)=\"").dropFirst().first?.components(separatedBy: "\"").first
  }

  /// The status of `name` in the assignment's results (`not started`, `not finished` …).
  static func status(_ server: HomeworkServer, _ code: String, _ name: String) async throws -> String {
    let json = try JSONParser.parse(
      await server.get("/api/assignments/\(code)/results.json", headers: HomeworkServer.teacher).body)
    guard case .array(let students)? = json["students"] else { return "" }
    return HomeworkServer.string(students.first { $0["name"] == .string(name) }?["status"])
  }

  @Test func aTypedNameIsRefusedAndTheStudentsOwnLinkOpensIt() async throws {
    let server = try HomeworkServer()
    #expect(
      await server.post(
        "/api/assignments", #"{"topic":"Capitals","due":"\#(server.due(in: 3600))","own_links":true}"#,
        headers: HomeworkServer.teacher
      ).status == 422, "own links need a class")
    let code = try await server.assign("Capitals", #","class":"7B","own_links":true"#)

    // Typing a name, even the roster's, is refused with the way in.
    let typed = await server.post("/api/assignments/\(code)/students", #"{"name":"Ada Lovelace"}"#)
    #expect(typed.status == 403 && typed.json["reason"] == .string("own_link"))
    #expect(HomeworkServer.string(typed.json["error"]).contains("own link"), "\(typed.json)")
    let page = await server.get("/a/\(code)").text
    #expect(page.contains(#"id="own-link-notice""#) && page.contains("opens from your own link"))
    #expect(!page.contains("data-student-secret"))

    // Every student was given their own page when it was assigned; Ada's opens the homework.
    let roster = try server.classes.roster(named: "7B")
    let ada = try #require(roster.student(card: 1)?.resultsSecret)
    #expect(roster.students.allSatisfy { $0.resultsSecret != nil })
    let own = await server.get("/s/\(ada)").text
    #expect(own.contains("href=\"/s/\(ada)/a/\(code)\""), "the own page's way to the homework")
    // Opening the link (as a chat app's preview does) starts nothing: Start does.
    let preview = await server.get("/s/\(ada)/a/\(code)")
    #expect(preview.status == 200 && preview.text.contains("You are Ada Lovelace"), "\(preview.text)")
    #expect(preview.text.contains(#"<form method="post" action="/s/\#(ada)/a/\#(code)">"#))
    #expect(!preview.text.contains("data-student-secret"))
    #expect(try await Self.status(server, code, "Ada Lovelace") == "not started")
    let spanishStart = await server.get("/s/\(ada)/a/\(code)", headers: ["Accept-Language": "es"]).text
    #expect(
      spanishStart.contains("Abrir esta página no empieza la tarea") && spanishStart.contains("Eres Ada Lovelace"))
    let started = await server.client.request("POST", "/s/\(ada)/a/\(code)", body: [])
    #expect(started.status == 303 && started.headers["location"] == "/s/\(ada)/a/\(code)", "\(started.headers)")
    #expect(try await Self.status(server, code, "Ada Lovelace") == "not finished")
    let opened = await server.get("/s/\(ada)/a/\(code)")
    #expect(opened.status == 200 && !opened.text.contains("own-link-notice"))
    #expect(Self.attribute("data-student-name", in: opened.text) == "Ada Lovelace")
    let secret = try #require(Self.attribute("data-student-secret", in: opened.text))
    // Start pressed twice (a double tap): the same student.
    #expect(await server.client.request("POST", "/s/\(ada)/a/\(code)", body: []).status == 303)
    let next = await server.get("/api/assignments/\(code)/next?secret=\(secret)")
    #expect(next.status == 200)
    #expect(await server.answer(code, secret, 0, [0]).status == 200)
    // Another device, the same link: the same student, not a second one.
    let again = await server.get("/s/\(ada)/a/\(code)").text
    #expect(Self.attribute("data-student-secret", in: again) == secret)
    let works = AssignmentStore(records: server.records).readAll().works
    let students = works.first { $0.assignment.code == code }?.students.map(\.name.text)
    #expect(students == ["Ada Lovelace"])

    // A link nobody has, or an assignment of no class of theirs, opens nothing.
    #expect(await server.get("/s/\(String(repeating: "0", count: 32))/a/\(code)").status == 404)
    #expect(await server.get("/s/\(ada)/a/ZZZZ2345").status == 404)
    // Homework without own links still takes a typed name.
    let plain = try await server.assign("Capitals", #","class":"7B""#)
    #expect(await server.post("/api/assignments/\(plain)/students", #"{"name":"Alan Turing"}"#).status == 201)

    // The notice in Spanish.
    let spanish = await server.get("/a/\(code)", headers: ["Accept-Language": "es"]).text
    #expect(spanish.contains("Esta tarea se abre desde tu propio enlace"))
  }
}
