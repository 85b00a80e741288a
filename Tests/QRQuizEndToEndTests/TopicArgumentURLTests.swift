import Foundation
import QRQuiz
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuizCLI
@testable import QRQuizFiles

/// The same resolver against a real server: a topic's JSON and its QR code at URLs.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct TopicArgumentURLTests {
  @Test func aURLServesJSONOrAQRImage() async throws {
    let server = try TestServer()
    try server.serve(Array(try Data(contentsOf: Fixtures.sampleTopic("People"))), as: "People.json")
    try server.serve(Array(try Data(contentsOf: Fixtures.sampleImage("People"))), as: "People.png")
    let library = TopicLibrary(directory: try TemporaryDirectory().url)
    let json = try await TopicArgument(server.url("/files/People.json").absoluteString, library: library)
      .topic(reader: TopicReader())
    let image = try await TopicArgument(server.url("/files/People.png").absoluteString, library: library)
      .topic(reader: TopicReader())
    #expect(json.normalizedJSON == image.normalizedJSON)
    #expect(json.normalizedJSON == (try Fixtures.sampleValidTopic("People")).normalizedJSON)
  }
}
