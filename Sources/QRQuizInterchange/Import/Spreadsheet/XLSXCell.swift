import Foundation
import QRQuiz

/// A cell of an Excel sheet as the same sheet saved as CSV writes it: text as it is,
/// numbers as Excel's General format shows them (up to 15 significant digits, `1969`,
/// `0.3`, `1E+20`), TRUE and FALSE, an error as its code (`#N/A`), and a date (a number
/// in a date format, counted in days from 1900 or 1904) as `2024-05-17`, with its time
/// when it has one.
enum XLSXCell {
  /// `C8` → column 3, row 8 (both 1-based); `nil` for anything else, or a column past
  /// `maximumColumn`.
  static func position(_ reference: String) -> (column: Int, row: Int)? {
    var column = 0
    var letters = 0
    var digits = ""
    for character in reference.utf8 {
      switch character {
      case UInt8(ascii: "A")...UInt8(ascii: "Z") where digits.isEmpty:
        column = column * 26 + Int(character - UInt8(ascii: "A")) + 1
        letters += 1
        guard letters <= 3 else { return nil }
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        digits.append(Character(UnicodeScalar(character)))
        guard digits.count <= 7 else { return nil }
      default: return nil
      }
    }
    guard letters > 0, let row = Int(digits), row > 0 else { return nil }
    return (column, row)
  }

  /// A number as Excel's General format writes it into a CSV file.
  static func general(_ value: Double) -> String {
    guard value.isFinite else { return "#NUM!" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    let magnitude = abs(value)
    if magnitude >= 1e15 || magnitude < 1e-9 {
      // 1.5E+20: the mantissa trimmed, the exponent signed and of two digits at least.
      let parts = String(format: "%.14E", value).split(separator: "E")
      let exponent = Int(parts[1]) ?? 0
      let sign = exponent < 0 ? "-" : "+"
      let digits = String(abs(exponent))
      return trimmed(String(parts[0])) + "E" + sign + (digits.count < 2 ? "0" + digits : digits)
    }
    return trimmed(String(format: "%.*f", max(0, 14 - Int(floor(log10(magnitude)))), value))
  }

  /// `2.50000` → `2.5`, `3.000` → `3`.
  private static func trimmed(_ number: String) -> String {
    guard number.contains(".") else { return number }
    var text = number
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  /// A date serial number as `yyyy-mm-dd`, `hh:mm:ss`, or both.
  static func date(_ serial: Double, date1904: Bool) -> String {
    guard serial.isFinite, serial >= 0, serial < 2_958_466 else { return general(serial) }
    let whole = Int(serial.rounded(.down))
    var seconds = Int(((serial - Double(whole)) * 86_400).rounded())
    var days = whole
    if seconds >= 86_400 {
      days += 1
      seconds -= 86_400
    }
    let time = String(format: "%02d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
    if days == 0, !date1904 { return time }
    // Days since 1970-01-01: Excel's 1900 system counts 1900-02-29, a day that never was.
    let epoch = date1904 ? days - 24_107 : (days < 60 ? days - 25_568 : days - 25_569)
    let (year, month, day) = civil(fromDays: epoch)
    let date = String(format: "%04d-%02d-%02d", year, month, day)
    return seconds == 0 ? date : date + " " + time
  }

  /// The proleptic Gregorian date `days` after 1970-01-01.
  private static func civil(fromDays days: Int) -> (Int, Int, Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// Whether a number format shows a date or a time: Excel's built-in ones (14–22,
  /// 45–47), or a format whose code has day, month, year, hour or second letters outside
  /// quotes and brackets.
  static func isDateFormat(id: Int, code: String?) -> Bool {
    if (14...22).contains(id) || (45...47).contains(id) { return true }
    guard let code else { return false }
    var inQuotes = false
    var inBrackets = false
    var escaped = false
    for character in code {
      if escaped {
        escaped = false
        continue
      }
      switch character {
      case "\\": escaped = true
      case "\"": inQuotes.toggle()
      case "[" where !inQuotes: inBrackets = true
      case "]" where !inQuotes: inBrackets = false
      default:
        if !inQuotes, !inBrackets, "dmyhsDMYHS".contains(character) { return true }
      }
    }
    return false
  }

  /// OOXML's escapes of characters XML cannot hold, `_x000D_` (and `_x005F_` for `_`),
  /// made the characters they stand for.
  static func unescaped(_ text: String) -> String {
    guard text.contains("_x") else { return text }
    var output = ""
    var rest = Substring(text)
    while let start = rest.range(of: "_x") {
      output += rest[..<start.lowerBound]
      let hex = rest[start.upperBound...].prefix(5)
      if hex.count == 5, hex.last == "_", let value = UInt32(hex.dropLast(), radix: 16),
        let scalar = Unicode.Scalar(value)
      {
        output.unicodeScalars.append(scalar)
        rest = rest[rest.index(start.upperBound, offsetBy: 5)...]
      } else {
        output += "_x"
        rest = rest[start.upperBound...]
      }
    }
    return output + rest
  }
}
