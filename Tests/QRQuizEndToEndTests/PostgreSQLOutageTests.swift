import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom

/// A school's database lost in the middle of a live game served by `qrquiz serve --database`:
/// each move that cannot be stored is refused at once (503, never held until the database
/// is back) and changes nothing in the game; what was acknowledged stays; once the database
/// is back the server reaches it again by itself and the game goes on, every acknowledged
/// answer in its results.
///
/// The outage is the test's database's alone (its connections ended, new ones refused:
/// `TestRecords.takeDown()`), not a stop of the throwaway cluster, which the other suites
/// running at the same moment use too; to the server it is the same: every connection it
/// holds fails, and no new one can be made.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct PostgreSQLOutageTests {
  let home: TemporaryDirectory
  let library: TemporaryDirectory
  let cache: TemporaryDirectory

  init() throws {
    home = try TemporaryDirectory()
    (library, cache) = try LiveLibrary.make()
  }

  func string(_ value: JSONValue?) -> String { if case .string(let text)? = value { text } else { "" } }

  func answer(_ server: ServeProcess, _ pin: String, _ secret: String, pick: Int) throws -> (Int, JSONValue) {
    let answered = try server.postJSON(
      "/api/live/\(pin)/answers", #"{"secret":"\#(secret)","question":0,"answers":[\#(pick)]}"#)
    return (answered.status, answered.json)
  }

  @Test func aMoveThatCannotBeStoredIsRefusedAtOnceAndTheGameGoesOnWhenTheDatabaseIsBack() throws {
    let database = try TestRecords(.postgreSQL)
    let url = try #require(database.address?.url)
    // A class on the school's server, made as its IT would.
    let made = try ProcessRunner.qrquiz(
      ["class", "new", "7B", "--students", "-"], stdin: Data("Ada Lovelace\nAlan Turing\n".utf8),
      environment: home.qrquizEnvironment.merging(["QRQUIZ_DATABASE": url]) { $1 })
    try #require(made.status == 0, "\(made.stderr)")
    let server = try ServeProcess(
      [library.url.path, "--cache-dir", cache.url.path, "--database", url], environment: home.qrquizEnvironment)
    let token = try #require(server.teacherToken)
    let game = try server.postJSON("/api/live", #"{"topic":"Capitals","set":1,"seconds":600}"#, token: token)
    try #require(game.status == 201, "\(game.json)")
    let pin = string(game.json["pin"])
    let host = string(game.json["host"])
    var secrets: [String: String] = [:]
    for name in ["Ada", "Bob", "Cy"] {
      let joined = try server.postJSON("/api/live/\(pin)/players", #"{"name":"\#(name)"}"#)
      try #require(joined.status == 201, "\(joined.json)")
      secrets[name] = string(joined.json["secret"])
    }
    // Homework beside the game, its student joined.
    let due = Assignment.timestamp(QuizClock.Instant(Date().addingTimeInterval(3600)))
    let homework = try server.postJSON(
      "/api/assignments", #"{"topic":"Capitals","set":1,"due":"\#(due)"}"#, token: token)
    try #require(homework.status == 201, "\(homework.json)")
    let code = string(homework.json["code"])
    let classHomework = try server.postJSON(
      "/api/assignments", #"{"topic":"Capitals","set":1,"due":"\#(due)","class":"7B"}"#, token: token)
    try #require(classHomework.status == 201, "\(classHomework.json)")
    let classCode = string(classHomework.json["code"])
    let student = string(try server.postJSON("/api/assignments/\(code)/students", #"{"name":"Eve"}"#).json["secret"])
    func homeworkAnswer() throws -> (status: Int, json: JSONValue) {
      try server.postJSON("/api/assignments/\(code)/answers", #"{"secret":"\#(student)","index":0,"answers":[0]}"#)
    }
    try #require(try server.postJSON("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#).status == 200)
    let ada = try answer(server, pin, secrets["Ada"]!, pick: 0)
    #expect(ada.0 == 202, "\(ada.1)")

    // The database goes away mid-question.
    try database.takeDown()
    let refused = try answer(server, pin, secrets["Bob"]!, pick: 2)
    #expect(refused.0 == 503, "\(refused.1)")
    #expect(string(refused.1["error"]).contains("could not be saved"), "\(refused.1)")
    let late = try server.postJSON("/api/live/\(pin)/players", #"{"name":"Dee"}"#)
    #expect(late.status == 503, "\(late.json)")
    let unsaved = try homeworkAnswer()
    #expect(unsaved.status == 503, "\(unsaved.json)")
    // Nothing new is made, each refused at once (a PIN or a code is never drawn again and
    // again against a database that cannot answer, holding every other request up).
    let newGame = try server.postJSON("/api/live", #"{"topic":"Capitals","set":1}"#, token: token)
    #expect(newGame.status == 503, "\(newGame.json)")
    let newHomework = try server.postJSON(
      "/api/assignments", #"{"topic":"Capitals","set":1,"due":"\#(due)"}"#, token: token)
    #expect(newHomework.status == 503, "\(newHomework.json)")
    // A student on the class's list is told the server's trouble, not that her name is not
    // on it; the teacher's gradebook says the records are away, not that the class is.
    let onTheList = try server.postJSON("/api/assignments/\(classCode)/students", #"{"name":"Ada Lovelace"}"#)
    #expect(onTheList.status == 503, "\(onTheList.json)")
    let gradebook = try server.request("GET", "/classes/7B", headers: ["Authorization": "Bearer \(token)"])
    #expect(gradebook.status == 503 && gradebook.headers["retry-after"] != nil, "\(gradebook.status)")
    #expect(gradebook.text.contains("The records cannot be reached just now"), "\(gradebook.text)")
    // A second process starting now is told in one line, and does not serve.
    let second = try ProcessRunner.qrquiz(
      ["serve", "--port", "0", library.url.path, "--cache-dir", cache.url.path, "--database", url],
      environment: try TemporaryDirectory().qrquizEnvironment)
    #expect(second.status == 5 && second.stderr.split(separator: "\n").count == 1, "\(second.stderr)")
    #expect(second.stderr.contains("cannot be reached") && second.stdoutText.isEmpty, "\(second.stderr)")
    let live = try ProcessRunner.qrquiz(
      [
        "live", library.url.appendingPathComponent("Capitals.json").path, "--port", "0", "--cache-dir", cache.url.path,
        "--database", url,
      ], environment: try TemporaryDirectory().qrquizEnvironment)
    #expect(live.status == 5 && live.stderr.split(separator: "\n").count == 1, "\(live.stderr)")
    #expect(live.stderr.contains("cannot be reached") && live.stdoutText.isEmpty, "\(live.stderr)")

    // Back: the same server reaches it again by itself. Bob's refused answer changed
    // nothing: he answers the question now as if for the first time.
    try database.bringBack()
    let bob = try answer(server, pin, secrets["Bob"]!, pick: 1)
    #expect(bob.0 == 202, "\(bob.1)")
    let cy = try answer(server, pin, secrets["Cy"]!, pick: 0)
    #expect(cy.0 == 202, "\(cy.1)")
    #expect(try server.postJSON("/api/live/\(pin)/players", #"{"name":"Dee"}"#).status == 201)
    #expect(try server.postJSON("/api/assignments/\(classCode)/students", #"{"name":"Ada Lovelace"}"#).status == 201)
    // The homework's refused answer changed nothing either: question 0 is still Eve's next.
    let saved = try homeworkAnswer()
    #expect(saved.status == 200 && saved.json["right"] == .bool(true), "\(saved.json)")
    #expect(try server.postJSON("/api/live/\(pin)/end", #"{"secret":"\#(host)"}"#).status == 200)
    server.kill()

    // Every acknowledged answer is in the results the records keep, and no refused one.
    let stored = try Database(try #require(database.address)).value(
      "SELECT results FROM live_games WHERE pin = \(pin)", as: String.self)
    let results = try JSONParser.parse(Array(try #require(stored).utf8))
    guard case .array(let players)? = results["players"] else {
      Issue.record("no players in \(results)")
      return
    }
    var picks: [String: JSONValue] = [:]
    for player in players {
      guard case .array(let answers)? = player["answers"] else { continue }
      picks[string(player["name"])] = answers.first?["picks"] ?? .null
    }
    #expect(picks["Ada"] == .array([.number(0)]), "\(results)")
    #expect(picks["Bob"] == .array([.number(1)]), "\(results)")
    #expect(picks["Cy"] == .array([.number(0)]), "\(results)")
    #expect(picks.keys.sorted() == ["Ada", "Bob", "Cy", "Dee"], "\(results)")
  }
}
