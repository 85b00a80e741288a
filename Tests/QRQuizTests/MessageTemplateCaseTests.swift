import Foundation
import QRQuiz
import QRQuizTestSupport
import Testing

/// The message grammar against the cases the pages' script passes too
/// (Fixtures/message-templates.json, read by Tests/PageScripts/message-format.test.js):
/// one grammar, two implementations that cannot drift apart unnoticed.
@Suite struct MessageTemplateCaseTests {
  struct Cases: Decodable {
    var renders: [Rendered]
    var refuses: [Refused]
  }

  struct Rendered: Decodable, CustomTestStringConvertible {
    var template: String
    var arguments: [String: Argument]
    var text: String
    var names: [String]
    var testDescription: String { template }
  }

  struct Refused: Decodable, CustomTestStringConvertible {
    var template: String
    var error: String
    var testDescription: String { template }
  }

  /// A JSON number is a whole number, a JSON string is text.
  struct Argument: Decodable {
    var value: MessageArgument

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let number = try? container.decode(Int.self) {
        value = .number(number)
      } else {
        value = .text(try container.decode(String.self))
      }
    }
  }

  static let cases: Cases = {
    do {
      return try JSONDecoder().decode(Cases.self, from: Data(contentsOf: Fixtures.url("message-templates.json")))
    } catch {
      fatalError("Fixtures/message-templates.json: \(error)")
    }
  }()

  @Test(arguments: cases.renders)
  func rendersAsThePagesDo(_ example: Rendered) throws {
    let template = try MessageTemplate(example.template)
    #expect(template.text(example.arguments.mapValues(\.value)) == example.text)
    #expect(template.argumentNames == Set(example.names))
  }

  @Test(arguments: cases.refuses)
  func refusesWithThePagesWords(_ example: Refused) {
    let error = #expect(throws: MessageTemplate.SyntaxError.self) { try MessageTemplate(example.template) }
    #expect(error?.description == example.error)
  }
}
