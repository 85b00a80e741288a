import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizInterchange

/// Import cases as files with the answers they must give: each
/// `Fixtures/import/cases/*.expected.json` names an input file beside it, the options a
/// teacher would pass, and either the topic (every question, answer and right answer),
/// the questions skipped and the notes said, or the refusal.
///
/// ```json
/// {"input": "kahoot-template.csv", "options": {"skipInvalid": true},
///  "topic": {"options": {…}, "sets": [[…]]}, "skipped": ["line 4: …"], "notes": ["…"]}
/// ```
///
/// Options: `from`, `name`, `skipInvalid`, `answerCounts` (report, pad, split), `shuffle`,
/// `correctIs` (position, text), `seed`, and Quizlet's `termSeparator`, `cardSeparator`,
/// `cardAnswers`. Embedded pictures are `"pictures": [{"set", "question", "name",
/// "format", "width", "height"}]` (the topic has no `imageURL` for them until they are
/// placed). A refusal is `"refused": [issues…]` (questions that cannot be imported) or
/// `"error": "the message"`.
@Suite struct ImportCaseTests {
  static let directory = Fixtures.url("import/cases")

  static var cases: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
      .filter { $0.hasSuffix(".expected.json") }.sorted()
  }

  @Test func everyCaseFileIsUsed() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
    let inputs = try Set(Self.cases.map { try Self.expectation($0).input })
    #expect(Set(files.filter { !$0.hasSuffix(".expected.json") }) == inputs)
    #expect(Self.cases.count >= 10)
  }

  @Test(arguments: cases) func importGivesTheExpectedAnswers(_ name: String) throws {
    let expected = try Self.expectation(name)
    let bytes = try Fixtures.bytes("import/cases/\(expected.input)")
    let outcome = Result { () throws(TopicImporter.Error) in
      try TopicImporter.importTopic(bytes, format: expected.format, fileName: expected.input, options: expected.options)
    }
    switch (outcome, expected.outcome) {
    case (.success(let result), .topic(let topic, let skipped, let notes, let pictures)):
      #expect(result.topic.normalizedJSON == topic.normalizedJSON, "\(name)")
      #expect(result.skipped.map(\.description) == skipped, "\(name)")
      #expect(result.notes.map(\.description) == notes, "\(name)")
      let described = result.pictures.map {
        Expectation.Picture(
          set: $0.set, question: $0.question, name: $0.name, format: $0.picture.format.rawValue,
          width: $0.picture.width, height: $0.picture.height)
      }
      #expect(described == pictures, "\(name)")
      // What the app is given is valid, and its QR code holds the app's keys only.
      let document = try TopicDocument(bytes: Array(result.topic.normalizedJSON.utf8))
      #expect(document.isValid && document.warnings.filter { $0.kind == .ignoredExtension }.isEmpty, "\(name)")
    case (.failure(.invalidQuestions(let issues)), .refused(let expectedIssues)):
      #expect(issues.map(\.description) == expectedIssues, "\(name)")
    case (.failure(let error), .error(let message)):
      #expect(error.description == message, "\(name)")
    case (.success(let result), _):
      Issue.record("\(name): imported, expected a refusal: \(result.topic.normalizedJSON)")
    case (.failure(let error), _):
      Issue.record("\(name): refused: \(error)")
    }
  }

  // MARK: Reading the expectations

  struct Expectation {
    enum Outcome {
      case topic(Topic, skipped: [String], notes: [String], pictures: [Picture])
      case refused([String])
      case error(String)
    }

    struct Picture: Equatable, CustomStringConvertible {
      var set: Int
      var question: Int
      var name: String
      var format: String
      var width: Int
      var height: Int

      var description: String { "\(set):\(question) \(name) \(format) \(width)x\(height)" }
    }

    var input: String
    var format: ImportFormat?
    var options: TopicImporter.Options
    var outcome: Outcome
  }

  static func expectation(_ name: String) throws -> Expectation {
    let json = try JSONParser.parse(Fixtures.bytes("import/cases/\(name)"))
    guard case .string(let input)? = json["input"] else { throw CaseError.malformed(name, "input") }
    let given = json["options"] ?? .object([])
    func string(_ key: String, in value: JSONValue) -> String? {
      if case .string(let text)? = value[key] { return text }
      return nil
    }
    func flag(_ key: String) -> Bool {
      if case .bool(let value)? = given[key] { return value }
      return false
    }
    func strings(_ key: String) -> [String] {
      guard case .array(let values)? = json[key] else { return [] }
      return values.compactMap {
        if case .string(let text) = $0 { return text }
        return nil
      }
    }
    func number(_ key: String, in value: JSONValue) -> Int? {
      if case .number(let number)? = value[key] { return Int(exactly: number.value) }
      return nil
    }
    var options = TopicImporter.Options(name: string("name", in: given), skipInvalid: flag("skipInvalid"))
    options.shuffle = flag("shuffle")
    options.seed = number("seed", in: given).map(UInt64.init) ?? 0
    options.termSeparator = string("termSeparator", in: given) ?? options.termSeparator
    options.cardSeparator = string("cardSeparator", in: given) ?? options.cardSeparator
    options.cardAnswers = number("cardAnswers", in: given) ?? options.cardAnswers
    if let counts = string("answerCounts", in: given) {
      options.answerCounts = try #require(TopicImporter.AnswerCounts(rawValue: counts))
    }
    if let text = string("correctIs", in: given) {
      let reading = try #require(CorrectAnswerReading(rawValue: text))
      options.correctAnswers = reading
    }
    let format = try string("from", in: given).map { try #require(ImportFormat(rawValue: $0)) }
    let outcome: Expectation.Outcome
    if let topic = json["topic"] {
      let document = TopicDocument(json: topic, sourceName: input)
      guard let decoded = document.topic, document.isValid else {
        throw CaseError.malformed(name, "topic: \(document.problems)")
      }
      var pictures: [Expectation.Picture] = []
      if case .array(let values)? = json["pictures"] {
        for value in values {
          pictures.append(
            Expectation.Picture(
              set: number("set", in: value) ?? -1, question: number("question", in: value) ?? -1,
              name: string("name", in: value) ?? "", format: string("format", in: value) ?? "",
              width: number("width", in: value) ?? 0, height: number("height", in: value) ?? 0))
        }
      }
      outcome = .topic(decoded, skipped: strings("skipped"), notes: strings("notes"), pictures: pictures)
    } else if json["refused"] != nil {
      outcome = .refused(strings("refused"))
    } else if let message = string("error", in: json) {
      outcome = .error(message)
    } else {
      throw CaseError.malformed(name, "topic, refused or error")
    }
    return Expectation(input: input, format: format, options: options, outcome: outcome)
  }

  enum CaseError: Error {
    case malformed(String, String)
  }
}
