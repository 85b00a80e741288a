import QRQuiz

/// An Excel workbook's first sheet as questions: the rows ``XLSXSheet`` reads, by the
/// CSV import's every rule (``CSVImporter``: the header found below a template's title
/// rows, answer numbers as positions in Kahoot!'s and Quizizz's templates, refusals named
/// by row and the question's first words), so the topic is the one the same sheet saved
/// as CSV gives.
enum XLSXImporter {
  static func parse(_ archive: ZipArchive, reading: CorrectAnswerReading?) throws(TopicImporter.Error)
    -> ImportedQuestions
  {
    let sheet: XLSXSheet
    do {
      sheet = try XLSXSheet(try XLSXWorkbook(archive))
    } catch {
      throw .workbook(error)
    }
    return try CSVImporter.parse(reading: reading, separator: nil, place: .row) { body throws(TopicImporter.Error) in
      try sheet.forEachRecord(body)
    }
  }
}
