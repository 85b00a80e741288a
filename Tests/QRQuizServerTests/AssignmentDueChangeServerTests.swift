import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom
@testable import QRQuizServer

/// Due times moved on a running server, on a clock the test moves: the teacher's page gives
/// one student more time, `qrquiz assign --reopen` (the store beside the server, on the same
/// records) reopens for everyone and counts at once; the page, the results and the
/// gradebook's notes say so, and a student cut off by the due time is "not finished".
@Suite struct AssignmentDueChangeServerTests {
  let server: HomeworkServer

  init() throws { server = try HomeworkServer() }

  /// The form's date and time (the server's time zone) `seconds` after the test clock's now.
  func formTime(in seconds: Double) -> String {
    let date = (server.clock.clock.now() + .seconds(seconds)).date
    let day = DateFormatter()
    day.locale = Locale(identifier: "en_US_POSIX")
    day.dateFormat = "yyyy-MM-dd"
    let time = DateFormatter()
    time.locale = Locale(identifier: "en_US_POSIX")
    time.dateFormat = "HH'%3A'mm"
    return "date=\(day.string(from: date))&time=\(time.string(from: date))"
  }

  @Test func aStudentGivenMoreTimeOnThePageAndEveryoneReopenedBesideTheServer() async throws {
    let code = try await server.assign("Capitals", #","class":"7B","set":1"#, dueIn: 100)
    let ada = try await server.join(code, "Ada Lovelace")
    let grace = try await server.join(code, "Grace Hopper")
    #expect(await server.answer(code, ada, 0, [0]).status == 200)
    #expect(await server.answer(code, grace, 0, [0]).status == 200)
    server.clock.advance(by: 200)
    #expect(await server.answer(code, ada, 1, [0, 2]).status == 410)

    // The teacher's page: Ada, named without case, until three hours from now.
    let csrf = await server.formToken()
    let moved = await server.client.request(
      "POST", "/assignments/\(code)/due", headers: HomeworkServer.teacherCookie,
      body: Array("csrf=\(csrf)&student=ada+lovelace&\(formTime(in: 3 * 3600))".utf8))
    #expect([302, 303].contains(moved.status), "\(moved.text)")
    #expect(await server.answer(code, ada, 1, [0, 2]).status == 200)
    #expect(await server.answer(code, grace, 1, [0, 2]).status == 410)
    let next = await server.json("/api/assignments/\(code)/next?secret=\(ada)")
    #expect(next["done"] == .bool(false), "\(next)")
    // Refused in a line: not on the roster, or not later.
    let refused = await server.client.request(
      "POST", "/assignments/\(code)/due", headers: HomeworkServer.teacherCookie,
      body: Array("csrf=\(csrf)&student=Nobody&\(formTime(in: 3 * 3600))".utf8))
    #expect(refused.status == 422 && refused.text.contains("Nobody is not on the class"), "\(refused.text)")
    let page = await server.get("/assignments/\(code)", headers: HomeworkServer.teacherCookie).text
    #expect(page.contains("Ada Lovelace may answer until"), "\(page)")
    // Cut off by the due time: not finished, on the page and in the results alike.
    #expect(page.contains("<th scope=\"row\">Grace Hopper</th><td>not finished</td>"), "\(page)")
    let csv = await server.get("/api/assignments/\(code)/results.csv", headers: HomeworkServer.teacher).text
    #expect(csv.contains("Grace Hopper,not finished,"), "\(csv)")

    // `qrquiz assign --reopen` beside the running server: the same records, another store.
    let beside = AssignmentStore(records: try RecordStore(file: #require(server.records.file)))
    try beside.changeDue(
      code: code, student: nil, until: server.clock.clock.now() + .seconds(7200), roster: nil,
      at: server.clock.clock.now())
    #expect(await server.answer(code, grace, 1, [0, 2]).status == 200, "the reopening did not count at once")
    _ = try await server.join(code, "Alan Turing")

    // The gradebook's notes say both.
    let gradebook = await server.get("/classes/7B", headers: HomeworkServer.teacherCookie).text
    #expect(gradebook.contains("id=\"gradebook-notes\""), "\(gradebook)")
    #expect(gradebook.contains("Reopened for everyone until") && gradebook.contains("Ada Lovelace may answer until"))
    let exported = await server.get("/api/classes/7B/gradebook.csv", headers: HomeworkServer.teacher).text
    #expect(exported.contains("reopened for everyone until ") && exported.contains("extended for Ada Lovelace until "))
  }
}
