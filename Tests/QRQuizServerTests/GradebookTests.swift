import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom
@testable import QRQuizServer

/// The gradebook: every live game and assignment a class took, per student: players matched
/// by the roster (names compared loosely, a card by its number), games of other classes
/// left out, the CSV guarded and the JSON whole; in process through the server's pages and
/// API, with the student's own page showing them their row and nobody else's.
@Suite struct GradebookTests {
  static func roster() throws -> ClassRoster {
    try ClassRoster(name: "7B", students: ["Ada Lovelace", "Alan Turing", "=Grace Hopper"])
  }

  /// A saved game's results as `LiveResults.json` writes them.
  static func game(
    _ id: String, created: String, players: [(name: String, card: Int?, correct: Int, unanswered: Int)],
    className: String? = nil, by: [String: String] = [:]
  ) throws -> LiveGameRecord {
    let rows: [JSONValue] = players.map { player in
      var members: [(key: String, value: JSONValue)] = [
        ("name", .string(player.name)), ("removed", .bool(false)), ("score", .number(player.correct * 1000)),
        ("correct", .number(player.correct)), ("wrong", .number(3 - player.correct - player.unanswered)),
        ("unanswered", .number(player.unanswered)),
      ]
      if let card = player.card { members.append(("card", .number(card))) }
      if let device = by[player.name] {
        members.append(("answers", .array([.object([("by", .string(device))]), .null, .null])))
      }
      return .object(members)
    }
    var members: [(key: String, value: JSONValue)] = [
      ("pin", .string("123456")), ("title", .string("Capitals")), ("created", .string(created)),
      ("questions", .array([.null, .null, .null])), ("players", .array(rows)),
    ]
    if let className { members.append(("class", .string(className))) }
    return try #require(LiveGameRecord(id: id, bytes: Array(JSONValue.object(members).compactText.utf8)))
  }

  @Test func playersAreMatchedByTheRosterAndGamesOfOtherClassesLeftOut() throws {
    let roster = try Self.roster()
    let ours = try Self.game(
      "2026-12-01-0900-Capitals-1", created: "2026-12-01T09:00:00Z",
      players: [("ada lovelace ", nil, 3, 0), ("ALAN TURING", nil, 1, 1), ("Mallory", nil, 2, 0)])
    // Two of five players are 7B's: another class's game, with a namesake in it.
    let theirs = try Self.game(
      "2026-12-02-0900-Capitals-2", created: "2026-12-02T09:00:00Z",
      players: [
        ("Ada Lovelace", nil, 3, 0), ("Alan Turing", nil, 3, 0), ("Zed", nil, 0, 3), ("Yan", nil, 1, 0),
        ("Xu", nil, 1, 0),
      ])
    // A game of the class with cards: the card's number says who, whatever the name; a
    // student in it from the start who answered nothing missed it; one may answer by phone.
    let cards = try Self.game(
      "2026-12-03-0900-Capitals-3", created: "2026-12-03T09:00:00Z",
      players: [("Ada · card 3", 3, 2, 0), ("Ada Lovelace", 1, 0, 3), ("Alan Turing", 2, 1, 0)], className: "7b",
      by: ["Ada · card 3": "card", "Alan Turing": "phone"])
    let book = Gradebook(roster: roster, assignments: [], games: [cards, theirs, ours], at: QuizClock.now)
    #expect(book.activities.map(\.id) == ["2026-12-01-0900-Capitals-1", "2026-12-03-0900-Capitals-3"])
    let ada = try #require(book.row(card: 1))
    #expect(ada.cells[0] == Gradebook.Cell(status: .done, device: .phone, score: 3000, correct: 3, answered: 3))
    #expect(ada.cells[1].status == .missed)
    #expect(try #require(book.row(card: 2)).cells[0].status == .partial)
    #expect(try #require(book.row(card: 2)).cells[1].device == .phone, "a card's student who answered by phone")
    let grace = try #require(book.row(card: 3))
    #expect(grace.cells[0].status == .missed && grace.cells[1].device == .card && grace.cells[1].correct == 2)
    #expect(ada.share == 0.5, "3 right of the 6 questions of both games")
    #expect(
      GradebookMatching.student(
        .init(name: "Grace", card: nil, byCard: false, score: 0, correct: 0, wrong: 0, unanswered: 0), in: roster)
        == nil)
  }

  @Test func assignmentsOfTheClassJoinTheTableAndTheCSVIsGuarded() throws {
    let roster = try Self.roster()
    let assignment = try Assignment.make(
      topic: try LiveGameFixtures.capitals(), topicName: "Capitals", code: "ABCD2345", due: LiveGameFixtures.t(3600),
      className: "7B", setNumber: 1, created: LiveGameFixtures.t(0))
    var work = AssignmentWork(assignment: assignment)
    work.apply(
      try work.join(
        name: "=grace hopper", secret: LiveGameFixtures.secret(1), roster: roster, at: LiveGameFixtures.t(1)))
    for (index, picks) in [[0], [1]].enumerated() {
      work.apply(
        try work.answer(secret: LiveGameFixtures.secret(1), question: index, picks: picks, at: LiveGameFixtures.t(10))
          .entry)
    }
    var other = try Assignment.make(
      topic: try LiveGameFixtures.capitals(), topicName: "Capitals", code: "ZZZZ2345", due: LiveGameFixtures.t(3600),
      className: nil, setNumber: 1, created: LiveGameFixtures.t(0))
    other.title = "For anyone"
    let open = Gradebook(
      roster: roster, assignments: [work, AssignmentWork(assignment: other)], games: [], at: LiveGameFixtures.t(100))
    #expect(open.activities.map(\.id) == ["ABCD2345"] && open.activities[0].isOpen)
    #expect(open.row(card: 1)?.cells[0].status == .pending && open.row(card: 1)?.share == nil)
    #expect(
      open.row(card: 3)?.cells[0]
        == Gradebook.Cell(
          status: .partial, device: .online, score: 1000, correct: 1, answered: 2, seconds: 9))
    let closed = Gradebook(roster: roster, assignments: [work], games: [], at: LiveGameFixtures.t(3600))
    #expect(closed.row(card: 1)?.cells[0].status == .missed)
    let csv = closed.csv
    #expect(csv.hasPrefix("\u{FEFF}name,card,share,1 score,1 right,1 answered,1 taken,1 status\r\n"))
    #expect(csv.contains("Ada Lovelace,1,0,,,,missed,missed\r\n"))
    #expect(csv.contains("\"'=Grace Hopper\",3,0.3333,1000,1,2,online,not finished\r\n"), "\(csv)")
    #expect(csv.contains("activity,kind,title,date,questions,id,notes\r\n1,assignment,Capitals,"))
    guard case .array(let students)? = closed.json["students"] else { throw CocoaError(.coderInvalidValue) }
    guard case .array(let cells)? = students[2]["cells"] else { throw CocoaError(.coderInvalidValue) }
    #expect(students.count == 3 && cells[0]["device"] == .string("online"))
  }

  @Test func theTeachersGradebookAndEachStudentsOwnPage() async throws {
    let server = try HomeworkServer()
    try await server.playLiveGame([
      ("Ada Lovelace", [[0], [0, 2], [0]]), ("alan turing", [[1], nil, [0]]), ("Mallory", [[0], [0], [0]]),
    ])
    let code = try await server.assign("Capitals", #","set":1,"class":"7B""#)
    let grace = try await server.join(code, "Grace Hopper")
    _ = await server.answer(code, grace, 0, [0])

    // The teacher's alone.
    #expect(await server.get("/classes/7B").status == 403)
    #expect(await server.get("/api/classes/7B/gradebook.csv").status == 401)
    #expect(await server.get("/classes").status == 403)
    let classes = await server.get("/classes", headers: HomeworkServer.teacherCookie).text
    #expect(classes.contains(#"<a class="name" href="/classes/7B">7B</a>"#) && classes.contains("3 students"))
    let page = await server.get("/classes/7b", headers: HomeworkServer.teacherCookie)
    #expect(page.status == 200)
    #expect(page.text.contains("Gradebook of 7B"))
    #expect(page.text.contains("Ada Lovelace <span class=\"accommodation\">extra time ×1.5 · no speed scoring</span>"))
    #expect(page.text.contains("<td class=\"done\">3000 · 3/3</td>"), "Ada's live game")
    #expect(page.text.contains("<td class=\"partial\">1000 · 1/3"), "Alan missed a question")
    #expect(page.text.contains("<td class=\"pending\">not started</td>"), "the homework is not due yet")
    let table = page.text.components(separatedBy: #"id="merges""#)[0]
    #expect(!table.contains("Mallory"), "a player who is not the class's is not in its gradebook")
    #expect(page.text.contains("Mallory (Capitals): merge into…"), "but may be merged into a student")
    #expect(await server.get("/classes/9Z", headers: HomeworkServer.teacherCookie).status == 404)

    let csv = await server.get("/api/classes/7B/gradebook.csv", headers: HomeworkServer.teacher)
    #expect(csv.status == 200 && csv.headers["content-type"] == "text/csv; charset=utf-8")
    #expect(csv.text.contains("Ada Lovelace,1,1,3000,3,3,phone,,,,not started,done,not started\r\n"), "\(csv.text)")
    #expect(
      csv.text.contains("Grace Hopper,3,0,,,,missed,1000,1,1,online,missed,not finished\r\n"), "\(csv.text)")
    #expect(!csv.text.contains("1.5"), "accommodations stay on the teacher's pages")
    let json = try JSONParser.parse(
      await server.get("/api/classes/7B/gradebook.json", headers: HomeworkServer.teacher).body)
    guard case .array(let activities)? = json["activities"] else { throw CocoaError(.coderInvalidValue) }
    #expect(activities.map { $0["kind"] } == [.string("live"), .string("assignment")])

    // The students' own pages: made on the teacher's word, each showing one student's row.
    let csrf = await server.formToken()
    let made = await server.client.request(
      "POST", "/classes/7B/links", headers: HomeworkServer.teacherCookie, body: Array("csrf=\(csrf)".utf8))
    #expect([302, 303].contains(made.status))
    let roster = try server.classes.roster(named: "7B")
    let adaSecret = try #require(roster.student(card: 1)?.resultsSecret)
    #expect(await server.get("/classes/7B", headers: HomeworkServer.teacherCookie).text.contains("/s/\(adaSecret)"))
    let adas = await server.get("/s/\(adaSecret)")
    #expect(adas.status == 200)
    #expect(adas.text.contains("Ada Lovelace, 7B") && adas.text.contains("3000 points · 3 of 3 right"))
    #expect(!adas.text.contains("Alan") && !adas.text.contains("Grace") && !adas.text.contains("×1.5"))
    #expect(await server.get("/s/\(String(repeating: "0", count: 32))").status == 404)
    #expect(await server.get("/s/nope").status == 404)
  }
}
