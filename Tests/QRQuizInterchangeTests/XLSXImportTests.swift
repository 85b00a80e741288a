import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizInterchange

/// Excel workbooks read with real parts (zlib's inflate, the importers' XML reader) to the
/// topic the same sheet saved as CSV gives (issue 52, part 1), and the files a stranger
/// could send refused in one line at the importer's own limits: a zip bomb, a million
/// rows, entity declarations, a path outside the archive.
@Suite struct XLSXImportTests {
  /// A workbook of the parts Excel always writes, with `sheet` as its first sheet's
  /// `<sheetData>` content (or the whole part when it starts with `<?xml`).
  static func workbook(
    sheet: String, strings: [String] = [], target: String = "worksheets/sheet1.xml",
    parts: [(String, [UInt8])] = []
  ) -> [UInt8] {
    let main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    let relationships = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    var zip = ZipWriter()
    zip.add(
      "xl/workbook.xml",
      Array(
        "<workbook xmlns=\"\(main)\" xmlns:r=\"\(relationships)\"><sheets><sheet name=\"S\" sheetId=\"1\" r:id=\"rId1\"/></sheets></workbook>"
          .utf8))
    zip.add(
      "xl/_rels/workbook.xml.rels",
      Array(
        "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\"><Relationship Id=\"rId1\" Target=\"\(target)\"/></Relationships>"
          .utf8))
    let shared = strings.map { "<si><t>\($0)</t></si>" }.joined()
    zip.add("xl/sharedStrings.xml", Array("<sst xmlns=\"\(main)\">\(shared)</sst>".utf8))
    let part =
      sheet.hasPrefix("<?xml") ? sheet : "<worksheet xmlns=\"\(main)\"><sheetData>\(sheet)</sheetData></worksheet>"
    zip.add("xl/worksheets/sheet1.xml", Array(part.utf8))
    for (path, bytes) in parts { zip.add(path, bytes) }
    return zip.bytes
  }

  func importBytes(_ bytes: [UInt8], skipInvalid: Bool = true) throws(TopicImporter.Error) -> TopicImporter.Result {
    try TopicImporter.importTopic(bytes, fileName: "quiz.xlsx", options: .init(skipInvalid: skipInvalid))
  }

  @Test(arguments: ["kahoot-template", "quizizz-template"])
  func aTemplateImportsAsTheSameSheetSavedAsCSV(_ name: String) throws {
    let workbook = try Fixtures.bytes("import/\(name).xlsx")
    let sheet = try Fixtures.bytes("import/cases/\(name).csv")
    let fromWorkbook = try TopicImporter.importTopic(workbook, options: .init(name: name, skipInvalid: true))
    let fromCSV = try TopicImporter.importTopic(sheet, format: .csv, options: .init(name: name, skipInvalid: true))
    #expect(fromWorkbook.topic.normalizedJSON == fromCSV.topic.normalizedJSON)
    #expect(fromWorkbook.topic.topic.questions.count >= 3)
    // The same questions refused, named by their first words and their row (the CSV's
    // quoted cells of several lines make its lines another count).
    #expect(fromWorkbook.skipped.map(\.reason) == fromCSV.skipped.map(\.reason))
    #expect(fromWorkbook.skipped.map(\.label) == fromCSV.skipped.map(\.label))
    #expect(fromWorkbook.skipped.allSatisfy { $0.place == .row })
    let said = fromWorkbook.skipped.map(\.description)
    #expect(said.allSatisfy { $0.hasPrefix("row ") }, "\(said)")
    if name == "quizizz-template" {
      #expect(said.first == "row 6, 'Name a noble gas': Fill-in-the-Blank questions have no form in the Questions app")
    }
  }

  @Test func everyKindOfCellReadsAsCSVWritesIt() throws {
    let archive = try ZipArchive(try Fixtures.bytes("import/cell-kinds.xlsx"))
    let sheet = try XLSXSheet(try XLSXWorkbook(archive))
    var rows: [[String]] = []
    try sheet.forEachRecord { record in rows.append(record.fields) }
    #expect(rows.count == 2)
    #expect(
      rows[1] == [
        "When?", "x", "y", "1", "2028-05-18", "2028-05-18 18:00:00", "TRUE", "#N/A", "Bold part", "one\rtwo", "0.3",
        "1E+20",
      ])
    #expect(rows[0].count == 12 && rows[0][4...].allSatisfy(\.isEmpty))
  }

  @Test func numbersAndDatesAsExcelShowsThem() {
    #expect(XLSXCell.general(0.1 + 0.2) == "0.3")
    #expect(XLSXCell.general(1969) == "1969")
    #expect(XLSXCell.general(-2.5) == "-2.5")
    #expect(XLSXCell.general(1e20) == "1E+20")
    #expect(XLSXCell.general(1.5e-10) == "1.5E-10")
    #expect(XLSXCell.general(123.456) == "123.456")
    #expect(XLSXCell.date(45429, date1904: false) == "2024-05-17")
    #expect(XLSXCell.date(1, date1904: false) == "1900-01-01")
    #expect(XLSXCell.date(61, date1904: false) == "1900-03-01")
    #expect(XLSXCell.date(0.5, date1904: false) == "12:00:00")
    #expect(XLSXCell.date(0, date1904: true) == "1904-01-01")
    #expect(XLSXCell.isDateFormat(id: 14, code: nil) && XLSXCell.isDateFormat(id: 164, code: "dd/mm/yyyy"))
    #expect(!XLSXCell.isDateFormat(id: 164, code: "0.00\" days\"") && !XLSXCell.isDateFormat(id: 0, code: nil))
    #expect(XLSXCell.position("C8")! == (3, 8) && XLSXCell.position("XFD1")! == (16_384, 1))
    #expect(XLSXCell.position("c8") == nil && XLSXCell.position("AAAA1") == nil && XLSXCell.position("A0") == nil)
  }

  @Test func sharedStringsAndCellsWithoutReferencesRead() throws {
    let sheet = """
      <row><c t="s"><v>0</v></c><c t="s"><v>1</v></c><c t="s"><v>2</v></c><c t="s"><v>3</v></c></row>
      <row><c t="inlineStr"><is><t>Two plus two?</t></is></c><c><v>4</v></c><c><v>5</v></c><c><v>1</v></c></row>
      """
    let result = try importBytes(Self.workbook(sheet: sheet, strings: ["Question", "Answer 1", "Answer 2", "Correct"]))
    #expect(result.topic.topic.questions.map(\.question) == ["Two plus two?"])
    #expect(result.topic.topic.questions[0].answers == ["4", "5"])
    #expect(result.topic.topic.questions[0].mergedCorrectAnswers == [0])
  }

  // MARK: Hostile files

  @Test func aZipBombIsRefusedAtTheLimitNotInflatedToTheEnd() throws {
    // 80 MiB of spaces deflate to about 80 KiB: past the 64 MiB a part may unpack to.
    var zip = ZipWriter()
    zip.add("xl/workbook.xml", Array("<workbook><sheets><sheet r:id=\"rId1\"/></sheets></workbook>".utf8))
    zip.add("xl/worksheets/sheet1.xml", [UInt8](repeating: 0x20, count: 80 << 20))
    let bytes = zip.bytes
    #expect(bytes.count < 1 << 20)
    #expect(throws: TopicImporter.Error.workbook(.archive(.tooLarge("xl/worksheets/sheet1.xml", limit: 64 << 20)))) {
      _ = try importBytes(bytes)
    }
    #expect(
      TopicImporter.Error.workbook(.archive(.tooLarge("xl/worksheets/sheet1.xml", limit: 64 << 20))).description
        == "'xl/worksheets/sheet1.xml' in the archive unpacks to more than 64 MiB (a zip bomb?)")
  }

  @Test func aMillionRowsAreRefusedAtTheRowLimit() throws {
    // Rows without numbers count one after another, as Excel reads them.
    let rows = String(repeating: "<row><c><v>1</v></c></row>", count: 1_000_000)
    #expect(throws: TopicImporter.Error.workbook(.tooManyRows(row: 100_001, limit: 100_000))) {
      _ = try importBytes(Self.workbook(sheet: rows))
    }
    // One row numbered a million is refused at once.
    #expect(throws: TopicImporter.Error.workbook(.tooManyRows(row: 1_000_000, limit: 100_000))) {
      _ = try importBytes(Self.workbook(sheet: "<row r=\"1000000\"><c r=\"A1000000\"><v>1</v></c></row>"))
    }
    #expect(
      TopicImporter.Error.workbook(.tooManyRows(row: 1_000_000, limit: 100_000)).description
        == "row 1000000: a sheet of more than 100000 rows is not read; import fewer questions at a time")
  }

  @Test func aSheetSpanningTooManyCellsIsRefused() {
    #expect(throws: TopicImporter.Error.workbook(.tooManyColumns(cell: "XFE1", limit: 16_384))) {
      _ = try importBytes(Self.workbook(sheet: "<row r=\"1\"><c r=\"XFE1\"><v>1</v></c></row>"))
    }
    let sheet = "<row r=\"1\"><c r=\"A1\"><v>1</v></c></row><row r=\"90000\"><c r=\"CV90000\"><v>1</v></c></row>"
    #expect(throws: TopicImporter.Error.workbook(.tooManyCells(rows: 90_000, columns: 100, limit: 4_000_000))) {
      _ = try importBytes(Self.workbook(sheet: sheet))
    }
  }

  @Test func entityDeclarationsAreRefusedSoNothingExpands() {
    let sheet = """
      <?xml version="1.0"?>
      <!DOCTYPE worksheet [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
      <worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&b;</t></is></c></row></sheetData></worksheet>
      """
    #expect(
      throws: TopicImporter.Error.workbook(.xml(part: "xl/worksheets/sheet1.xml", line: 2, .documentType))
    ) {
      _ = try importBytes(Self.workbook(sheet: sheet))
    }
  }

  @Test func aPathOutsideTheArchiveIsRefused() {
    #expect(throws: TopicImporter.Error.workbook(.archive(.pathOutside("../../evil.xml")))) {
      _ = try importBytes(Self.workbook(sheet: "", parts: [("../../evil.xml", Array("x".utf8))]))
    }
    #expect(throws: TopicImporter.Error.workbook(.archive(.pathOutside("/etc/passwd")))) {
      _ = try importBytes(Self.workbook(sheet: "", parts: [("/etc/passwd", Array("x".utf8))]))
    }
    // A relationship that climbs out of the archive to find the sheet.
    #expect(throws: TopicImporter.Error.workbook(.archive(.pathOutside("../../../etc/passwd")))) {
      _ = try importBytes(Self.workbook(sheet: "", target: "../../../etc/passwd"))
    }
    #expect(
      TopicImporter.Error.workbook(.archive(.pathOutside("../../evil.xml"))).description
        == "the archive names a file outside itself: '../../evil.xml'")
  }

  @Test func brokenArchivesAreOneClearError() throws {
    var zip = ZipWriter()
    zip.add("xl/workbook.xml", Array("<workbook/>".utf8))
    var bytes = zip.bytes
    // A changed byte of the stored part: its checksum fails.
    let stored = try #require(bytes.firstRange(of: Array("<workbook/>".utf8)))
    bytes[stored.lowerBound + 1] = UInt8(ascii: "x")
    #expect(throws: TopicImporter.Error.workbook(.archive(.corrupt("'xl/workbook.xml' fails its checksum")))) {
      _ = try importBytes(bytes)
    }
    #expect(throws: TopicImporter.Error.workbook(.noSheet)) {
      _ = try importBytes(zip.bytes)
    }
    // A broken shared-string index is said, never read as another string.
    #expect(throws: TopicImporter.Error.workbook(.badCell("shared string '7' in A1"))) {
      _ = try importBytes(Self.workbook(sheet: "<row r=\"1\"><c r=\"A1\" t=\"s\"><v>7</v></c></row>"))
    }
    var ods = ZipWriter()
    ods.add("mimetype", Array("application/vnd.oasis.opendocument.spreadsheet".utf8))
    ods.add("content.xml", Array("<x/>".utf8))
    #expect(throws: TopicImporter.Error.spreadsheet(kind: "ods")) { _ = try importBytes(ods.bytes) }
  }
}
