/// RFC 4180 records, read one at a time from the text's bytes: fields separated by
/// `separator`, quoted with `"` (doubled inside), a quoted field may hold separators and
/// line breaks; each record with its first line. Nothing but the record at hand is held.
///
/// Text-level, below everything that reads a spreadsheet saved as text: the topic importer,
/// class rosters and the image-quiz generator.
package enum CSVReader {
  package struct Record {
    package var fields: [String]
    package var line: Int

    /// A record of `fields` starting on `line` (a spreadsheet's row, read otherwise).
    package init(fields: [String], line: Int) {
      self.fields = fields
      self.line = line
    }
  }

  /// A quoted field that is never closed.
  package struct UnclosedQuote: Error, Sendable {
    /// The line the quote opened on.
    package let line: Int
  }

  /// Calls `body` with each record, in order; a quote never closed is thrown as
  /// `unclosedQuote(line)` makes it, so each caller keeps its own error type.
  package static func forEachRecord<Failure: Error>(
    _ text: String, separator: Character, unclosedQuote: (Int) -> Failure,
    _ body: (Record) throws(Failure) -> Void
  ) throws(Failure) {
    let separatorByte = separator.asciiValue ?? UInt8(ascii: ",")
    let quote = UInt8(ascii: "\"")
    let newline = UInt8(ascii: "\n")
    let carriageReturn = UInt8(ascii: "\r")
    var fields: [String] = []
    var field: [UInt8] = []
    var inQuotes = false
    var line = 1
    var recordLine = 1
    var quoteLine = 1
    func endField() {
      fields.append(String(decoding: field, as: UTF8.self))
      field.removeAll(keepingCapacity: true)
    }
    var bytes = text.utf8.makeIterator()
    var pending = bytes.next()
    while let byte = pending {
      pending = bytes.next()
      if inQuotes {
        if byte == quote {
          if pending == quote {
            field.append(quote)
            pending = bytes.next()
          } else {
            inQuotes = false
          }
        } else {
          if byte == newline { line += 1 }
          field.append(byte)
        }
        continue
      }
      switch byte {
      case quote where field.isEmpty:
        inQuotes = true
        quoteLine = line
      case separatorByte:
        endField()
      case newline, carriageReturn:
        if byte == carriageReturn, pending == newline { pending = bytes.next() }
        endField()
        try body(Record(fields: fields, line: recordLine))
        fields.removeAll(keepingCapacity: true)
        line += 1
        recordLine = line
      default:
        field.append(byte)
      }
    }
    if inQuotes { throw unclosedQuote(quoteLine) }
    if !field.isEmpty || !fields.isEmpty {
      endField()
      try body(Record(fields: fields, line: recordLine))
    }
  }

  /// Every record (for small files: the image-quiz generator's pairs).
  package static func records(_ text: String, separator: Character) throws(UnclosedQuote) -> [Record] {
    var records: [Record] = []
    try forEachRecord(text, separator: separator, unclosedQuote: UnclosedQuote.init) {
      (record: Record) throws(UnclosedQuote) in
      records.append(record)
    }
    return records
  }

  /// The separator of a header row: `;` or a tab when it has more of them than commas
  /// (Excel in much of Europe writes `;`), else `,`.
  package static func separator(of text: String) -> Character {
    let header = text.prefix { $0 != "\n" && $0 != "\r\n" }
    let candidates: [Character] = [",", ";", "\t"]
    let counts = candidates.map { separator in (separator, header.filter { $0 == separator }.count) }
    let best = counts.max { $0.1 < $1.1 }!
    return best.1 > counts[0].1 ? best.0 : ","
  }

  /// A header cell as a key: lower case, letters and digits only, `#` as "number"
  /// ("Answer 1 - max 75 characters" → "answer1max75characters", "Question #" →
  /// "questionnumber").
  package static func headerKey(_ name: String) -> String {
    name.replacingOccurrences(of: "#", with: "number").lowercased().filter { $0.isLetter || $0.isNumber }
  }
}
