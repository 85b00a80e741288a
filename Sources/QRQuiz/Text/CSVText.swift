/// Comma-separated values as spreadsheets read them (RFC 4180), for files a teacher opens
/// in Excel, LibreOffice or Google Sheets.
public enum CSVText {
  /// A text cell: quoted when it holds a comma, a quote or a line break; and, when it
  /// starts with `=`, `+`, `-`, `@`, a tab or a carriage return, given a leading `'` and
  /// quoted, so a spreadsheet shows it rather than running it as a formula (a player named
  /// `=HYPERLINK(…)`).
  public static func cell(_ text: String) -> String {
    var text = text
    var quote = false
    if let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) {
      text = "'" + text
      quote = true
    }
    if quote || text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
      return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
    return text
  }

  /// A number cell (never guarded: `-10` is a score, not a formula).
  public static func cell(_ number: Int) -> String { String(number) }

  /// A row: cells joined by commas, ended by CRLF as RFC 4180 says.
  public static func row(_ cells: [String]) -> String { cells.joined(separator: ",") + "\r\n" }
}
