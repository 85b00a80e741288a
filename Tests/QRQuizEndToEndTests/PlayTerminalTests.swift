import Foundation
import QRQuiz
import QRQuizClassroom
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

/// The full-screen game in a real pseudo-terminal (Fixtures/pty_driver.py), its screen read
/// back with a terminal emulator: keys, the countdown, layout at 80×24 with wrapped and
/// wide text, colours, images, and the terminal put back however the game ends.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct PlayTerminalTests {
  let home: TemporaryDirectory

  init() throws { home = try TemporaryDirectory() }

  typealias Report = PseudoTerminal.Report

  func run(
    _ arguments: [String], steps: [[String: Any]], columns: Int = 80, rows: Int = 24,
    environment extra: [String: String] = [:]
  ) throws -> Report {
    try PseudoTerminal.run(
      arguments, steps: steps, columns: columns, rows: rows, environment: home.qrquizEnvironment, extra: extra)
  }

  func writeTopic(_ json: String, name: String = "quiz.json") throws -> String {
    let path = home.path(name)
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  var twoSets: String {
    #"""
    {"options":{"name":"Maths","questionsInRandomOrder":false},"sets":[
      [{"question":"2+2?","answers":["3","4","5"],"correct":1},{"question":"3+3?","answers":["6","7","8"],"correct":0}],
      [{"question":"1+1?","answers":["2","3"],"correct":0}]]}
    """#
  }

  @Test func keysPickAndTheTerminalIsRestoredOnQuit() throws {
    let report = try run(
      ["play", try writeTopic(twoSets), "--no-images"],
      steps: [
        ["expect": "Choose a set"], ["snapshot": "sets"], ["send": "1"], ["expect": "question 1/2"],
        ["send": "2"], ["expect": "Right! +20 points"], ["snapshot": "answered"], ["send": " "],
        ["expect": "question 2/2"], ["snapshot": "next"], ["send": "q"],
      ])
    #expect(!report.failed, "\(report.final)")
    #expect(report.status == 0)
    #expect(report.restored)
    #expect(report.raw.hasSuffix("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"))
    let sets = try #require(report.screens["sets"])
    #expect(sets.contains("  [1] Set 1 — 2 questions"))
    // The verdict stays with the question it belongs to, until a key moves on.
    let answered = try #require(report.screens["answered"])
    #expect(answered[0].hasPrefix(" Maths · Set 1 · question 1/2"))
    #expect(answered[2] == "  2+2?")
    #expect(answered.contains { $0.contains("[2]") && $0.contains("4 ✓") })
    #expect(answered[22] == "  Right! +20 points")
    #expect(answered[23].hasPrefix("  any key: next question · q quit"))
    #expect(answered[23].hasSuffix("score 20 · total 20"))
    let next = try #require(report.screens["next"])
    #expect(next[0].hasPrefix(" Maths · Set 1 · question 2/2"))
    #expect(next[2] == "  3+3?")
    #expect(!next.contains { $0.contains("Right!") })
  }

  @Test(arguments: [("\u{3}", 130), ("TERM", -15), ("HUP", -1)])
  func interruptsAndSignalsLeaveAUsableTerminal(_ how: String, _ status: Int) throws {
    let stop: [String: Any] = how.count == 1 ? ["send": how] : ["signal": how]
    let report = try run(
      ["play", try writeTopic(twoSets), "--set", "1", "--no-images"],
      steps: [["expect": "question 1/2"], stop])
    #expect(!report.failed)
    #expect(report.status == status)
    #expect(report.restored, "raw mode left on after \(how)")
    #expect(report.raw.hasSuffix("\u{1B}[?1049l"), "still on the alternate screen after \(how)")
  }

  @Test func theExplanationIsShownWithTheVerdictAndNotBefore() throws {
    let json = #"""
      {"options":{"name":"Space","questionsInRandomOrder":false},"sets":[[
        {"question":"Closest planet to the Sun?","answers":["Venus","Mercury"],"correct":1,
         "explanation":"Mercury orbits at 0.39 AU.\nVenus is second."},
        {"question":"Largest planet?","answers":["Jupiter","Saturn"],"correct":0}]]}
      """#
    let report = try run(
      ["play", try writeTopic(json), "--no-images"],
      steps: [
        ["expect": "question 1/2"], ["snapshot": "asked"], ["send": "1"], ["expect": "Wrong"],
        ["snapshot": "answered"], ["send": " "], ["expect": "question 2/2"], ["snapshot": "next"], ["send": "q"],
      ])
    #expect(!report.failed, "\(report.final)")
    let asked = try #require(report.screens["asked"])
    #expect(!asked.contains { $0.contains("Mercury orbits") })
    let answered = try #require(report.screens["answered"])
    let why = try #require(answered.firstIndex(of: "  Why: Mercury orbits at 0.39 AU."))
    #expect(answered[why + 1] == "    Venus is second.")
    #expect(answered.firstIndex { $0.contains("Mercury ✓") || $0.contains("Venus ✗") }! < why)
    #expect(try #require(report.screens["next"]).allSatisfy { !$0.contains("Why:") })
  }

  @Test func longQuestionsManyAnswersAndWideTextFit80By24() throws {
    let question = String(repeating: "How many of these long words fit on one line of the screen? ", count: 6)
    let answers = [
      "漢字の答えはここにあります、そしてこれは長い日本語の答えで、二行に折り返されるべきです。もう少し書きます。",
      "🐶🐱🐭🐹🐰🦊🐻🐼🐨🐯🦁🐮🐷🐸🐵 animals",
      String(repeating: "a very long answer ", count: 6), "short", "five", "six", "seven", "eight",
    ]
    let json = JSONValue.object([
      ("options", .object([("name", .string("Wide")), ("helpButtonEnabled", .bool(false))])),
      (
        "sets",
        .array([
          .array([
            .object([
              ("question", .string(question)), ("answers", .array(answers.map(JSONValue.string))),
              ("correct", .number(3)),
            ])
          ])
        ])
      ),
    ]).compactText
    let report = try run(
      ["play", try writeTopic(json), "--no-images"],
      steps: [["expect": "question 1/1"], ["snapshot": "question"], ["send": "q"]])
    let screen = try #require(report.screens["question"])
    #expect(screen.count == 24)
    for line in screen { #expect(DisplayWidth.of(line) <= 80, "\(line)") }
    // Every answer is on the screen with its key, wrapped ones indented under their text.
    for index in 1...8 { #expect(screen.contains { $0.hasPrefix("  [\(index)]  ") }, "answer \(index)") }
    let japanese = try #require(screen.firstIndex { $0.hasPrefix("  [1]  漢字") })
    #expect(screen[japanese + 1].hasPrefix("       "), "the wrapped line hangs under the text")
    #expect(DisplayWidth.of(screen[japanese]) > 70, "wide characters fill the line by their width")
    #expect(screen.contains { $0.contains("🐶🐱🐭") })
    #expect(screen[23].hasSuffix("score 0 · total 0"))
  }

  @Test func aTerminalSmallerThan80By24IsRefusedPlainly() throws {
    let report = try run(
      ["play", try writeTopic(twoSets), "--set", "1"], steps: [], columns: 60, rows: 20)
    #expect(report.status == 2)
    #expect(report.raw.contains("the terminal is 60×20; qrquiz needs at least 80×24 (or use --plain)"))
    #expect(report.restored)
  }

  @Test func theCountdownIsRedrawnInPlaceAndEndsTheSetWhileWaiting() throws {
    let timed =
      #"{"options":{"name":"Timed","timePerSetInSeconds":2},"sets":[[{"question":"Q?","answers":["a","b"],"correct":0}]]}"#
    let report = try run(
      ["play", try writeTopic(timed), "--no-images"],
      steps: [
        ["expect": "question 1/1"], ["expect": "⏱ 1."], ["snapshot": "ticking"], ["expect": "time ran out"],
        ["snapshot": "over"], ["send": "q"],
      ])
    #expect(!report.failed, "\(report.final)")
    let ticking = try #require(report.screens["ticking"])
    #expect(ticking[0].range(of: #"⏱ 1\.\d"#, options: .regularExpression) != nil, "\(ticking[0])")
    // The question was drawn once (after the switch to the alternate screen; before the
    // result screen); the ticks only rewrote the timer.
    let question = report.raw.components(separatedBy: "set over")[0]
    #expect(question.components(separatedBy: "\u{1B}[2J").count - 1 <= 3)
    #expect(question.components(separatedBy: "\u{1B}[1;").count > 5)
    let over = try #require(report.screens["over"])
    #expect(over.contains("  0/1 correct, 0 wrong, 0 help, score 0 (time ran out)"))
  }

  @Test func coloursOnlyOnAColourTerminalAndNeverWithNoColor() throws {
    let steps: [[String: Any]] = [["expect": "question 1/2"], ["send": "2"], ["expect": "Right!"], ["send": "q"]]
    let topic = try writeTopic(twoSets)
    let coloured = try run(["play", topic, "--set", "1", "--no-images"], steps: steps)
    #expect(coloured.raw.contains("\u{1B}[1;32m  Right! +20 points"))
    let plain = try run(["play", topic, "--set", "1", "--no-images"], steps: steps, environment: ["NO_COLOR": "1"])
    #expect(!plain.raw.contains("\u{1B}[1;32m") && !plain.raw.contains("\u{1B}[1;31m"))
    #expect(plain.raw.contains("Right! +20 points"))
  }

  @Test func questionImagesAreDrawnLinkedOrLeftOut() throws {
    let server = try TestServer()
    try server.serve(Array(try Data(contentsOf: Fixtures.sampleImage("People"))), as: "p.png")
    let json =
      #"{"options":{"name":"Pictures"},"sets":[[{"question":"What is this?","answers":["A code","A cat"],"correct":0,"imageURL":"LOCATION"}]]}"#
      .replacingOccurrences(of: "LOCATION", with: server.url("/files/p.png").absoluteString)
    let topic = try writeTopic(json)
    // Waits for the picture (block symbols) or its link, whichever the terminal shows.
    let steps: [[String: Any]] = [
      ["expect": "question 1/1"], ["expect_any": Array("▀▄▌▐█▘▝▖▗▚▞┃━").map(String.init) + ["image: /"]],
      ["snapshot": "shown"], ["send": "q"],
    ]
    // A colour terminal: chafa draws the picture in block symbols.
    let drawn = try run(["play", topic, "--allow-http"], steps: steps, environment: ["COLORTERM": "truecolor"])
    let picture = try #require(drawn.screens["shown"])
    #expect(picture[4...14].joined().contains { "▀▄▌▐█▘▝▖▗▚▞┃━".contains($0) }, "\(picture)")
    // A terminal without colours: a link to the image file instead.
    let linked = try run(["play", topic, "--allow-http"], steps: steps, environment: ["TERM": "vt100"])
    #expect(linked.raw.contains("\u{1B}]8;;file://"))
    #expect(try #require(linked.screens["shown"]).contains { $0.contains("image: /") })
    // --no-images: nothing, and no request either, through the whole question (no pause:
    // the play has ended when the requests are counted).
    func pictureRequests() throws -> Int {
      let log = try HTTPProbe.request(port: server.port, method: "GET", path: "/requests")
      let counts = (try JSONSerialization.jsonObject(with: Data(log.body)) as? [String: Any])?["counts"]
      return (counts as? [String: Int])?["/files/p.png"] ?? 0
    }
    let requested = try pictureRequests()
    let none = try run(
      ["play", topic, "--no-images", "--allow-http"],
      steps: [["expect": "question 1/1"], ["send": "1"], ["expect": "Right!"], ["send": "q"]])
    #expect(!none.raw.contains("image") && !none.raw.contains("\u{1B}]8;;"))
    #expect(try pictureRequests() == requested, "--no-images asked for the picture")
  }

  @Test func killingTheGameMidQuestionLeavesTheStatisticsWhole() throws {
    let topic = try writeTopic(twoSets)
    // One finished set first, so there are statistics to keep.
    _ = try run(
      ["play", topic, "--set", "2", "--no-images"],
      steps: [
        ["expect": "question 1/1"], ["send": "1"], ["expect": "any key: the result"], ["send": " "],
        ["expect": "set over"], ["send": "q"],
      ])
    let records = try RecordStore(file: home.url.appendingPathComponent("data/qrquiz/\(RecordStore.fileName)"))
    func stored() throws -> String? {
      try records.read { database throws(DatabaseError) in
        try database.value("SELECT statistics FROM statistics WHERE profile_key = 'default'", as: String.self)
      }
    }
    let before = try #require(try stored())
    let killed = try run(
      ["play", topic, "--set", "1", "--no-images"],
      steps: [["expect": "question 1/2"], ["send": "2"], ["expect": "Right!"], ["signal": "KILL"]])
    #expect(killed.status == -9)
    #expect(try stored() == before)
    let statistics = try JSONSerialization.jsonObject(with: Data(before.utf8)) as? [String: Any]
    #expect(statistics?["score"] as? Int == 20)
  }
}
