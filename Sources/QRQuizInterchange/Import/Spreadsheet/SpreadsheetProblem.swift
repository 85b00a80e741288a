import QRQuiz

/// Why an Excel workbook (.xlsx) is not read.
public enum SpreadsheetProblem: Error, Sendable, Hashable, CustomStringConvertible {
  /// The zip archive itself: broken, a bomb, a name outside it.
  case archive(ZipProblem)
  /// A part every workbook has is missing.
  case missingPart(String)
  /// A part is not the XML a workbook's is.
  case xml(part: String, line: Int?, XMLProblem)
  /// A part is not UTF-8.
  case notUTF8(part: String)
  /// A row past the last one read.
  case tooManyRows(row: Int, limit: Int)
  /// A cell past the last column read.
  case tooManyColumns(cell: String, limit: Int)
  /// Rows times columns over the cells one import reads.
  case tooManyCells(rows: Int, columns: Int, limit: Int)
  /// More shared strings than the limit.
  case tooManyStrings(limit: Int)
  /// A cell reference or shared-string index that does not point anywhere.
  case badCell(String)
  /// The workbook has no sheet.
  case noSheet

  public var description: String {
    switch self {
    case .archive(let problem): "\(problem)"
    case .missingPart(let part): "no \(part) in the file: not an Excel workbook (.xlsx)"
    case .xml(let part, let line, let problem): "\(part)" + (line.map { " line \($0)" } ?? "") + ": \(problem)"
    case .notUTF8(let part): "\(part) is not UTF-8"
    case .tooManyRows(let row, let limit):
      "row \(row): a sheet of more than \(limit) rows is not read; import fewer questions at a time"
    case .tooManyColumns(let cell, let limit): "cell \(cell): a sheet of more than \(limit) columns is not read"
    case .tooManyCells(let rows, let columns, let limit):
      "the sheet spans \(rows) rows by \(columns) columns, over the \(limit) cells one import reads"
    case .tooManyStrings(let limit): "the workbook holds more than \(limit) different texts"
    case .badCell(let what): "a broken cell: \(what)"
    case .noSheet: "the workbook has no sheet"
    }
  }
}
