import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz

/// `qrquiz decode --each`: many unrelated images read in one process, one JSON line each in
/// the order given, failures said and passed over; and the library's batch API under it.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct DecodeEachTests {
  let scratch: TemporaryDirectory

  init() throws { scratch = try TemporaryDirectory() }

  /// The sample images, one file without a code, one that is not an image, one missing.
  func mixedImages() throws -> (paths: [String], expected: [String?]) {
    let blank = scratch.path("blank.png")
    try Data(try PNGWriter.encodeBilevel(GrayImage(width: 60, height: 40, filledWith: 255))).write(
      to: URL(fileURLWithPath: blank))
    let text = scratch.path("notes.png")
    try Data("not an image".utf8).write(to: URL(fileURLWithPath: text))
    var paths: [String] = []
    var expected: [String?] = []
    for name in Fixtures.sampleTopicNames {
      let image = Fixtures.sampleImage(name).path
      paths.append(image)
      expected.append(String(decoding: try ProcessRunner.qrquiz(["decode", "--raw", image]).stdout, as: UTF8.self))
      paths += [blank, text, scratch.path("missing.png")]
      expected += [nil, nil, nil]
    }
    return (paths, expected)
  }

  @Test func everyImageGetsOneLineInTheOrderGiven() throws {
    let (paths, expected) = try mixedImages()
    let run = try ProcessRunner.qrquiz(["decode", "--each", "--jobs", "3"] + paths)
    #expect(run.status == 1, "some images have no code: \(run.stderr)")
    let lines = run.stdoutText.split(separator: "\n")
    #expect(lines.count == paths.count)
    for (index, line) in lines.enumerated() {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect(object["file"] as? String == paths[index])
      if let text = expected[index] {
        // The texts as --raw prints them, one line each.
        let texts = try #require(object["texts"] as? [String], "\(line)")
        #expect(texts.map { $0 + "\n" }.joined() == text)
      } else {
        let error = try #require(object["error"] as? String, "\(line)")
        #expect(!error.isEmpty && !error.contains("\n"))
      }
    }
    let errors = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
      .compactMap { $0["error"] as? String }
    #expect(errors.contains("no QR code found"))
    #expect(errors.contains { $0.contains("not a PNG or JPEG") || $0.contains("format") }, "\(errors)")
    #expect(errors.contains { $0.contains("No such file") || $0.contains("not found") || $0.contains("cannot") })
  }

  @Test func allImagesWithCodesExitZero() throws {
    let paths = Fixtures.sampleTopicNames.map { Fixtures.sampleImage($0).path }
    let run = try ProcessRunner.qrquiz(["decode", "--each"] + paths)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdoutText.split(separator: "\n").count == paths.count)
  }

  /// Results stream out as they are read: memory with 1,600 images is that of 100, not
  /// 16 times more (the results held are at most twice the jobs).
  @Test func memoryStaysFlatWhateverTheNumberOfImages() throws {
    let image = Fixtures.sampleImage("Social").path
    let few = try MeasuredRun(
      ["decode", "--each", "--jobs", "2"] + Array(repeating: image, count: 100), scratch: scratch)
    let many = try MeasuredRun(
      ["decode", "--each", "--jobs", "2"] + Array(repeating: image, count: 1600), scratch: scratch)
    #expect(few.status == 0 && many.status == 0, "\(many.stderr)")
    #expect(few.stdoutLines == 100 && many.stdoutLines == 1600)
    // The argument list itself grows (about 100 KB); the texts are 1.6 MB in all.
    #expect(many.peakMegabytes < few.peakMegabytes + 8, "\(few.peakMegabytes) MB, then \(many.peakMegabytes) MB")
  }

  @Test(arguments: [
    (["decode", "--jobs", "2", "a.png"], "--jobs goes with --each"),
    (["decode", "--each", "--jobs", "0", "a.png"], "--jobs must be from 1 to 256"),
    (["decode", "--each", "--raw", "a.png"], "not with --raw"),
    (["decode", "--each", "-"], "reads files, not standard input"),
  ])
  func wrongCombinationsAreUsageErrors(_ arguments: [String], _ message: String) throws {
    let run = try ProcessRunner.qrquiz(arguments)
    #expect(run.status == 2)
    #expect(run.stderr.contains(message), "\(run.stderr)")
    #expect(run.stdout.isEmpty)
  }

  @Test func theLibraryGivesEveryFileInOrder() async throws {
    let (paths, expected) = try mixedImages()
    var index = 0
    for await file in QRCodeReader.scanEach(paths, jobs: 4) {
      #expect(file.index == index && file.path == paths[index])
      switch file.result {
      case .success(let scan): #expect(scan.symbols.isEmpty == (expected[index] == nil), "\(file.path)")
      case .failure: #expect(expected[index] == nil, "\(file.path)")
      }
      index += 1
    }
    #expect(index == paths.count)
    // Leaving early ends the iteration; a batch of none ends at once.
    for await _ in QRCodeReader.scanEach(Array(repeating: paths[0], count: 500), jobs: 2) { break }
    for await _ in QRCodeReader.scanEach([], jobs: 2) { Issue.record("no files, no results") }
  }
}
