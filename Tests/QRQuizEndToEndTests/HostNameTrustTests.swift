import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom

/// DNS rebinding against a real `qrquiz serve` on 127.0.0.1 (issue 50, item 1): a page on
/// `attacker.example` whose name is re-pointed at this computer reaches the server with
/// `Host: attacker.example:PORT`. Every route answers such a request 421 before it is
/// looked at, with the headers of every answer; the names the server is reached by are
/// answered as before.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct HostNameTrustTests {
  let home: TemporaryDirectory
  let library: TemporaryDirectory
  let cache: TemporaryDirectory
  /// Ada's link to her own results.
  let adaLink: String

  init() throws {
    home = try TemporaryDirectory()
    (library, cache) = try LiveLibrary.make()
    let classes = ClassRosterStore(
      records: try RecordStore(file: home.url.appendingPathComponent("data/qrquiz/\(RecordStore.fileName)")))
    try classes.create(try ClassRoster(name: "7B", students: ["Ada Lovelace", "Alan Turing"]))
    _ = try classes.update("7B") { $0.giveResultsSecrets() }
    adaLink = "/s/" + (try #require(try classes.roster(named: "7B").student(card: 1)?.resultsSecret))
  }

  func string(_ value: JSONValue?) -> String { if case .string(let text)? = value { text } else { "" } }

  @Test func aForeignHostIsMisdirectedOnEveryRouteAndTheServersOwnNamesAreAnswered() throws {
    let server = try ServeProcess(
      [library.url.path, "--cache-dir", cache.url.path, "--host-name", "quiz.school.example"],
      environment: home.qrquizEnvironment)
    let token = try #require(server.teacherToken)
    let teacher = ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
    let json = ["Content-Type": "application/json"]
    func post(_ path: String, _ body: String, headers: [String: String] = json, host: String? = nil) throws
      -> HTTPProbe.Response
    {
      try server.request("POST", path, headers: headers, body: Array(body.utf8), host: host)
    }
    let due = Assignment.timestamp(QuizClock.Instant(Date().addingTimeInterval(3600)))
    let assigned = try post(
      "/api/assignments", #"{"topic":"Capitals","set":1,"due":"\#(due)","class":"7B"}"#, headers: teacher)
    try #require(assigned.status == 201, "\(assigned.text)")
    let code = string(try JSONParser.parse(assigned.body)["code"])
    let game = try post("/api/live", #"{"topic":"Capitals","set":1}"#, headers: teacher)
    try #require(game.status == 201, "\(game.text)")
    let pin = string(try JSONParser.parse(game.body)["pin"])

    let port = server.port
    // Each as a rebinding page sends it: the attacker's name, with the port or without.
    for forged in ["attacker.example:\(port)", "attacker.example", "quiz.school.example.attacker.example:\(port)"] {
      let tries: [(String, () throws -> HTTPProbe.Response)] = [
        ("homework join", { try post("/api/assignments/\(code)/students", #"{"name":"Ada Lovelace"}"#, host: forged) }),
        ("homework page", { try server.request("GET", "/a/\(code)", host: forged) }),
        ("a student's link", { try server.request("GET", adaLink, host: forged) }),
        ("live join", { try post("/api/live/\(pin)/players", #"{"name":"Mallory"}"#, host: forged) }),
        ("live page", { try server.request("GET", "/j/\(pin)", host: forged) }),
        ("a page", { try server.request("GET", "/", host: forged) }),
        ("the teacher's API", { try post("/api/live", #"{"topic":"Capitals"}"#, headers: teacher, host: forged) }),
      ]
      for (route, send) in tries {
        let answer = try send()
        #expect(answer.status == 421, "\(route) with Host \(forged): \(answer.status)")
        #expect(answer.headers["content-security-policy"] != nil && answer.headers["x-frame-options"] == "DENY")
        #expect(!answer.text.contains("secret") && !answer.text.contains("Capitals"), "\(route): \(answer.text)")
      }
    }
    // Nothing of the forged requests happened: Ada joins now, the game has no player.
    let ada = try post("/api/assignments/\(code)/students", #"{"name":"Ada Lovelace"}"#)
    #expect(ada.status == 201, "\(ada.text)")
    let running = try JSONParser.parse(
      try server.request("GET", "/api/live", headers: ["Authorization": "Bearer \(token)"]).body)
    guard case .array(let games) = running else { throw CocoaError(.coderInvalidValue) }
    #expect(games.map { $0["players"] } == [.number(0)], "\(running)")

    // The server's own names: loopback, localhost, the --host-name, in any case, with a final dot.
    for own in [
      "127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)", "QUIZ.School.example.:\(port)", "quiz.school.example",
    ] {
      #expect(try server.request("GET", "/a/\(code)", host: own).status == 200, "\(own)")
      #expect(try server.request("GET", adaLink, host: own).status == 200, "\(own)")
      #expect(try server.request("GET", "/j/\(pin)", host: own).status == 200, "\(own)")
    }
    let joined = try post("/api/live/\(pin)/players", #"{"name":"Alan"}"#, host: "quiz.school.example:\(port)")
    #expect(joined.status == 201, "\(joined.text)")
  }

  @Test func aHostNameThatIsNotOneIsRefusedInOneLine() throws {
    for bad in ["http://quiz/", "quiz school", "", "quiz/x"] {
      let result = try ProcessRunner.qrquiz(["serve", "--port", "0", "--host-name", bad])
      #expect(result.status == 2, "\(bad)")
      #expect(
        result.stderr.contains("--host-name must be a host name such as quiz.school.example, not '\(bad)'"),
        "\(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
  }
}
