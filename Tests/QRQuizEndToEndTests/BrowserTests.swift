import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz

/// The web pages in a real browser: headless Chromium driven by selenium
/// (Fixtures/browser_check.py) plays a set, creates a topic through the form, and shows a
/// share page whose QR code must read, with our decoder, as the address of the topic's JSON.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct BrowserTests {
  struct Report: Decodable {
    struct Share: Decodable {
      var image: String
      var rendered: Bool
      var json: String
    }
    struct Play: Decodable {
      var score: String
      var right: String
      var verdicts: [[String]]
      var review: String
    }
    struct Create: Decodable {
      var landed: String
      var listed: [String]
    }
    var library: [String]
    var share: Share
    var play: Play
    var create: Create
    var layout: [String: [String]]
    var console: [String]
  }

  @Test func aTeacherAndAStudentUseThePagesInChromium() async throws {
    let library = try TemporaryDirectory()
    for name in ["Social", "People"] {
      try FileManager.default.copyItem(
        at: Fixtures.sampleTopic(name), to: library.url.appendingPathComponent("\(name).json"))
    }
    let cache = try TemporaryDirectory()
    let server = try ServeProcess([library.url.path, "--allow-edit", "--cache-dir", cache.url.path])
    let run = try await ProcessRunner.runLong(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "python3", Fixtures.url("browser_check.py").path, server.base, try #require(server.editURL),
        Fixtures.sampleTopic("Social").path,
      ], hangLimit: .processorSeconds(120))
    try #require(run.status == 0, "\(run.stderr)")
    let report = try JSONDecoder().decode(Report.self, from: run.stdout)

    #expect(report.library.sorted() == ["Cool Social topic", "People"])
    #expect(report.play.score == "60 points")
    #expect(report.play.right.hasPrefix("3/3 questions right"))
    // Each verdict is shown with the question it belongs to (Social hides right and wrong).
    #expect(report.play.verdicts.count == 3)
    #expect(report.play.verdicts.allSatisfy { $0.count == 2 && !$0[0].isEmpty && $0[1] == "Answer taken." })
    #expect(report.play.review == "Every question was answered right.")
    // No page is wider than a phone.
    #expect(report.layout.count == 12)
    for (page, offenders) in report.layout.sorted(by: { $0.key < $1.key }) {
      #expect(offenders.isEmpty, "\(page): \(offenders)")
    }
    #expect(report.create.landed == "\(server.base)/edit/Browser%20made")
    #expect(report.create.listed.contains("Browser made"))
    #expect(report.console.isEmpty, "\(report.console)")

    // The share page's QR code, as the browser showed it, is the JSON's address, and the
    // JSON there is the topic.
    #expect(report.share.rendered)
    #expect(report.share.json == "\(server.base)/t/Social.json")
    let imagePath = try #require(URL(string: report.share.image)?.path)
    #expect(report.share.image.hasPrefix(server.base))
    let image = try server.request("GET", imagePath)
    #expect(
      try QRCodeReader(timeLimit: .infinity).scan(imageData: image.body).symbols.map(\.text) == [report.share.json])
    let json = try server.request("GET", "/t/Social.json")
    #expect(json.text == (try Fixtures.sampleValidTopic("Social")).normalizedJSON + "\n")
  }
}
