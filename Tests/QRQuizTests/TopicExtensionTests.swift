import Foundation
import QRQuiz
import QRQuizTestSupport
import Testing

/// QRQuiz's own keys (`options.setNames`, `options.setGroups`, a question's
/// `numericAnswer`, `seconds` and `explanation`): the app ignores them, so they never change
/// its verdict; QRQuiz reads, checks (as warnings), keeps and writes them.
@Suite struct TopicExtensionTests {
  let base = #"{"question":"Year of the Moon landing?","answers":["1969","1970"],"correct":0"#

  func document(options: String = "", question extra: String = "") throws -> TopicDocument {
    let json = #"{"options":{"name":"N"\#(options)},"sets":[[\#(base)\#(extra)}],[\#(base)}]]}"#
    return try TopicDocument(bytes: Array(json.utf8))
  }

  @Test func wellFormedKeysAreKeptAndWrittenByNormalize() throws {
    let document = try document(
      options: #","setNames":["History","Science"]"#, question: #","numericAnswer":{"value":1969,"tolerance":0.5}"#)
    #expect(document.isValid)
    #expect(document.warnings.isEmpty, "\(document.warnings)")
    let topic = try #require(document.topic)
    #expect(topic.options?.setNames == ["History", "Science"])
    #expect(topic.sets[0][0].numericAnswer == NumericAnswer(value: 1969, tolerance: 0.5))
    let normalized = topic.normalizedJSON
    #expect(normalized.contains(#""setNames":["History","Science"]"#))
    #expect(normalized.contains(#""numericAnswer":{"value":1969,"tolerance":0.5}"#))
    #expect(try TopicDocument(bytes: Array(normalized.utf8)).topic?.normalizedJSON == normalized)
  }

  @Test func timesAndExplanationsAreKeptByNormalizeAndLeftOutOfQRCodes() throws {
    let document = try document(
      options: #","setGroups":[0,0]"#,
      question: #","seconds":20,"explanation":"Apollo 11 landed on 20 July 1969.""#)
    #expect(document.isValid)
    #expect(document.warnings.isEmpty, "\(document.warnings)")
    let topic = try #require(document.topic)
    #expect(topic.options?.setGroups == [0, 0])
    #expect(topic.sets[0][0].seconds == 20)
    #expect(topic.sets[0][0].explanation == "Apollo 11 landed on 20 July 1969.")
    let normalized = topic.normalizedJSON
    #expect(normalized.contains(#""seconds":20,"explanation":"Apollo 11 landed on 20 July 1969.""#))
    #expect(normalized.contains(#""setGroups":[0,0]"#))
    #expect(try TopicDocument(bytes: Array(normalized.utf8)).topic?.normalizedJSON == normalized)
    // The app's QR code: what the app reads and no more (the groups stay: they say how to play).
    let symbols = try TopicQREncoder().encode(ValidTopic(topic))
    let image = try ImageDecoder.decode(try SymbolSheet(matrices: symbols.matrices, scale: 3, margin: 4).pngData())
    let read = try #require(try QRCodeReader(timeLimit: .infinity).scan(image).symbols.first)
    let text = String(decoding: read.bytes, as: UTF8.self)
    #expect(!text.contains("seconds") && !text.contains("explanation") && text.contains(#""setGroups":[0,0]"#))
    #expect(text == topic.forQRCode.normalizedJSON)
  }

  @Test(arguments: [
    (#","setNames":"History""#, "", "options.setNames"),
    (#","setNames":["History",3]"#, "", "options.setNames"),
    ("", #","numericAnswer":1969"#, "sets[0][0].numericAnswer"),
    ("", #","numericAnswer":{"value":"1969"}"#, "sets[0][0].numericAnswer"),
    ("", #","numericAnswer":{"value":1969,"tolerance":-1}"#, "sets[0][0].numericAnswer"),
    ("", #","seconds":"20""#, "sets[0][0].seconds"),
    ("", #","seconds":0"#, "sets[0][0].seconds"),
    ("", #","seconds":86400"#, "sets[0][0].seconds"),
    ("", #","explanation":["a"]"#, "sets[0][0].explanation"),
    (#","setGroups":[0,-1]"#, "", "options.setGroups"),
    (#","setGroups":[0.5,1]"#, "", "options.setGroups"),
  ])
  func malformedKeysAreIgnoredWithAWarningNeverAProblem(_ options: String, _ question: String, _ path: String) throws {
    let document = try document(options: options, question: question)
    #expect(document.isValid, "the app ignores these keys: the verdict cannot change")
    let warning = try #require(document.warnings.first { $0.kind == .ignoredExtension })
    #expect(warning.path.description == path)
    let topic = try #require(document.topic)
    #expect(topic.options?.setNames == nil && topic.options?.setGroups == nil)
    #expect(topic.sets[0][0].numericAnswer == nil && topic.sets[0][0].seconds == nil)
    #expect(topic.sets[0][0].explanation == nil)
  }

  @Test func theLinterChecksTheKeysAgainstTheTopic() throws {
    let names = try document(options: #","setNames":["Only one"]"#)
    #expect(names.warnings.map(\.kind) == [.setNamesCount])
    let mismatch = try document(question: #","numericAnswer":{"value":1970}"#)
    #expect(mismatch.warnings.map(\.kind) == [.numericAnswerMismatch])
    #expect(mismatch.warnings[0].description.contains("1970 is not among the correct answers"))
    #expect(try document(options: #","setGroups":[0]"#).warnings.map(\.message) == ["gives 1 group for 2 sets"])
    #expect(
      try document(options: #","setGroups":[1,1]"#).warnings.map(\.message) == [
        "groups must be numbered 0, 1, 2 … in the sets' order, each group's sets together"
      ])
  }

  @Test(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) func validateShowsTheWarningsWithTheirPaths() throws {
    let scratch = try TemporaryDirectory()
    let path = scratch.path("x.json")
    let json = #"{"options":{"name":"N","setNames":7},"sets":[[\#(base)}]]}"#
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    let result = try ProcessRunner.qrquiz(["validate", path])
    #expect(result.status == 0)
    #expect(result.stdoutText.contains("\(path): warning: options.setNames: expected an array of strings; ignored"))
  }
}
