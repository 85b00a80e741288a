import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom
@testable import QRQuizServer

/// Live games on a real `qrquiz serve`: event streams over sockets, a server killed
/// mid-game and started again, and a class of phones on their own addresses.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct LiveServerTests {
  let home: TemporaryDirectory
  let library: TemporaryDirectory
  let cache: TemporaryDirectory

  init() throws {
    home = try TemporaryDirectory()
    (library, cache) = try LiveLibrary.make()
  }

  func startServer() throws -> ServeProcess {
    try ServeProcess([library.url.path, "--cache-dir", cache.url.path], environment: home.qrquizEnvironment)
  }

  func post(_ server: ServeProcess, _ path: String, _ body: String, headers: [String: String] = [:]) throws
    -> (status: Int, json: JSONValue)
  {
    let response = try server.request(
      "POST", path, headers: ["Content-Type": "application/json"].merging(headers) { $1 }, body: Array(body.utf8))
    return (response.status, (try? JSONParser.parse(response.body)) ?? .null)
  }

  func string(_ value: JSONValue?) -> String { if case .string(let text)? = value { text } else { "" } }

  @Test func aGameKilledMidQuestionResumesWithItsPINSecretsScoresAndStreaks() throws {
    var server = try startServer()
    let token = try #require(server.teacherToken)
    let made = try post(
      server, "/api/live", #"{"topic":"Capitals","set":1,"seconds":600}"#, headers: ["Authorization": "Bearer \(token)"]
    )
    #expect(made.status == 201)
    let pin = string(made.json["pin"])
    let host = string(made.json["host"])
    var secrets: [String] = []
    for name in ["Ada", "Bob", "Cy"] {
      let joined = try post(server, "/api/live/\(pin)/players", #"{"name":"\#(name)"}"#)
      #expect(joined.status == 201)
      secrets.append(string(joined.json["secret"]))
    }
    let phone = try EventStreamClient(port: server.port, path: "/api/live/\(pin)/events?secret=\(secrets[0])")
    #expect(phone.status == 200 && phone.head.lowercased().contains("text/event-stream"))
    try phone.waitForEvent { $0.name == "lobby" }
    func answer(_ player: Int, _ question: Int, _ picks: String) throws -> Int {
      try post(
        server, "/api/live/\(pin)/answers",
        #"{"secret":"\#(secrets[player])","question":\#(question),"answers":\#(picks)}"#
      ).status
    }
    #expect(try post(server, "/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#).status == 200)
    try phone.waitForEvent { $0.name == "question" && $0.data["index"] == .number(0) }
    #expect(try answer(0, 0, "[0]") == 202)
    #expect(try answer(1, 0, "[1]") == 202)
    #expect(try answer(2, 0, "[0]") == 202)  // the last: the question closes
    let first = try phone.waitForEvent { $0.name == "closed" }
    let adaAfterOne = first.data["you"]?["score"]
    #expect(try post(server, "/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#).status == 200)
    #expect(try answer(0, 1, "[0,2]") == 202)  // acknowledged: journaled before the answer came
    #expect(try answer(1, 1, "[0,2]") == 202)
    // Cy has not answered question 2 when the server dies.
    server.kill()

    server = try startServer()
    #expect(server.teacherToken == token)
    // Same PIN, same secrets; question 2 still open (its 600 s, the longest a question may
    // have, are not up however slow the restart), with the answers received before the
    // crash, so Cy can still answer.
    let status = try server.request("GET", "/api/live/\(pin)/status?secret=\(secrets[0])")
    #expect(status.status == 200, "\(status.text) \(server.errorText)")
    #expect(status.text.contains(#""phase":"question","question":1"#), "\(status.text)")
    let again = try EventStreamClient(port: server.port, path: "/api/live/\(pin)/events?secret=\(secrets[0])")
    #expect(try answer(0, 1, "[0,2]") == 409, "Ada's answer came back with the journal")
    #expect(try answer(2, 1, "[1]") == 202)  // the last: the question closes
    let resumed = try again.waitForEvent { $0.name == "closed" }
    #expect(resumed.data["index"] == .number(1))
    #expect(resumed.data["tally"] == .array([.number(2), .number(1), .number(2), .number(0)]))
    guard case .number(let before)? = adaAfterOne, case .number(let now)? = resumed.data["you"]?["score"] else {
      Issue.record("no scores: \(again.text)")
      return
    }
    // A second right answer, with the streak bonus: over 1,000 points while it came within a
    // fifth of the question's 600 s.
    #expect(now.value > before.value + 1000)
    #expect(resumed.data["you"]?["streak"] == .number(2))
    let cy = try EventStreamClient(port: server.port, path: "/api/live/\(pin)/events?secret=\(secrets[2])")
    #expect(try cy.waitForEvent { $0.name == "closed" }.data["you"]?["streak"] == .number(0))
    // The host's secret still works; the game goes on.
    #expect(try post(server, "/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#).status == 200)
    try again.waitForEvent { $0.name == "question" && $0.data["index"] == .number(2) }
    #expect(try answer(0, 2, "[0]") == 202)
    #expect(try post(server, "/api/live/\(pin)/end", #"{"secret":"\#(host)"}"#).status == 200)
    try again.waitForEvent { $0.name == "over" }
    // The results are kept in the data folder, and listed.
    let listed = try ProcessRunner.qrquiz(["live", "--results"], environment: home.qrquizEnvironment)
    #expect(listed.status == 0 && listed.stdoutText.contains("Capitals\t3 players\twinner Ada"), "\(listed.stdoutText)")
  }

  @Test func aClassOnItsOwnAddressesGetsEachQuestionOnItsStream() throws {
    let server = try startServer()
    let token = try #require(server.teacherToken)
    let made = try post(
      server, "/api/live", #"{"topic":"Capitals","set":1}"#, headers: ["Authorization": "Bearer \(token)"])
    let pin = string(made.json["pin"])
    let host = string(made.json["host"])
    var phones: [EventStreamClient] = []
    for number in 0..<120 {
      // Phones on eight addresses, as a school's Wi-Fi behind a few access points.
      let address = "127.0.0.\(2 + number % 8)"
      let joined = try server.request(
        "POST", "/api/live/\(pin)/players", body: Array(#"{"name":"Student \#(number)"}"#.utf8), from: address)
      #expect(joined.status == 201)
      let secret = string((try? JSONParser.parse(joined.body))?["secret"])
      phones.append(
        try EventStreamClient(port: server.port, path: "/api/live/\(pin)/events?secret=\(secret)", from: address))
    }
    #expect(try post(server, "/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#).status == 200)
    for phone in phones {
      let question = try phone.waitForEvent { $0.name == "question" }
      #expect(question.data["text"] == .string("Capital of France?"))
      #expect(!phone.text.contains(host))
    }
  }

  struct BrowserReport: Decodable {
    struct Phone: Decodable {
      var lobby: String
      var verdicts: [String]?
      var afterOne: String?
      var afterReload: String?
      var afterTwo: String?
      var place: String?
      var removed: String?
      var rejoin: String?
      var picked: String?
      var pickedAfterReload: String?
      var pickedMarked: [String]?
    }
    var hostAddress: String
    var lobbyNames: [String]
    var hostTop: [String]
    var hostRightMarked: [String]
    var hostImage: String
    var podium: [String]
    var podiumSteps: [[String]]
    var removeQuestion: String
    var afterCancel: Int
    var banned: [String]
    var endQuestion: String
    var afterEndCancelled: String
    var controlsAtTheEnd: Bool
    var resultsLink: String
    var phones: [String: Phone]
    var layout: [String: [String]]
    var console: [String]
  }

  @Test func aHostAndFourPhonesPlayInChromium() async throws {
    let server = try startServer()
    let token = try #require(server.teacherToken)
    let made = try post(
      server, "/api/live", #"{"topic":"Capitals","set":1,"seconds":600,"scoring":"accuracy"}"#,
      headers: ["Authorization": "Bearer \(token)"])
    let pin = string(made.json["pin"])
    let run = try await ProcessRunner.runLong(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["python3", Fixtures.url("live_browser_check.py").path, server.base, string(made.json["host_page"]), pin],
      hangLimit: .processorSeconds(300))
    try #require(run.status == 0, "\(run.stderr)")
    let report = try JSONDecoder().decode(BrowserReport.self, from: run.stdout)
    #expect(report.hostAddress == "\(server.base)/host/\(pin)")
    #expect(report.lobbyNames == ["Ada", "Bob", "Cy", "Dee"])
    #expect(report.phones["Ada"]?.lobby == "You are Ada")
    #expect(report.phones["Ada"]?.verdicts == ["Right!", "Right!"])
    #expect(report.phones["Cy"]?.verdicts == ["Wrong", "Wrong"])
    #expect(report.hostRightMarked == ["Paris"])
    #expect(report.hostTop.count == 4)
    // Bob's reload lost nothing: the question came back, and his score went on from it.
    let bob = try #require(report.phones["Bob"])
    #expect(bob.afterReload == "Which are in Spain?")
    #expect(bob.afterOne?.hasPrefix("Score ") == true && bob.afterOne?.contains("streak 1") == true, "\(bob)")
    #expect(bob.afterTwo?.contains("streak 2") == true, "\(bob)")
    #expect(report.phones["Dee"]?.removed == "The host removed you from the game.")
    // Removed by her name, after a question (a cancel removed nobody), and told so again.
    #expect(report.removeQuestion == "Remove Dee from the game?")
    #expect(report.afterCancel == 4)
    #expect(report.banned == ["Dee"])
    #expect(report.phones["Dee"]?.rejoin == "The host removed you from this game: you cannot join it again.")
    #expect(report.phones["Ada"]?.picked == "Your answer: A. Madrid · C. Seville")
    #expect(report.phones["Ada"]?.pickedAfterReload == "Your answer: A. Madrid · C. Seville")
    #expect(report.phones["Ada"]?.pickedMarked == ["Madrid", "Seville"])
    // Ending asks first; after the end nothing is offered that no longer applies.
    #expect(report.endQuestion.hasPrefix("End the game now?"))
    #expect(report.afterEndCancelled == "closed")
    #expect(report.controlsAtTheEnd)
    #expect(report.hostImage.hasPrefix("/img/"))
    #expect(report.podium.count == 3 && report.podium.allSatisfy { !$0.contains("Dee") }, "\(report.podium)")
    // Accuracy scoring: Ada and Bob, right three times, are tied for first and stand on the
    // same step, both labelled 1; Cy, third, stands lower.
    let steps = Dictionary(uniqueKeysWithValues: report.podiumSteps.map { ($0[0], Array($0.dropFirst())) })
    let (ada, bobsStep, cy) = (steps["Ada"] ?? [], steps["Bob"] ?? [], steps["Cy"] ?? [])
    #expect(ada.count == 3 && ada == bobsStep && ada[0] == "1", "\(report.podiumSteps)")
    #expect(cy.first == "3" && (Int(cy.last ?? "") ?? 0) < (Int(ada.last ?? "") ?? 0), "\(report.podiumSteps)")
    #expect(report.phones["Cy"]?.place?.hasPrefix("Place 3, with 0 points") == true, "\(report.phones)")
    #expect(report.resultsLink == "\(server.base)/api/live/\(pin)/results.csv")
    for (page, offenders) in report.layout.sorted(by: { $0.key < $1.key }) {
      #expect(offenders.isEmpty, "\(page): \(offenders)")
    }
    // The one refusal the browser logs is Dee's join, refused on purpose.
    let unexpected = report.console.filter {
      !$0.contains("/api/live/\(pin)/players - Failed to load resource: the server responded with a status of 403")
    }
    #expect(report.console.count == 1 && unexpected.isEmpty, "\(report.console)")
  }

  /// Games left by a crash: moves written by an app on the same data folder, never
  /// finished. Returns each game's PIN with a player's secret.
  func journalsOfRunningGames(_ count: Int, players: Int) async throws -> [(pin: String, secret: String)] {
    let data = home.url.appendingPathComponent("data/qrquiz")
    let archive = LiveGameStore(
      records: try RecordStore(file: data.appendingPathComponent(RecordStore.fileName)),
      directory: data.appendingPathComponent("live"))
    let app = QuizWebApp(
      topics: .library(TopicLibrary(directory: library.url)),
      configuration: .init(publicURL: "http://127.0.0.1:8080", liveGames: archive),
      live: LiveGames(store: archive, runsTicker: false))
    app.reload()
    let client = WebAppClient(app: app)
    var games: [(pin: String, secret: String)] = []
    for number in 0..<count {
      let game = try app.startLiveGame(topic: "Capitals", set: 1)
      var secret = ""
      for player in 0..<players {
        let joined = await client.request(
          "POST", "/api/live/\(game.pin)/players", body: Array(#"{"name":"P\#(player)"}"#.utf8),
          from: "10.0.\(number).\(player)")
        if case .string(let text)? = try JSONParser.parse(joined.body)["secret"] { secret = text }
      }
      games.append((game.pin, secret))
    }
    return games
  }

  @Test func theVeryFirstRequestAfterARestartFindsItsGameAndServeSaysWhatItResumed() async throws {
    let games = try await journalsOfRunningGames(24, players: 12)
    let port = try freeLoopbackPort()
    let output = try TemporaryDirectory()
    let stdout = output.url.appendingPathComponent("stdout")
    let stderr = output.url.appendingPathComponent("stderr")
    let process = try ChildProcess(
      ProcessRunner.qrquiz, ["serve", library.url.path, "--cache-dir", cache.url.path, "--port", String(port)],
      environment: home.qrquizEnvironment, stdout: stdout, stderr: stderr)
    defer { process.killNow() }
    // The phone of the game resumed last checks in as soon as the port takes a connection.
    let (pin, secret) = games[games.count - 1]
    var first: HTTPProbe.Response?
    let answered = process.wait(until: {
      first = try? HTTPProbe.request(port: port, method: "GET", path: "/api/live/\(pin)/status?secret=\(secret)")
      return first != nil
    })
    let answer = try #require(
      first, "the server never answered (\(answered)): \((try? String(contentsOf: stderr, encoding: .utf8)) ?? "")")
    #expect(answer.status == 200, "the first request got \(answer.status): \(answer.text)")
    #expect(answer.text.contains(#""role":"player""#))

    var text = ""
    _ = process.wait(until: {
      text = (try? String(contentsOf: stdout, encoding: .utf8)) ?? ""
      return text.contains("Press Ctrl-C")
    })
    for game in games {
      #expect(
        text.contains(
          "Resumed live game \(game.pin.prefix(3)) \(game.pin.dropFirst(3)) of Capitals (Capitals): "
            + "in the lobby, 12 players"), "\(text)")
    }
  }

  /// `qrquiz live --games`: the games of the server on this computer, asked with the
  /// teacher's token this computer keeps; a server that is not there is said in one line.
  @Test func liveGamesListsTheRunningGamesOfTheServerInTheTerminal() throws {
    let server = try startServer()
    let token = try #require(server.teacherToken)
    let made = try post(
      server, "/api/live", #"{"topic":"Capitals","set":1}"#, headers: ["Authorization": "Bearer \(token)"])
    let pin = string(made.json["pin"])
    _ = try post(server, "/api/live/\(pin)/players", #"{"name":"Ada"}"#)
    let listed = try ProcessRunner.run(
      ProcessRunner.qrquiz, ["live", "--games", "--port", String(server.port)], environment: home.qrquizEnvironment)
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(listed.stdoutText.contains("PIN \(pin)") && listed.stdoutText.contains("Capitals"), "\(listed.stdoutText)")
    #expect(listed.stdoutText.contains("lobby") && listed.stdoutText.contains("1 player"), "\(listed.stdoutText)")
    #expect(listed.stdoutText.contains("\(server.base)/host/\(pin)?secret="), "\(listed.stdoutText)")

    let nobody = try ProcessRunner.run(
      ProcessRunner.qrquiz, ["live", "--games", "--url", "http://127.0.0.1:1"], environment: home.qrquizEnvironment)
    #expect(nobody.status == 4 && nobody.stderr.contains("no qrquiz server answers"), "\(nobody.stderr)")
    #expect(nobody.stderr.split(separator: "\n").count == 1)
    let misused = try ProcessRunner.run(
      ProcessRunner.qrquiz, ["live", "Capitals", "--games"], environment: home.qrquizEnvironment)
    #expect(misused.status == 2, "\(misused.stderr)")
  }

  /// A phone that gets 404 while it reconnects (another server answering on the port, for
  /// a moment) keeps its player: once its own server is back, a reload finds Ada in the lobby.
  @Test func aPhoneKeepsItsPlayerThroughA404WhileReconnecting() async throws {
    let other = try TemporaryDirectory()
    let run = try await ProcessRunner.runLong(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "python3", Fixtures.url("live_reconnect_check.py").path, ProcessRunner.qrquiz.path, library.url.path,
        cache.url.path, home.path("data"), other.path("data"), String(try freeLoopbackPort()),
      ], hangLimit: .processorSeconds(300))
    #expect(run.status == 0, "\(run.stderr)")
    let report = try JSONParser.parse(run.stdout)
    func text(_ key: String) -> String { if case .string(let text)? = report[key] { text } else { "" } }
    #expect(text("joined").contains("qrquiz-live-"), "\(run.stdoutText)")
    #expect(text("gone").contains("No game has this PIN"), "\(run.stdoutText)")
    #expect(text("kept after 404") == text("joined"), "the page forgot its player on a 404: \(run.stdoutText)")
    #expect(text("after reload") == "lobby" && text("lobby").contains("Ada"), "\(run.stdoutText)")
  }
}
