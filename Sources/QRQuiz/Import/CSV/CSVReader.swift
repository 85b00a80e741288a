/// RFC 4180 records, read one at a time from the text's bytes: fields separated by
/// `separator`, quoted with `"` (doubled inside), a quoted field may hold separators and
/// line breaks; each record with its first line. Nothing but the record at hand is held.
enum CSVReader {
  struct Record {
    var fields: [String]
    var line: Int
  }

  /// Calls `body` with each record, in order.
  static func forEachRecord(
    _ text: String, separator: Character, _ body: (Record) throws(TopicImporter.Error) -> Void
  ) throws(TopicImporter.Error) {
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
    if inQuotes { throw .syntax(line: quoteLine, .unclosedQuote) }
    if !field.isEmpty || !fields.isEmpty {
      endField()
      try body(Record(fields: fields, line: recordLine))
    }
  }

  /// Every record (for small files: the image-quiz generator's pairs).
  static func records(_ text: String, separator: Character) throws(TopicImporter.Error) -> [Record] {
    var records: [Record] = []
    try forEachRecord(text, separator: separator) { records.append($0) }
    return records
  }
}
