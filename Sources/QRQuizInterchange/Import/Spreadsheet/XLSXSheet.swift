import QRQuiz

/// The first sheet of a workbook as the rows a CSV file of it would have: every row from
/// the first to the last that holds a value, each as wide as the widest (Excel writes the
/// rectangle its cells span), empty rows and cells empty, each row with its number.
struct XLSXSheet {
  /// A row's cells that hold a value, by 1-based column.
  private var rows: [(number: Int, cells: [(column: Int, text: String)])] = []
  /// The widest row's last column.
  private(set) var width = 0

  /// Reads the first sheet of `workbook`.
  ///
  /// - Throws: ``SpreadsheetProblem``: a row or column past the limits, a broken cell.
  init(_ workbook: XLSXWorkbook) throws(SpreadsheetProblem) {
    var next = 1
    var lastRow = 0
    try XLSXWorkbook.forEachElement(in: workbook.archive, workbook.sheetPath, depth: 2) {
      (row) throws(SpreadsheetProblem) in
      guard XLSXWorkbook.localName(row.name) == "row" else { return }
      let number = row.attributes["r"].flatMap { Int($0) } ?? next
      guard number <= XLSXWorkbook.maximumRows else {
        throw .tooManyRows(row: number, limit: XLSXWorkbook.maximumRows)
      }
      guard number > lastRow else { throw .badCell("row \(number) comes after row \(lastRow)") }
      next = number + 1
      lastRow = number
      var cells: [(column: Int, text: String)] = []
      var nextColumn = 1
      for case .element(let cell) in row.children where XLSXWorkbook.localName(cell.name) == "c" {
        var column = nextColumn
        if let reference = cell.attributes["r"] {
          guard let position = XLSXCell.position(reference), position.row == number else {
            throw .badCell("'\(reference)' in row \(number)")
          }
          column = position.column
        }
        guard column <= XLSXWorkbook.maximumColumns else {
          throw .tooManyColumns(cell: cell.attributes["r"] ?? "\(number)", limit: XLSXWorkbook.maximumColumns)
        }
        nextColumn = column + 1
        let text = try Self.text(of: cell, in: workbook)
        if !text.isEmpty { cells.append((column, text)) }
      }
      guard let last = cells.map(\.column).max() else { return }
      width = max(width, last)
      rows.append((number, cells))
    }
    let rowCount = rows.last?.number ?? 0
    guard rowCount * width <= XLSXWorkbook.maximumCells else {
      throw .tooManyCells(rows: rowCount, columns: width, limit: XLSXWorkbook.maximumCells)
    }
  }

  /// A cell's text, as a CSV file of the sheet holds it.
  private static func text(of cell: XMLElement, in workbook: XLSXWorkbook) throws(SpreadsheetProblem) -> String {
    let value = cell.children.lazy.compactMap { node -> XMLElement? in
      if case .element(let child) = node, XLSXWorkbook.localName(child.name) == "v" { return child }
      return nil
    }.first?.text
    switch cell.attributes["t"] ?? "n" {
    case "s":
      guard let index = value.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }),
        workbook.strings.indices.contains(index)
      else { throw .badCell("shared string '\(value ?? "")' in \(cell.attributes["r"] ?? "a cell")") }
      return workbook.strings[index]
    case "inlineStr":
      let item = cell.children.lazy.compactMap { node -> XMLElement? in
        if case .element(let child) = node, XLSXWorkbook.localName(child.name) == "is" { return child }
        return nil
      }.first
      return item.map(XLSXWorkbook.text(of:)) ?? ""
    case "str", "e", "d": return XLSXCell.unescaped(value ?? "")
    case "b": return value == "1" ? "TRUE" : value == "0" ? "FALSE" : (value ?? "")
    default:
      guard let value, let number = Double(value.trimmingCharacters(in: .whitespaces)) else { return value ?? "" }
      let style = cell.attributes["s"].flatMap { Int($0) } ?? 0
      if workbook.dateStyles.indices.contains(style), workbook.dateStyles[style] {
        return XLSXCell.date(number, date1904: workbook.date1904)
      }
      return XLSXCell.general(number)
    }
  }

  /// Calls `body` with each row from the first to the last holding a value, `width`
  /// fields each, its row number as its line.
  func forEachRecord(_ body: (CSVReader.Record) throws(TopicImporter.Error) -> Void) throws(TopicImporter.Error) {
    var number = 1
    for row in rows {
      while number < row.number {
        try body(CSVReader.Record(fields: Array(repeating: "", count: width), line: number))
        number += 1
      }
      var fields = Array(repeating: "", count: width)
      for cell in row.cells { fields[cell.column - 1] = cell.text }
      try body(CSVReader.Record(fields: fields, line: row.number))
      number += 1
    }
  }
}
