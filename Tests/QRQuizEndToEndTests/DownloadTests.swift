import Foundation
import QRQuiz
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

/// Downloads against a real, misbehaving HTTP server on 127.0.0.1.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct DownloadTests {
  let server: TestServer
  let topic = Array(#"{"options":{"name":"Remote"},"sets":[[{"question":"Q","answers":["a","b"],"correct":0}]]}"#.utf8)

  init() throws {
    server = try TestServer()
    try server.serve(topic, as: "topic.json")
    try server.serve(Array(#"{"sets":[[]]}"#.utf8), as: "invalid.json")
  }

  @Test func downloadsABody() async throws {
    #expect(try await BoundedDownload(limit: 1000).data(from: server.url("/files/topic.json")) == topic)
    #expect(try await BoundedDownload(limit: 1000).data(from: server.url("/redirect/topic.json")) == topic)
  }

  @Test func errorsNameTheURLAndTheReason() async throws {
    let cases: [(String, BoundedDownload, String)] = [
      ("/status/404", BoundedDownload(limit: 1000), "HTTP status 404"),
      ("/status/500", BoundedDownload(limit: 1000), "HTTP status 500"),
      ("/files/topic.json", BoundedDownload(limit: 10), "larger than the 10-byte limit"),
      ("/announced/999999999", BoundedDownload(limit: 1000), "larger than the 1000-byte limit"),
      ("/oversized/5000000", BoundedDownload(limit: 100_000), "larger than the 100000-byte limit"),
      ("/truncated/topic.json", BoundedDownload(limit: 1000), "connection closed after"),
      ("/slow/5/topic.json", BoundedDownload(limit: 1000, timeout: 1), "no complete answer within 1 seconds"),
      ("/redirect-loop", BoundedDownload(limit: 1000), "too many redirects"),
      ("/redirect-to?file:///etc/passwd", BoundedDownload(limit: 1000), "redirected to file:///etc/passwd"),
    ]
    for (path, download, message) in cases {
      let error = await #expect(throws: BoundedDownload.Error.self, "\(path)") {
        _ = try await download.data(from: server.url(path))
      }
      let text = error.map(String.init(describing:)) ?? "no error"
      #expect(text.contains(message), "\(path): \(text)")
      #expect(text.hasPrefix("http://127.0.0.1:"), "\(path): \(text)")
    }
  }

  @Test func refusedConnectionsAndOtherSchemesAreErrors() async {
    await #expect(throws: BoundedDownload.Error.self) {
      _ = try await BoundedDownload(limit: 10, timeout: 5).data(from: URL(string: "http://127.0.0.1:1/x")!)
    }
    await #expect(throws: BoundedDownload.Error.unsupportedScheme(URL(string: "file:///etc/passwd")!)) {
      _ = try await BoundedDownload(limit: 10).data(from: URL(string: "file:///etc/passwd")!)
    }
  }

  @Test func topicsAreValidatedAndNamedAfterTheirFile() async throws {
    let topic = try await TopicReader().topic(from: .url(server.url("/files/topic.json")))
    #expect(topic.name == "Remote")
    await #expect {
      _ = try await TopicReader().topic(from: .url(server.url("/files/invalid.json")))
    } throws: { error in
      String(describing: error).hasSuffix(
        "/files/invalid.json: invalid topic: sets[0] (set 1): a set must have at least one question")
    }
  }

  @Test func decodeFollowsAQRCodeHoldingAURL() throws {
    let scratch = try TemporaryDirectory()
    func qr(_ text: String) throws -> String {
      let path = scratch.path("\(abs(text.hashValue)).png")
      try Data(try TopicQREncoder().encode(bytes: Array(text.utf8)).pngData(scale: 3, margin: 4))
        .write(to: URL(fileURLWithPath: path))
      return path
    }
    let good = try ProcessRunner.qrquiz(["decode", try qr(server.url("/files/topic.json").absoluteString)])
    #expect(good.status == 0, "\(good.stderr)")
    #expect(
      good.stdoutText
        == #"{"options":{"name":"Remote"},"sets":[[{"question":"Q","answers":["a","b"],"correctAnswers":[0]}]]}"# + "\n"
    )

    let missing = try qr(server.url("/status/404").absoluteString)
    let notFound = try ProcessRunner.qrquiz(["decode", missing])
    #expect(notFound.status == 3)  // a 404 is "not found" wherever it happens
    #expect(
      notFound.stderr == "\(missing): QR code links to \(server.url("/status/404").absoluteString): HTTP status 404\n")

    let invalid = try ProcessRunner.qrquiz(["decode", try qr(server.url("/files/invalid.json").absoluteString)])
    #expect(invalid.status == 1)
    #expect(invalid.stderr.contains("invalid topic: sets[0] (set 1)"))
  }
}
