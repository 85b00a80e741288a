import Foundation
import QRQuiz
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

/// Strangers' text (a QR code, a topic, a server, a community list) never reaches the
/// terminal raw: every message and listing shows control characters, C1 controls and bidi
/// overrides visibly escaped, and JSON output escapes them as `\u` escapes.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct TerminalSafetyTests {
  let scratch: TemporaryDirectory
  let server: TestServer

  /// Clears the screen, retitles the window, and hides the rest of the line: the attack.
  static let escape = "\u{1B}[2J\u{1B}]0;pwned\u{07}"
  /// A C1 CSI (U+009B) and a right-to-left override.
  static let c1AndBidi = "\u{9B}31m\u{202E}"

  init() throws {
    scratch = try TemporaryDirectory()
    server = try TestServer()
  }

  func environment() -> [String: String] { scratch.qrquizEnvironment }

  func qrquiz(_ arguments: [String]) throws -> ProcessResult {
    try ProcessRunner.qrquiz(arguments, environment: environment())
  }

  /// Output a terminal may show: nothing unsafe but line breaks (and tabs between fields).
  func expectSafe(_ output: String, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let unsafe = output.unicodeScalars.filter { $0 != "\n" && $0 != "\t" && TerminalText.needsEscaping($0) }
    #expect(
      unsafe.isEmpty, "\(context): raw \(unsafe.map { String($0.value, radix: 16) })", sourceLocation: sourceLocation)
  }

  func qrImage(_ text: String, name: String) throws -> String {
    let path = scratch.path(name)
    let matrix = try TopicQREncoder(maximumVersion: 40).encode(bytes: Array(text.utf8))
    try Data(try matrix.pngData(scale: 3, margin: 4)).write(to: URL(fileURLWithPath: path))
    return path
  }

  func json(_ value: JSONValue) -> String { value.compactText }

  /// A one-question topic's JSON, its strings escaped as JSON requires (the attack text
  /// is in the decoded strings, as an app or a decoder sees it).
  func topic(name: String? = nil, answers: [String] = ["a", "b"], imageURL: String? = nil) -> String {
    var question: [(key: String, value: JSONValue)] = [
      ("question", .string("Q")), ("answers", .array(answers.map(JSONValue.string))),
      ("correct", .number(0)),
    ]
    if let imageURL { question.append(("imageURL", .string(imageURL))) }
    var members: [(key: String, value: JSONValue)] = []
    if let name { members.append(("options", .object([("name", .string(name))]))) }
    members.append(("sets", .array([.array([.object(question)])])))
    return json(.object(members))
  }

  @Test func decodeMessagesAboutAHostileQRCodeAreEscaped() throws {
    let hostile = topic(answers: ["a\(Self.escape)", "a\(Self.escape)"])
    let result = try qrquiz(["decode", try qrImage(hostile, name: "dup.png")])
    #expect(result.status == 1)
    expectSafe(result.stderr, "decode error")
    #expect(result.stderr.contains(#"duplicates answer 1 ("a\u{1B}[2J\u{1B}]0;pwned\u{7}")"#), "\(result.stderr)")
  }

  @Test func decodeSaveNamesTheTopicSafely() throws {
    let name = "Quiz\(Self.escape)\(Self.c1AndBidi)"
    let result = try qrquiz(["decode", "--save", try qrImage(topic(name: name), name: "named.png")])
    #expect(result.status == 0, "\(result.stderr)")
    expectSafe(result.stderr, "decode --save")
    expectSafe(result.stdoutText, "decode output")
    #expect(result.stderr.contains(#"\u{9B}31m\u{202E}"#))
    // The JSON keeps the same text for the app, as \u escapes.
    #expect(result.stdoutText.contains(#"\u001b[2J\u001b]0;pwned\u0007\u009b31m\u202e"#), "\(result.stdoutText)")
    let list = try qrquiz(["topics", "list"])
    expectSafe(list.stdoutText, "topics list")
    let show = try qrquiz(["topics", "show", name])
    #expect(show.status == 0, "\(show.stderr)")
    expectSafe(show.stdoutText, "topics show")
  }

  @Test func communityEntryNamesAreEscapedHiddenOnesToo() throws {
    try server.serve(Array(topic().utf8), as: "good.json")
    func entry(_ name: String, _ url: String, visible: Bool = true) -> JSONValue {
      .object([("name", .string(name)), ("remoteContentURL", .string(url)), ("isVisible", .bool(visible))])
    }
    let list = json(
      .object([
        (
          "topics",
          .array([
            entry("Visible\(Self.escape)", server.url("/files/good.json").absoluteString),
            entry("Hidden\(Self.c1AndBidi)", server.url("/files/good.json").absoluteString, visible: false),
            entry("Broken\(Self.escape)", server.url("/status/404").absoluteString + "?\(Self.escape)"),
          ])
        )
      ]))
    try server.serve(Array(list.utf8), as: "list.json")
    let result = try qrquiz(["community", "fetch", "--dry-run", server.url("/files/list.json").absoluteString])
    expectSafe(result.stdoutText, "community fetch stdout")
    expectSafe(result.stderr, "community fetch stderr")
    #expect(result.stdoutText.contains(#"Hidden\u{9B}31m\u{202E}: hidden, skipped"#), "\(result.stdoutText)")
  }

  @Test func validateAndPrefetchShowImageURLsEscaped() throws {
    let path = scratch.path("images.json")
    try Data(topic(imageURL: "http://x\(Self.escape)/a.png").utf8).write(to: URL(fileURLWithPath: path))
    let validate = try qrquiz(["validate", path])
    #expect(validate.status == 0)
    expectSafe(validate.stdoutText, "validate")
    #expect(validate.stdoutText.contains(#"\u{1B}[2J"#))
    let prefetch = try qrquiz(["prefetch", path, "--allow-http", "--timeout", "2"])
    #expect(prefetch.status != 0)
    expectSafe(prefetch.stderr, "prefetch")
  }

  @Test func normalizeAndValidateJSONEscapeC1AndBidi() throws {
    let path = scratch.path("c1.json")
    var hostile = try ValidTopic(Topic(sets: [[.init(question: "Q\(Self.escape)", answers: ["a", "b"], correct: 0)]]))
      .topic
    hostile.options = .init(name: "N\(Self.c1AndBidi)")
    try Data(hostile.normalizedJSON.utf8).write(to: URL(fileURLWithPath: path))
    let normalized = try qrquiz(["normalize", path])
    #expect(normalized.status == 0)
    expectSafe(normalized.stdoutText, "normalize")
    // Still the same topic for the app: the escapes decode to the same strings.
    let reread = try TopicReader.topic(json: normalized.stdout, source: "normalized")
    #expect(reread.topic.options?.name == "N\(Self.c1AndBidi)")
    #expect(reread.topic.sets[0][0].question == "Q\(Self.escape)")
    let report = try qrquiz(["validate", "--json", path])
    expectSafe(report.stdoutText, "validate --json")
  }

  @Test func rawOutputStaysByteExactByDesign() throws {
    let text = "raw\(Self.escape)"
    let result = try qrquiz(["decode", "--raw", "--binary", try qrImage(text, name: "raw.png")])
    #expect(result.status == 0)
    #expect(result.stdout == Data((text + "\n").utf8))
    let help = try qrquiz(["decode", "--help"]).stdoutText
    #expect(help.contains("not made terminal-safe"))
  }
}
