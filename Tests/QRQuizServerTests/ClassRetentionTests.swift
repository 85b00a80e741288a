import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom
@testable import QRQuizServer

/// A class's desired retention, set by the teacher in the gradebook's memory: kept per class
/// in the records (migration 10), read by the students' Review (the intervals its buttons
/// offer, the due a rating records) and the gradebook; a value outside 0.70–0.97, or no
/// number, refused with a line saying so.
@Suite struct ClassRetentionTests {
  static func setRetention(_ server: HomeworkServer, _ value: String, class name: String = "7B") async -> (
    status: Int, text: String
  ) {
    let csrf = await server.formToken()
    let body = "csrf=\(csrf)&retention=\(StudentReviewTests.form(value))"
    let answer = await server.client.request(
      "POST", "/classes/\(name)/retention",
      headers: HomeworkServer.teacherCookie.merging(["Content-Type": "application/x-www-form-urlencoded"]) { $1 },
      body: Array(body.utf8))
    return (answer.status, answer.text)
  }

  /// The four buttons' "back in …" texts for a new card `key` at `retention`.
  static func intervals(_ key: StudyLog.CardKey, retention: Double, at now: QuizClock.Instant) throws -> [String] {
    let scheduler = try FSRSScheduler(desiredRetention: retention)
    let dues = scheduler.nextDues(of: StudyCard(due: now, fuzzSeed: key.fuzzSeed), at: now)
    return try StudyRating.allCases.map { rating in
      "back in " + Pages(language: .english).intervalText(StudyInterval(from: now, to: try #require(dues[rating])))
    }
  }

  static func shownIntervals(_ page: String) -> [String] {
    page.components(separatedBy: #"<span class="rate-interval">"#).dropFirst().compactMap {
      $0.components(separatedBy: "</span>").first
    }
  }

  @Test func theTeachersRetentionChangesTheIntervalsOnThePhone() async throws {
    let (server, secrets) = try await StudentReviewTests.classThatPlayed()
    let ada = try #require(secrets[1])
    let now = server.clock.clock.now()
    let spain = StudentReviewTests.spain
    #expect(try server.classes.desiredRetention(of: "7B") == .standard)
    let gradebook = await server.get("/classes/7B", headers: HomeworkServer.teacherCookie).text
    #expect(gradebook.contains(#"name="retention" value="0.9""#) && gradebook.contains("Desired retention"))
    let before = Self.shownIntervals(await server.get("/s/\(ada)/review").text)
    #expect(before == (try Self.intervals(spain, retention: 0.9, at: now)))

    let set = await Self.setRetention(server, "0.97")
    #expect(set.status == 303)
    #expect(try server.classes.desiredRetention(of: "7b").value == 0.97)
    let after = Self.shownIntervals(await server.get("/s/\(ada)/review").text)
    #expect(after == (try Self.intervals(spain, retention: 0.97, at: now)))
    // Easy graduates a new card at once: its interval is the retention's; higher, sooner.
    #expect(after[3] != before[3], "\(before) → \(after)")
    #expect(after[0...2] == before[0...2], "the learning steps are the steps, whatever the retention")

    // A rating is scheduled at the class's retention, and read back the same.
    #expect(await StudentReviewTests.rate(server, ada, spain, "4") == 303)
    let id = try #require(try server.classes.studentID(className: "7B", card: 1))
    let scheduler = try FSRSScheduler(desiredRetention: 0.97)
    let card = try #require(
      try StudyLog(records: server.records, studentID: id).cards(scheduler: scheduler).cards[spain])
    let expected = try scheduler.review(StudyCard(due: now, fuzzSeed: spain.fuzzSeed), rating: .easy, at: now)
    #expect(card == expected)

    // The gradebook shows it, in Spanish too, and its JSON says it.
    let page = await server.get("/classes/7B", headers: HomeworkServer.teacherCookie).text
    #expect(page.contains(#"name="retention" value="0.97""#))
    let spanish = await server.client.request(
      "GET", "/classes/7B", headers: HomeworkServer.teacherCookie.merging(["Accept-Language": "es"]) { $1 })
    #expect(spanish.text.contains("Retención deseada") && spanish.text.contains("Guardar la retención"))
    #expect(spanish.text.contains(#"name="retention" value="0,97""#), "as Spanish writes a decimal")
    let json = try JSONParser.parse(
      await server.get("/api/classes/7B/gradebook.json", headers: HomeworkServer.teacher).body)
    #expect(json["memory"]?["retention"] == .number(0.97))
    // As Spanish writes it.
    #expect(await Self.setRetention(server, "0,85").status == 303)
    #expect(try server.classes.desiredRetention(of: "7B").thousandths == 850)
  }

  @Test func badRetentionsAreRefusedWithALineSayingWhy() async throws {
    let (server, _) = try await StudentReviewTests.classThatPlayed()
    #expect(await Self.setRetention(server, "0.8").status == 303)
    for bad in ["0.5", "0.98", "1", "97", "-0.9", "abc", "", "nan", "inf", "1e400", "0.9.1", "<b>0.8</b>"] {
      let answer = await Self.setRetention(server, bad)
      #expect(answer.status == 422, "\(bad)")
      #expect(answer.text.contains("The desired retention must be a number from 0.70 to 0.97"), "\(bad)")
      #expect(!answer.text.contains("<b>0.8"), "escaped")
    }
    #expect(try server.classes.desiredRetention(of: "7B").thousandths == 800, "unchanged")
    let spanish = await server.client.request(
      "POST", "/classes/7B/retention",
      headers: HomeworkServer.teacherCookie.merging([
        "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "es",
      ]) { $1 },
      body: Array("csrf=\(await server.formToken())&retention=2".utf8))
    #expect(spanish.status == 422 && spanish.text.contains("debe ser un número de 0,70 a 0,97, no «2»"))
    #expect(await Self.setRetention(server, "0.9", class: "8Z").status == 404)
    // Without the teacher, nothing changes.
    let stranger = await server.client.request(
      "POST", "/classes/7B/retention", headers: ["Content-Type": "application/x-www-form-urlencoded"],
      body: Array("retention=0.75".utf8))
    #expect(stranger.status == 403)
    #expect(try server.classes.desiredRetention(of: "7B").thousandths == 800)
  }

  /// The box takes "0,85" as the Spanish page writes it, in any browser: a text box whose
  /// pattern (a browser matches it whole) takes a point or a comma, not `type="number"`,
  /// which an English browser refuses "0,85" in.
  @Test func theRetentionBoxTakesAPointOrAComma() async throws {
    let (server, _) = try await StudentReviewTests.classThatPlayed()
    let page = await server.get("/classes/7B", headers: HomeworkServer.teacherCookie).text
    let box = try #require(
      page.components(separatedBy: #"<input type="text" id="retention""#).dropFirst().first?
        .components(separatedBy: ">").first, "\(page)")
    #expect(box.contains(#"inputmode="decimal""#) && !page.contains(#"type="number" id="retention""#))
    let pattern = try #require(
      box.components(separatedBy: #"pattern=""#).dropFirst().first?.components(separatedBy: "\"").first)
    let whole = try NSRegularExpression(pattern: "^(?:\(pattern))$")
    func takes(_ text: String) -> Bool {
      whole.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
    for good in ["0,85", "0.85", "0.7", "0,925", " 0.9 "] { #expect(takes(good), "\(good)") }
    for bad in ["85", "abc", "", "0.8.5", "1,5e3"] { #expect(!takes(bad), "\(bad)") }
    // What the box takes, the server reads.
    #expect(await Self.setRetention(server, "0,85").status == 303)
    #expect(try server.classes.desiredRetention(of: "7B").thousandths == 850)
  }

  @Test func aRetentionIsReadAsATeacherWritesIt() throws {
    #expect(try DesiredRetention(parsing: " 0.85 ").thousandths == 850)
    #expect(try DesiredRetention(parsing: "0,925").description == "0.925")
    #expect(try DesiredRetention(parsing: "0.70").description == "0.7")
    #expect(DesiredRetention.standard.description == "0.9" && DesiredRetention.standard.value == 0.9)
    #expect(throws: DesiredRetention.Problem.outOfRange("0.971")) { try DesiredRetention(parsing: "0.971") }
    #expect(throws: DesiredRetention.Problem.notANumber("x")) { try DesiredRetention(parsing: "x") }
    #expect(DesiredRetention(stored: 650) == nil && DesiredRetention(stored: nil) == nil)
  }
}
