import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizServer

/// Homework's pages and its timers in process, on a clock the test moves: the student's
/// page and its QR code, a timed topic's questions shown only once started and run out on
/// the server's clock, a student's extra time, the teacher's results page (accommodations
/// for the teacher only) and the topic page's form that assigns.
@Suite struct HomeworkPageTests {
  let server: HomeworkServer

  init() throws { server = try HomeworkServer() }

  @Test func theStudentsPageIsAShellInTheirLanguageWithTheAssignmentsCode() async throws {
    let code = try await server.assign("Capitals", #","class":"7B""#)
    let page = await server.get("/a/\(code)")
    #expect(page.status == 200 && page.headers["content-type"]?.hasPrefix("text/html") == true)
    #expect(page.text.contains(#"data-api="/api/assignments/\#(code)""#) && page.text.contains(#"data-open="true""#))
    #expect(page.text.contains("<script src=\"/static/homework.js\" defer></script>"))
    #expect(page.text.contains("as your teacher wrote it on the list of 7B"))
    #expect(!page.text.contains("Paris"), "no answer is in the page: the API gives each question in turn")
    let spanish = await server.get("/a/\(code)", headers: ["Cookie": "qrquiz_lang=es"])
    #expect(spanish.text.contains("Empezar la tarea") && spanish.text.contains(#"data-w-liveright="¡Correcto!""#))
    #expect(await server.get("/a/ZZZZ2222").status == 404)
    // The code as a student types it.
    let typed = await server.get("/a?code=\(code.lowercased().prefix(4))+\(code.lowercased().dropFirst(4))")
    #expect([302, 303].contains(typed.status) && typed.headers["location"] == "/a/\(code)")
    #expect(await server.get("/a/\(code.lowercased())").headers["location"] == "/a/\(code)")
    #expect(await server.get("/a?code=nope").status == 404)
    #expect(await server.get("/a").text.contains(#"<input id="code" name="code""#))
    #expect(await server.get("/a/..%2F..%2Fetc").status == 404)
    // The QR code is the join address.
    let svg = await server.get("/a/\(code)/qr.svg")
    #expect(svg.status == 200 && svg.headers["content-type"] == "image/svg+xml")
    let png = await server.get("/a/\(code)/qr.png")
    #expect(
      try QRCodeReader(timeLimit: .infinity).scan(imageData: png.body).symbols.map(\.text) == [
        "http://192.168.1.20:8080/a/\(code)"
      ])
    // Past the due time the page says so.
    server.clock.advance(by: 3600)
    #expect(await server.get("/a/\(code)").text.contains(#"data-open="false""#))
  }

  @Test func aTimedQuestionIsShownOnlyOnceStartedAndRunsOutOnTheServersClock() async throws {
    let code = try await server.assign("Timed", #","set":1"#)
    let grace = try await server.join(code, "Grace")
    let waiting = await server.json("/api/assignments/\(code)/next?secret=\(grace)")
    #expect(waiting["start"] == .bool(true) && waiting["set_seconds"] == .number(60) && waiting["set"] == .number(1))
    #expect(waiting["text"] == nil && waiting["answers"] == nil, "nothing of the question before its timer runs")
    let refused = await server.answer(code, grace, 0, [0])
    #expect(refused.status == 409 && HomeworkServer.string(refused.json["reason"]) == "not_started")
    let started = await server.post("/api/assignments/\(code)/start", #"{"secret":"\#(grace)","index":0}"#)
    #expect(started.status == 200 && started.json["started"] == .bool(true))
    server.clock.advance(by: 10)
    let first = await server.json("/api/assignments/\(code)/next?secret=\(grace)")
    #expect(HomeworkServer.string(first["text"]) == "Capital of France?" && first["time_left"] == .number(50))
    #expect(await server.answer(code, grace, 0, [0]).status == 200)
    // Question 2 has 20 s of its own: its start is a tap on "Next", and the set's clock runs on.
    let second = await server.json("/api/assignments/\(code)/next?secret=\(grace)")
    #expect(second["start"] == .bool(true) && second["question_seconds"] == .number(20) && second["set_seconds"] == nil)
    _ = await server.post("/api/assignments/\(code)/start", #"{"secret":"\#(grace)","index":1}"#)
    server.clock.advance(by: 20)
    let late = await server.answer(code, grace, 1, [0, 2])
    #expect(late.status == 410 && HomeworkServer.string(late.json["reason"]) == "time_up")
    // Question 3 is on the set's clock: 30 s of its 60 are left.
    let third = await server.json("/api/assignments/\(code)/next?secret=\(grace)")
    #expect(third["index"] == .number(2) && third["time_left"] == .number(30) && third["start"] == .bool(false))
    server.clock.advance(by: 30)
    let over = await server.json("/api/assignments/\(code)/next?secret=\(grace)")
    #expect(over["done"] == .bool(true) && over["correct"] == .number(1) && over["unanswered"] == .number(2))
  }

  @Test func aStudentsExtraTimeLengthensTheirTimersAndOnlyTheTeacherSeesIt() async throws {
    let code = try await server.assign("Timed", #","set":1,"class":"7B""#)
    let ada = try await server.join(code, "ada lovelace")
    let alan = try await server.join(code, "Alan Turing")
    let adas = await server.json("/api/assignments/\(code)/next?secret=\(ada)")
    #expect(adas["set_seconds"] == .number(90), "60 s, as long again by half")
    #expect(await server.json("/api/assignments/\(code)/next?secret=\(alan)")["set_seconds"] == .number(60))
    for secret in [ada, alan] {
      _ = await server.post("/api/assignments/\(code)/start", #"{"secret":"\#(secret)","index":0}"#)
    }
    server.clock.advance(by: 70)
    #expect(await server.answer(code, ada, 0, [0]).status == 200)
    #expect(await server.answer(code, alan, 0, [0]).status == 410)
    // Nothing a student gets says so; the teacher's page does.
    let studentSide = await server.get("/api/assignments/\(code)/next?secret=\(ada)").text
    #expect(!studentSide.contains("extra") && !studentSide.contains("1.5"))
    #expect(!(await server.get("/a/\(code)").text.contains("×1.5")))
    let teacherPage = await server.get("/assignments/\(code)", headers: HomeworkServer.teacherCookie)
    #expect(teacherPage.status == 200)
    #expect(
      teacherPage.text.contains("Ada Lovelace <span class=\"accommodation\">extra time ×1.5 · no speed scoring</span>"))
  }

  @Test func theTeachersPageListsWhoHasDoneItWhoHasNotAndTheHardestQuestionFirst() async throws {
    let code = try await server.assign("Capitals", #","set":1,"class":"7B""#)
    #expect(await server.get("/assignments/\(code)").status == 403, "the teacher's alone")
    #expect(await server.get("/assignments").status == 403)
    let ada = try await server.join(code, "Ada Lovelace")
    let alan = try await server.join(code, "Alan Turing")
    for (index, picks) in [[0], [0, 2], [0]].enumerated() { _ = await server.answer(code, ada, index, picks) }
    _ = await server.answer(code, alan, 0, [1])
    let page = await server.get("/assignments/\(code)", headers: HomeworkServer.teacherCookie).text
    #expect(page.contains("<p class=\"join-code\" aria-label=\"Code \(code)\">\(code)</p>"))
    #expect(page.contains("http://192.168.1.20:8080/a/\(code)"))
    #expect(page.contains("1 of 3 done"))
    #expect(page.contains("<th scope=\"row\">Grace Hopper</th><td>not started</td>"))
    #expect(page.contains("<td>done</td><td>3000</td><td>3 of 3 right</td>"))
    // Question 1: one of two right (50%), before the others (100%, and 1 of 1).
    let hardest = try #require(page.range(of: "Question 1</span> Capital of France?"))
    let easier = try #require(page.range(of: "Question 2</span> Which are in Spain?"))
    #expect(hardest.lowerBound < easier.lowerBound)
    #expect(page.contains("50% right (1 of 2)"))
    #expect(page.contains("/api/assignments/\(code)/results.csv"))
    let list = await server.get("/assignments", headers: HomeworkServer.teacherCookie).text
    #expect(list.contains("/assignments/\(code)") && list.contains("1 of 2 done"))
    let present = await server.get("/assignments/\(code)/present", headers: HomeworkServer.teacherCookie)
    #expect(present.status == 200 && present.text.contains("/a/\(code)/qr.svg"))
    // In Spanish.
    let spanish = await server.get(
      "/assignments/\(code)",
      headers: ["Cookie": "\(Credentials.teacherCookie)=\(HomeworkServer.token); qrquiz_lang=es"])
    #expect(
      spanish.text.contains("Preguntas, de la más difícil a la más fácil") && spanish.text.contains("sin empezar"))
  }

  @Test func theTopicPageAssignsAsHomeworkForAClass() async throws {
    let topicPage = await server.get("/t/Capitals", headers: HomeworkServer.teacherCookie).text
    #expect(
      topicPage.contains(#"<form class="card" id="assign-form""#)
        && topicPage.contains(#"<option value="7B">7B</option>"#))
    #expect(!(await server.get("/t/Capitals").text.contains("assign-form")), "the teacher's form only")
    let csrf = await server.formToken()
    let due = Date(timeIntervalSince1970: 1_800_000_000 + 7 * 86400)
    let day = DateFormatter()
    day.locale = Locale(identifier: "en_US_POSIX")
    day.dateFormat = "yyyy-MM-dd"
    let form =
      "topic=Capitals&csrf=\(csrf)&date=\(day.string(from: due))&time=18%3A00&class=7B&set=1&attempts=2&scoring=app"
    let made = await server.client.request(
      "POST", "/assignments",
      headers: HomeworkServer.teacherCookie.merging(["Content-Type": "application/x-www-form-urlencoded"]) { $1 },
      body: Array(form.utf8))
    #expect(made.status == 303 || made.status == 302, "\(made.status) \(made.text)")
    let location = try #require(made.headers["location"])
    #expect(location.hasPrefix("/assignments/"))
    let code = String(location.dropFirst("/assignments/".count))
    let summary = try JSONParser.parse(await server.get("/api/assignments", headers: HomeworkServer.teacher).body)
    guard case .array(let items)? = summary["assignments"] else { throw CocoaError(.coderInvalidValue) }
    #expect(items.count == 1 && HomeworkServer.string(items[0]["code"]) == code)
    #expect(HomeworkServer.string(items[0]["class"]) == "7B" && items[0]["attempts"] == .number(2))
    #expect(HomeworkServer.string(items[0]["scoring"]) == "app")
    // A date in the past, or none: refused with the reason, nothing made.
    let past = "topic=Capitals&csrf=\(csrf)&date=2001-01-01&time=18%3A00"
    let refused = await server.client.request(
      "POST", "/assignments", headers: HomeworkServer.teacherCookie, body: Array(past.utf8))
    #expect(refused.status == 422 && refused.text.contains("The homework could not be assigned"))
    let forged = await server.client.request(
      "POST", "/assignments", headers: HomeworkServer.teacherCookie,
      body: Array("topic=Capitals&date=2030-01-01&time=18:00".utf8))
    #expect(forged.status == 403, "a form without the page's token is another site's")
  }
}
