import Foundation
import QRQuizServerTesting
import QRQuizTestPhotos
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizCards
@testable import QRQuizServer

/// Answer cards in a live game on a real `qrquiz serve` with a class made by `qrquiz
/// class`: frames posted over sockets, and the server killed between two of them.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct LiveCardsServerTests {
  let home: TemporaryDirectory
  let library: TemporaryDirectory
  let cache: TemporaryDirectory

  init() throws {
    home = try TemporaryDirectory()
    (library, cache) = try LiveLibrary.make()
    let students = home.path("7B.txt")
    try "Ada Lovelace\nAlan Turing\nGrace Hopper\n".write(toFile: students, atomically: true, encoding: .utf8)
    let made = try ProcessRunner.qrquiz(
      ["class", "new", "7B", "--students", students], environment: home.qrquizEnvironment)
    #expect(made.status == 0, "\(made.stderr)")
  }

  func startServer() throws -> ServeProcess {
    try ServeProcess([library.url.path, "--cache-dir", cache.url.path], environment: home.qrquizEnvironment)
  }

  func post(_ server: ServeProcess, _ path: String, _ body: [UInt8], headers: [String: String] = [:]) throws
    -> (status: Int, json: JSONValue)
  {
    let response = try server.request("POST", path, headers: headers, body: body)
    return (response.status, (try? JSONParser.parse(response.body)) ?? .null)
  }

  func string(_ value: JSONValue?) -> String { if case .string(let text)? = value { text } else { "" } }

  @Test func aServerKilledBetweenTwoScansResumesWithEveryCardTheFirstRead() throws {
    var server = try startServer()
    let token = try #require(server.teacherToken)
    let made = try post(
      server, "/api/live", Array(#"{"topic":"Capitals","set":1,"class":"7B","scoring":"accuracy","seconds":600}"#.utf8),
      headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"])
    #expect(made.status == 201)
    let pin = string(made.json["pin"])
    let host = string(made.json["host"])
    let scanner = string(made.json["scanner"])
    #expect(try post(server, "/api/live/\(pin)/next", Array(#"{"secret":"\#(host)"}"#.utf8)).status == 200)
    // The teacher's phone: Ada shows B, Alan A. Acknowledged: journaled before the answer.
    let first = try post(
      server, "/api/live/\(pin)/scan?secret=\(scanner)", try CardFrames.frame([(1, .b), (2, .a)]),
      headers: ["Content-Type": "image/jpeg"])
    #expect(first.status == 200, "\(first.json.compactText) \(server.errorText)")
    server.kill()

    server = try startServer()
    // The question is still open, with the cards the first frame read: seen, and not new.
    let status = try server.request("GET", "/api/live/\(pin)/status?secret=\(host)")
    #expect(status.text.contains(#""phase":"question","question":0"#), "\(status.text) \(server.errorText)")
    let again = try post(
      server, "/api/live/\(pin)/scan?secret=\(scanner)", try CardFrames.frame([(1, .b), (2, .a)], seed: 2),
      headers: ["Content-Type": "image/jpeg"])
    guard case .array(let seenAgain)? = again.json["seen"] else {
      Issue.record("nothing seen: \(again.json.compactText)")
      return
    }
    #expect(seenAgain.map { $0["new"] } == [.bool(false), .bool(false)])
    #expect(try post(server, "/api/live/\(pin)/next", Array(#"{"secret":"\#(host)"}"#.utf8)).status == 200)
    #expect(try post(server, "/api/live/\(pin)/next", Array(#"{"secret":"\#(host)"}"#.utf8)).status == 200)
    // Question 2 (Madrid and Seville): Ada shows A, Alan C, from the host's camera.
    let second = try post(
      server, "/api/live/\(pin)/scan", try CardFrames.frame([(1, .a), (2, .c)], seed: 3),
      headers: ["Authorization": "Bearer \(host)", "Content-Type": "image/jpeg"])
    #expect(second.status == 200)
    guard case .array(let seen)? = second.json["seen"] else {
      Issue.record("nothing seen: \(second.json.compactText)")
      return
    }
    #expect(seen.map { $0["new"] } == [.bool(true), .bool(true)])
    #expect(try post(server, "/api/live/\(pin)/end", Array(#"{"secret":"\#(host)"}"#.utf8)).status == 200)
    let results = try server.request("GET", "/api/live/\(pin)/results.csv?secret=\(host)")
    let rows = results.text.split(separator: "\r\n").map(String.init)
    #expect(rows.first?.hasPrefix("\u{FEFF}name,card,score,") == true, "\(results.text)")
    // Ada: B then A (wrong twice: Spain needs both); Alan: A (right), then C (wrong); Grace: nothing.
    #expect(rows.contains { $0.hasPrefix("Alan Turing,2,1000,1,1,0,1,1,Paris,") }, "\(results.text)")
    #expect(rows.contains { $0.hasPrefix("Ada Lovelace,1,0,0,2,0,2,2,Rome,") }, "\(results.text)")
    #expect(rows.contains { $0.hasPrefix("Grace Hopper,3,0,0,0,2,2,") }, "\(results.text)")
  }

  @Test func aSecondServerOnTheSameDataFolderIsRefusedAndTheSameCommandTakesUpTheGame() throws {
    let first = try startServer()
    let second = try ProcessRunner.qrquiz(
      ["serve", library.url.path, "--cache-dir", cache.url.path, "--port", "0"], environment: home.qrquizEnvironment)
    #expect(second.status != 0)
    #expect(
      second.stderr.contains("served by another qrquiz already (process")
        && second.stderr.contains("port \(first.port)"),
      "\(second.stderr)")
    first.kill()
    // A live game left by a crash: `qrquiz live` with the same topic and class takes it up.
    let live = try ServeProcess.live(
      ["Capitals", "--class", "7b", "--host", "127.0.0.1"], library: library, cache: cache, home: home)
    let pin = try #require(live.startText.range(of: "/j/").map { String(live.startText[$0.upperBound...].prefix(6)) })
    live.kill()
    let again = try ServeProcess.live(
      ["Capitals", "--class", "7B", "--host", "127.0.0.1"], library: library, cache: cache, home: home)
    #expect(again.startText.contains("Taking up the unfinished game of Capitals"), "\(again.startText)")
    #expect(again.startText.contains("/j/\(pin)"), "\(again.startText)")
    #expect(again.startText.contains("http://localhost:\(again.port)/host/\(pin)?secret="))
    // A class that is not there is said before anything is served.
    let typo = try ProcessRunner.qrquiz(
      ["live", "Capitals", "--class", "9Z", "--port", "0"], environment: home.qrquizEnvironment)
    #expect(typo.status != 0 && typo.stderr.contains("9Z"), "\(typo.stderr)")
  }

  struct BrowserReport: Decodable {
    struct Violation: Decodable {
      var page: String
      var scheme: String
      var width: Int
      var language: String
      var rule: String
    }
    var lobbyNames: [String]
    var gridBefore: [[Int]]
    var gridAfterCamera: [[Int]]
    var gridText: String
    var cameraStatus: String
    var cameraStopped: String
    var scanAddress: String
    var scanResult: String
    var scanSeen: String
    var gridAfterPhoto: [[Int]]
    var scanLinkClosed: Bool?
    var libraryScanLink: String?
    var scanCodeLoaded: Bool?
    var hostShowsScanLink: Bool?
    var violations: [Violation]
    var layout: [String: [String]]
    var console: [String]
  }

  /// `image` as a two-frame YUV4MPEG2 video (grey: the chroma planes flat), the file
  /// Chromium's fake camera plays in a loop.
  static func video(_ image: GrayImage) -> [UInt8] {
    var bytes = Array("YUV4MPEG2 W\(image.width) H\(image.height) F5:1 Ip A1:1 C420jpeg\n".utf8)
    let chroma = [UInt8](repeating: 128, count: (image.width / 2) * (image.height / 2) * 2)
    for _ in 0..<2 { bytes += Array("FRAME\n".utf8) + image.pixels + chroma }
    return bytes
  }

  @Test func theHostsCameraAndTheTeachersPhoneReadTheCardsInChromium() async throws {
    let server = try startServer()
    let token = try #require(server.teacherToken)
    let made = try post(
      server, "/api/live", Array(#"{"topic":"Capitals","set":1,"class":"7B","seconds":600}"#.utf8),
      headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"])
    let pin = string(made.json["pin"])
    let host = string(made.json["host"])
    let room = try CardPhotos.photo(
      width: 1280, height: 720,
      [
        .init(card: 1, answer: .b, centre: CardPoint(x: 250, y: 360), side: 260),
        .init(card: 2, answer: .a, centre: CardPoint(x: 640, y: 360), side: 260, lean: 10),
        .init(card: 3, answer: .c, centre: CardPoint(x: 1030, y: 360), side: 260, lean: -8),
      ])
    let videoFile = home.path("cards.y4m")
    try Data(Self.video(room)).write(to: URL(fileURLWithPath: videoFile))
    let photo = try CardPhotos.photo(
      width: 1600, height: 1200,
      [
        .init(card: 1, answer: .a, centre: CardPoint(x: 500, y: 600), side: 300, held: 20),
        .init(card: 2, answer: .c, centre: CardPoint(x: 1100, y: 600), side: 300),
      ], seed: 4)
    let photoFile = home.path("room.jpg")
    try Data(try CardPhotos.jpeg(photo)).write(to: URL(fileURLWithPath: photoFile))
    let run = try await ProcessRunner.runLong(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "python3", Fixtures.url("live_cards_check.py").path, string(made.json["host_page"]),
        string(made.json["scan_page"]), videoFile, photoFile, "--library", "\(server.base)/?token=\(token)",
      ]
        // Where the check leaves its screenshots, to look at them: QRQUIZ_TEST_SCREENSHOTS=DIR.
        + (ProcessInfo.processInfo.environment["QRQUIZ_TEST_SCREENSHOTS"].map { ["--screenshots", $0] } ?? []),
      hangLimit: .processorSeconds(300))
    try #require(run.status == 0, "\(run.stderr)")
    let report = try JSONDecoder().decode(BrowserReport.self, from: run.stdout)
    // One line per student of the class, none twice (issue 49: "Ada · card 1" beside "Ada · here").
    #expect(report.lobbyNames == ["Ada Lovelace · not yet", "Alan Turing · not yet", "Grace Hopper · not yet"])
    #expect(report.gridBefore == [[1, 0], [2, 0], [3, 0]])
    #expect(report.gridAfterCamera == [[1, 1], [2, 1], [3, 1]])
    #expect(report.gridText.contains("Every card is seen"), "\(report.gridText)")
    #expect(report.cameraStatus == "Reading cards from the camera.")
    #expect(report.cameraStopped == "The camera is off.")
    // The scanners' secret left the phone's address bar for a cookie.
    #expect(report.scanAddress == "\(server.base)/scan/\(pin)")
    #expect(report.scanResult == "2 cards read, 2 new.", "\(report.scanResult)")
    #expect(report.scanSeen == "Seen: 1, 2")
    #expect(report.gridAfterPhoto == [[1, 1], [2, 1], [3, 0]])
    // The scanner link: on the teacher's own page behind "Show scanner link", never the projector's.
    #expect(report.scanLinkClosed == true && report.scanCodeLoaded == true)
    #expect(report.libraryScanLink == string(made.json["scan_page"]))
    #expect(report.hostShowsScanLink == false)
    #expect(
      report.violations.isEmpty,
      "\(report.violations.map { "\($0.page) \($0.language) \($0.scheme) \($0.width): \($0.rule)" })")
    #expect(report.layout.isEmpty, "\(report.layout)")
    #expect(report.console.isEmpty, "\(report.console)")
    // What the camera and the phone read is the game's: question 1 by the camera, 2 by the photo.
    let results = try server.request("GET", "/api/live/\(pin)/results.json?secret=\(host)")
    guard case .array(let players)? = try JSONParser.parse(results.body)["players"] else {
      Issue.record("no players: \(results.text)")
      return
    }
    func picks(_ name: String) -> [JSONValue?] {
      guard let player = players.first(where: { $0["name"] == .string(name) }),
        case .array(let answers)? = player["answers"]
      else { return [] }
      return answers.map { $0["picks"] }
    }
    #expect(picks("Ada Lovelace") == [.array([.number(1)]), .array([.number(0)])])
    #expect(picks("Alan Turing") == [.array([.number(0)]), .array([.number(2)])])
    #expect(picks("Grace Hopper") == [.array([.number(2)]), .array([])])
  }
}
