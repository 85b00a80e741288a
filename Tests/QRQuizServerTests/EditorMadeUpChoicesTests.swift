import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizServer

/// The choices an import made up for a number reach the editor: its page carries the words
/// that mark them, in the page's language, and a save keeps which they are.
@Suite struct EditorMadeUpChoicesTests {
  let library: TemporaryDirectory
  let cache: TemporaryDirectory
  let client: WebAppClient
  static let token = String(repeating: "5a", count: 16)
  static let session = ["Cookie": "\(Credentials.teacherCookie)=\(token)"]

  init() throws {
    (library, cache) = try LiveLibrary.make()
    let app = QuizWebApp(
      topics: .library(TopicLibrary(directory: library.url)),
      configuration: .init(
        publicURL: "http://192.168.1.20:8080", teacherToken: Self.token, allowsEditing: true,
        imageCache: try ImageDiskCache(directory: cache.url)))
    app.reload()
    client = WebAppClient(app: app)
  }

  static let sound = #"""
    {"options":{"name":"Sound"},"sets":[[{"question":"Speed of sound, in m/s?","answers":["401","399","400","402"],
    "correctAnswers":[2],"numericAnswer":{"value":400,"tolerance":0},"madeUpAnswers":["401","399","402"]}]]}
    """#

  @Test func theEditorPageCarriesTheMarksWordsInItsLanguage() async throws {
    let page = await client.request("GET", "/edit/Capitals", headers: Self.session)
    #expect(page.text.contains(#"data-w-draftmadeupchoice="made up by the import as a choice for {number}""#))
    let spanish = await client.request(
      "GET", "/edit/Capitals", headers: ["Cookie": "\(Credentials.teacherCookie)=\(Self.token); qrquiz_lang=es"])
    #expect(spanish.text.contains(#"data-w-draftmadeupchoice="inventada al importar como opción para {number}""#))
  }

  @Test func aSaveKeepsWhichChoicesWereMadeUp() async throws {
    let headers = ["Authorization": "Bearer \(Self.token)", "If-None-Match": "*"]
    let created = await client.request("PUT", "/api/topics/Sound", headers: headers, body: Array(Self.sound.utf8))
    #expect(created.status == 201, "\(created.text)")
    let read = try JSONParser.parse(await client.request("GET", "/api/topics/Sound").body)
    guard case .array(let sets)? = read["sets"], case .array(let questions)? = sets.first else {
      Issue.record("no sets in \(read)")
      return
    }
    #expect(questions.first?["madeUpAnswers"] == .array([.string("401"), .string("399"), .string("402")]))
  }
}
