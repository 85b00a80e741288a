import QRQuiz

/// An Excel workbook (.xlsx, Office Open XML) read for its first sheet, with real parts
/// and every limit a stranger's file could push against: the zip through ``ZipArchive``
/// (zlib's inflate, bounded), each part through ``XMLReader`` (no document type, so no
/// entity ever expands; bounded nesting); the first sheet found as Excel finds it
/// (`xl/workbook.xml`'s first `<sheet>`, through its relationship), its shared strings,
/// the styles that make a number a date, and the 1904 date system.
struct XLSXWorkbook {
  /// The most rows a sheet may have (Kahoot!'s template has 100 question rows).
  static let maximumRows = 100_000
  /// The most columns (Excel's own limit, XFD).
  static let maximumColumns = 16_384
  /// The most cells of the rectangle the rows span: what reading them as CSV rows costs.
  static let maximumCells = 4_000_000
  /// The most shared strings.
  static let maximumStrings = 1_000_000

  let archive: ZipArchive
  /// The first sheet's part (`xl/worksheets/sheet1.xml`).
  let sheetPath: String
  /// The shared strings, in order.
  let strings: [String]
  /// For each cell style (`s`), whether it shows a number as a date.
  let dateStyles: [Bool]
  /// Dates count from 1904-01-01 (old Mac workbooks), not 1900-01-01.
  let date1904: Bool

  /// Opens `archive` as a workbook.
  ///
  /// - Throws: ``SpreadsheetProblem``.
  init(_ archive: ZipArchive) throws(SpreadsheetProblem) {
    self.archive = archive
    var firstSheet: String?
    var date1904 = false
    try Self.forEachElement(in: archive, "xl/workbook.xml", depth: 1) { element in
      switch Self.localName(element.name) {
      case "workbookPr": date1904 = ["1", "true"].contains(element.attributes["date1904"] ?? "")
      case "sheets":
        let sheet = element.children.lazy.compactMap { node -> XMLElement? in
          if case .element(let child) = node, Self.localName(child.name) == "sheet" { return child }
          return nil
        }.first
        firstSheet = sheet.flatMap { sheet in
          sheet.attributes.first { Self.localName($0.key) == "id" }?.value
        }
      default: break
      }
    }
    guard let relationship = firstSheet else { throw .noSheet }
    var target: String?
    if archive.entry("xl/_rels/workbook.xml.rels") != nil {
      try Self.forEachElement(in: archive, "xl/_rels/workbook.xml.rels", depth: 1) { element in
        if Self.localName(element.name) == "Relationship", element.attributes["Id"] == relationship {
          target = element.attributes["Target"]
        }
      }
    }
    sheetPath = try Self.resolve(target ?? "worksheets/sheet1.xml")
    guard archive.entry(sheetPath) != nil else { throw .missingPart(sheetPath) }
    self.date1904 = date1904
    strings = try Self.sharedStrings(archive)
    dateStyles = try Self.dateStyles(archive)
  }

  /// A relationship's target as a path in the archive: relative to `xl/`, or from the
  /// archive's root when it starts with `/`; one that climbs out of it is refused.
  static func resolve(_ target: String) throws(SpreadsheetProblem) -> String {
    let joined = target.hasPrefix("/") ? String(target.dropFirst()) : "xl/" + target
    var parts: [Substring] = []
    for part in joined.split(separator: "/") {
      if part == ".." {
        guard !parts.isEmpty else { throw .archive(.pathOutside(target)) }
        parts.removeLast()
      } else if part != "." {
        parts.append(part)
      }
    }
    let path = parts.joined(separator: "/")
    guard ZipArchive.staysInside(path) else { throw .archive(.pathOutside(target)) }
    return path
  }

  /// `xl/sharedStrings.xml`'s strings: each `<si>`'s text, its runs' joined, phonetic
  /// guides left out.
  private static func sharedStrings(_ archive: ZipArchive) throws(SpreadsheetProblem) -> [String] {
    guard archive.entry("xl/sharedStrings.xml") != nil else { return [] }
    var strings: [String] = []
    try forEachElement(in: archive, "xl/sharedStrings.xml", depth: 1) { (item) throws(SpreadsheetProblem) in
      guard strings.count < maximumStrings else { throw .tooManyStrings(limit: maximumStrings) }
      strings.append(text(of: item))
    }
    return strings
  }

  /// The text of a string item (`<si>`, `<is>`): its `<t>`, or its runs' `<t>`s.
  static func text(of item: XMLElement) -> String {
    var text = ""
    for case .element(let child) in item.children {
      switch localName(child.name) {
      case "t": text += child.text
      case "r":
        text += child.children.reduce(into: "") { runText, node in
          if case .element(let part) = node, localName(part.name) == "t" { runText += part.text }
        }
      default: break  // rPh, phoneticPr: a reading guide, not the text
      }
    }
    return XLSXCell.unescaped(text)
  }

  /// For each cell format of `xl/styles.xml`'s `<cellXfs>`, whether its number format is
  /// a date's.
  private static func dateStyles(_ archive: ZipArchive) throws(SpreadsheetProblem) -> [Bool] {
    guard archive.entry("xl/styles.xml") != nil else { return [] }
    var codes: [Int: String] = [:]
    var styles: [Bool] = []
    try forEachElement(in: archive, "xl/styles.xml", depth: 1) { element in
      switch localName(element.name) {
      case "numFmts":
        for case .element(let format) in element.children {
          if let id = format.attributes["numFmtId"].flatMap({ Int($0) }) { codes[id] = format.attributes["formatCode"] }
        }
      case "cellXfs":
        for case .element(let format) in element.children where localName(format.name) == "xf" {
          let id = format.attributes["numFmtId"].flatMap { Int($0) } ?? 0
          styles.append(XLSXCell.isDateFormat(id: id, code: codes[id]))
        }
      default: break
      }
    }
    return styles
  }

  /// Calls `body` with each element `depth` below the root of the XML part `path`.
  static func forEachElement(
    in archive: ZipArchive, _ path: String, depth: Int,
    _ body: (XMLElement) throws(SpreadsheetProblem) -> Void
  ) throws(SpreadsheetProblem) {
    let found: [UInt8]?
    do {
      found = try archive.contents(of: path)
    } catch {
      throw .archive(error)
    }
    guard let bytes = found else { throw .missingPart(path) }
    guard let text = String(validating: bytes, as: UTF8.self) else { throw .notUTF8(part: path) }
    var failure: SpreadsheetProblem?
    do throws(TopicImporter.Error) {
      _ = try XMLReader.forEachElement(of: text, depth: depth) { (element) throws(TopicImporter.Error) in
        do throws(SpreadsheetProblem) {
          try body(element)
        } catch {
          failure = error
          throw .noQuestions  // stops the reader; `failure` is what is thrown
        }
      }
    } catch {
      if let failure { throw failure }
      if case .syntax(let line, .xml(let problem)) = error { throw .xml(part: path, line: line, problem) }
      throw .badCell("\(error)")
    }
  }

  /// `x:row` → `row`: parts may prefix their namespace.
  static func localName(_ name: String) -> String {
    name.lastIndex(of: ":").map { String(name[name.index(after: $0)...]) } ?? name
  }
}
