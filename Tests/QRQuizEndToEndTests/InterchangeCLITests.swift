import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuizInterchange

/// `qrquiz import` and `qrquiz export` with the files of Interchange 2, as a teacher runs
/// them: a Kahoot! workbook imported as its CSV is, a hostile workbook refused in one line
/// within a bounded memory, the new exports written and a QTI package read back.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct InterchangeCLITests {
  let home: TemporaryDirectory

  init() throws { home = try TemporaryDirectory() }

  func qrquiz(_ arguments: [String]) throws -> ProcessResult {
    try ProcessRunner.qrquiz(arguments, environment: home.qrquizEnvironment)
  }

  @Test func aWorkbookImportsAsItsCSV() throws {
    let workbook = Fixtures.url("import/kahoot-template.xlsx").path
    let sheet = Fixtures.url("import/cases/kahoot-template.csv").path
    let fromWorkbook = try qrquiz(["import", workbook, "--name", "Kahoot", "-o", home.path("a.json")])
    let fromSheet = try qrquiz(["import", sheet, "--name", "Kahoot", "-o", home.path("b.json")])
    #expect(fromWorkbook.status == 0, "\(fromWorkbook.stderr)")
    #expect(fromSheet.status == 0, "\(fromSheet.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: home.path("a.json"))).count > 100)
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: home.path("a.json")))
        == (try Data(contentsOf: URL(fileURLWithPath: home.path("b.json")))))
  }

  @Test func aZipBombIsOneLineAndBoundedInMemory() throws {
    var zip = ZipWriter()
    zip.add("xl/workbook.xml", Array("<workbook><sheets><sheet r:id=\"rId1\"/></sheets></workbook>".utf8))
    zip.add("xl/worksheets/sheet1.xml", [UInt8](repeating: 0x20, count: 200 << 20))
    let bomb = home.path("bomb.xlsx")
    try Data(zip.bytes).write(to: URL(fileURLWithPath: bomb))
    let run = try MeasuredRun(["import", bomb, "-o", home.path("bomb.json")], scratch: home)
    #expect(run.status == 1)
    #expect(
      run.stderr == "\(bomb): 'xl/worksheets/sheet1.xml' in the archive unpacks to more than 64 MiB (a zip bomb?)\n")
    // The part is inflated up to its limit and no further: 200 MiB never held.
    #expect(run.peakMegabytes < 200, "\(run.peakMegabytes) MB")
    #expect(!FileManager.default.fileExists(atPath: home.path("bomb.json")))
  }

  @Test func theNewExportsAreWrittenAndAQTIPackageReadsBack() throws {
    let topic = Fixtures.sampleTopic("Social").path
    for (format, file) in [("qti21", "social.zip"), ("qti12", "social-12.xml"), ("imscc", "social.imscc")] {
      let written = try qrquiz(["export", topic, "--to", format, "-o", home.path(file)])
      #expect(written.status == 0, "\(format): \(written.stderr)")
      #expect(written.stderr.contains("written to \(home.path(file))"))
    }
    let back = try qrquiz(["import", home.path("social.zip"), "--from", "qti", "-o", home.path("back.json")])
    #expect(back.status == 0, "\(back.stderr)")
    #expect(back.stderr.contains("imported, 0 skipped"))
    let refused = try qrquiz(["import", Fixtures.url("qti-examples/1edtech/QTI3-order.xml").path, "--from", "qti"])
    #expect(refused.status == 1)
    #expect(
      refused.stderr.contains(
        "line 2, item 'QTI3-order' ('Order Interaction Example'): Order questions have no form in the Questions app"))
  }
}
