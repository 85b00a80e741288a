/// Instants as ISO 8601 UTC text to the second (`2026-01-05T08:00:00Z`), the form of a
/// review log's times: read strictly (one spelling, so a time is never read two ways) and
/// written without Foundation's formatter, which costs more than a review itself.
extension QuizClock.Instant {
  /// The earliest year read: no flash card was reviewed before 1970.
  public static let earliestISO8601Year = 1970
  /// The latest year read: a review in 9899 is still due in a four-digit year after the
  /// longest interval (36,500 days, about 99.9 years).
  public static let latestISO8601Year = 9899

  private static let microsecondsPerSecond: Int64 = 1_000_000
  private static let secondsPerDay: Int64 = 86_400

  /// The instant of `text` in exactly the form `YYYY-MM-DDTHH:MM:SSZ` (UTC, to the second,
  /// a year from 1970 to 9899); `nil` for anything else: another offset, a fraction, a
  /// 31 June, a leap second.
  public init?(iso8601Seconds text: some StringProtocol) {
    let parsed =
      text.utf8.withContiguousStorageIfAvailable(Self.parse) ?? Array(text.utf8).withUnsafeBufferPointer(Self.parse)
    guard let instant = parsed else { return nil }
    self = instant
  }

  private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> QuizClock.Instant? {
    guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
      bytes[19] == UInt8(ascii: "Z")
    else { return nil }
    func number(_ start: Int, _ count: Int) -> Int? {
      var value = 0
      for index in start..<start + count {
        let digit = Int(bytes[index]) - Int(UInt8(ascii: "0"))
        guard (0...9).contains(digit) else { return nil }
        value = value * 10 + digit
      }
      return value
    }
    guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
      let minute = number(14, 2), let second = number(17, 2),
      (earliestISO8601Year...latestISO8601Year).contains(year), (1...12).contains(month),
      (1...CivilDate.daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60, second < 60
    else { return nil }
    let days = Int64(CivilDate(year: year, month: month, day: day).daysSince1970)
    let seconds = days * secondsPerDay + Int64(hour * 3600 + minute * 60 + second)
    return QuizClock.Instant(microsecondsSince1970: seconds * microsecondsPerSecond)
  }

  /// This instant as `YYYY-MM-DDTHH:MM:SSZ`, the fraction of a second dropped (a year
  /// past 9999 is written with its five digits).
  public var iso8601Seconds: String {
    var text: [UInt8] = []
    text.reserveCapacity(20)
    appendISO8601Seconds(to: &text)
    return String(decoding: text, as: UTF8.self)
  }

  /// Appends ``iso8601Seconds``'s bytes to `bytes` (a replay writes a million of them).
  package func appendISO8601Seconds(to bytes: inout [UInt8]) {
    let seconds = Self.floorDivide(microsecondsSince1970, Self.microsecondsPerSecond)
    let days = Self.floorDivide(seconds, Self.secondsPerDay)
    let secondOfDay = Int(seconds - days * Self.secondsPerDay)
    let date = CivilDate(daysSince1970: Int(days))
    func digits(_ value: Int, _ count: Int) {
      var divisor = 1
      for _ in 1..<count { divisor *= 10 }
      if value >= divisor * 10 {
        bytes.append(contentsOf: String(value).utf8)
        return
      }
      while divisor > 0 {
        bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
        divisor /= 10
      }
    }
    digits(date.year, 4)
    bytes.append(UInt8(ascii: "-"))
    digits(date.month, 2)
    bytes.append(UInt8(ascii: "-"))
    digits(date.day, 2)
    bytes.append(UInt8(ascii: "T"))
    digits(secondOfDay / 3600, 2)
    bytes.append(UInt8(ascii: ":"))
    digits(secondOfDay / 60 % 60, 2)
    bytes.append(UInt8(ascii: ":"))
    digits(secondOfDay % 60, 2)
    bytes.append(UInt8(ascii: "Z"))
  }

  private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    let quotient = value / divisor
    return value % divisor < 0 ? quotient - 1 : quotient
  }
}
