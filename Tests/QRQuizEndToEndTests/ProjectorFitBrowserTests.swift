import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz

/// The projector's screen fits the projector (Fixtures/projector_fit_check.py): in every
/// phase of a game, at 1280×720 and 1920×1080, in both schemes and both languages, the
/// question, every answer, the countdown and the host's main button are inside the
/// viewport with nothing scrolled; the main button answers Enter and Space; the card panel
/// opens without lengthening the page; a lost server is said at the top, over everything.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct ProjectorFitBrowserTests {
  struct Report: Decodable {
    struct Cards: Decodable {
      var before: Double
      var after: Double
      var fit: [String]
    }
    struct Offline: Decodable {
      var top: Double
      var left: Double
      var width: Double
      var viewport: Double
      var onTop: Bool
      var text: String
      var position: String
      var goneWhenBack: Bool?
    }
    var fit: [String: [String]]
    var counted: [String: Int]
    var keyboard: [String: String]
    var cards: Cards
    var offline: Offline
    var classLobby: [String]
    var console: [String]
  }

  /// A question of 200 characters with a picture, and four answers of 75.
  static func projectorTopic() -> String {
    let question = String(
      ("Which of these statements about photosynthesis in the leaves of green plants is true, given what we "
        + "measured in the school garden experiment last week with the coloured filters and the oxygen sensor?")
        .prefix(200))
    let answers = (1...4).map { number in
      String(
        "Answer \(number): the light reactions make ATP and NADPH, which the Calvin cycle then uses to fix carbon dioxide"
          .prefix(75))
    }
    let topic: JSONValue = .object([
      ("options", .object([("name", .string("Projector")), ("questionsInRandomOrder", .bool(false))])),
      (
        "sets",
        .array([
          .array([
            .object([
              ("question", .string(question)), ("answers", .array(answers.map(JSONValue.string))),
              ("correct", .number(0)), ("imageURL", .string(LiveLibrary.imageURL)),
            ])
          ])
        ])
      ),
    ])
    return topic.compactText
  }

  @Test func everyPhaseFitsTheProjectorAtBothSizesInBothSchemesAndLanguages() async throws {
    let home = try TemporaryDirectory()
    let (library, cache) = try LiveLibrary.make()
    try Self.projectorTopic().write(
      to: library.url.appendingPathComponent("Projector.json"), atomically: true, encoding: .utf8)
    let students = home.path("9B.txt")
    try ((1...30).map { "Student \($0)" }.joined(separator: "\n") + "\n")
      .write(toFile: students, atomically: true, encoding: .utf8)
    let made = try ProcessRunner.qrquiz(
      ["class", "new", "9B", "--students", students], environment: home.qrquizEnvironment)
    try #require(made.status == 0, "\(made.stderr)")
    let server = try ServeProcess(
      [library.url.path, "--cache-dir", cache.url.path], environment: home.qrquizEnvironment)
    let token = try #require(server.teacherToken)
    func game(_ body: String) throws -> (host: String, pin: String) {
      let response = try server.request(
        "POST", "/api/live", headers: ["Authorization": "Bearer \(token)"], body: Array(body.utf8))
      try #require(response.status == 201, "\(response.text)")
      let json = try JSONParser.parse(response.body)
      func string(_ value: JSONValue?) -> String { if case .string(let text)? = value { text } else { "" } }
      return (string(json["host_page"]), string(json["pin"]))
    }
    let plain = try game(#"{"topic":"Projector","seconds":600,"scoring":"accuracy"}"#)
    let carded = try game(#"{"topic":"Projector","seconds":600,"class":"9B"}"#)
    var arguments = [
      "python3", Fixtures.url("projector_fit_check.py").path, server.base, plain.host, plain.pin, carded.host,
      carded.pin,
    ]
    if let folder = ProcessInfo.processInfo.environment["QRQUIZ_SCREENSHOTS"] {
      arguments += ["--screenshots", folder]
    }
    let run = try await ProcessRunner.runLong(
      URL(fileURLWithPath: "/usr/bin/env"), arguments, hangLimit: .processorSeconds(600))
    try #require(run.status == 0, "\(run.stderr)")
    let report = try JSONDecoder().decode(Report.self, from: run.stdout)

    // 4 phases, the class's lobby and the cards' question × 2 sizes × 2 schemes × 2
    // languages, nothing outside.
    #expect(report.fit.count == 48, "\(report.fit.keys.sorted())")
    for (place, outside) in report.fit.sorted(by: { $0.key < $1.key }) {
      #expect(outside.isEmpty, "\(place): \(outside)")
    }
    // The lobby's 30 names, the PIN, the code and Start; the question, its picture, four
    // answers, the countdown and End; the title, four columns, the top 5 and Next.
    #expect(report.counted["lobby"] == 33)
    #expect(report.counted["question"] == 8)
    #expect(report.counted["closed"] == 11)
    #expect(report.counted["over"] == 6)
    // The cards' question: its text, four answers, the countdown, End and the grid of the 20
    // students answering by card (the other 10 joined by phone in the lobby).
    #expect(report.counted["cards"] == 27)
    // The class's lobby: its 30 students once each (10 here by phone, as the roster spells
    // them), the PIN, the code and Start; no student listed a second time as a player.
    #expect(report.counted["class-lobby"] == 33)
    #expect(report.classLobby.count == 30, "\(report.classLobby)")
    let listed = report.classLobby.map { $0.components(separatedBy: " · ")[0] }
    #expect(Set(listed) == Set((1...30).map { "Student \($0)" }), "\(report.classLobby)")
    #expect(report.classLobby.filter { $0.hasSuffix(" · here (phone)") }.count == 10, "\(report.classLobby)")
    #expect(report.keyboard["enter"] == "question" && report.keyboard["space"] == "over")
    #expect(report.keyboard["hint"] == "or press Enter or Space")
    #expect(report.keyboard["hintSpanish"] == "o pulsa Intro o Espacio")
    // Opening the card panel adds nothing to the page's height.
    #expect(report.cards.after <= report.cards.before, "\(report.cards)")
    #expect(report.cards.fit.isEmpty, "\(report.cards.fit)")
    // The lost server: across the top, over everything, gone once it is back.
    #expect(report.offline.top == 0 && report.offline.left == 0 && report.offline.width == report.offline.viewport)
    #expect(report.offline.onTop && report.offline.position == "fixed", "\(report.offline)")
    #expect(report.offline.text == "Connection lost: reconnecting…")
    #expect(report.offline.goneWhenBack == true)
    // The stream's drop while offline is the one thing the browser may log.
    let logged = report.console.filter { !$0.contains("/events?secret=") && !$0.contains("ERR_INTERNET_DISCONNECTED") }
    #expect(logged.isEmpty, "\(logged)")
  }
}
