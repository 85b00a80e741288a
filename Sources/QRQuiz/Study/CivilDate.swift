/// A date of the proleptic Gregorian calendar counted in days from 1970-01-01, by the
/// usual arithmetic on 400-year eras (each 146,097 days, March first so that the leap day
/// ends a year): what ISO 8601 times need, without a `Calendar` and its locks.
struct CivilDate: Hashable {
  var year: Int
  /// 1 to 12.
  var month: Int
  /// 1 to 31.
  var day: Int

  init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// The date `days` after 1970-01-01 (before it when negative).
  init(daysSince1970 days: Int) {
    let shifted = days + 719_468  // days from 0000-03-01 to 1970-01-01
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let marchMonth = (5 * dayOfYear + 2) / 153  // 0 is March
    day = dayOfYear - (153 * marchMonth + 2) / 5 + 1
    month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9
    year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  }

  /// Days from 1970-01-01 to this date (negative before it).
  var daysSince1970: Int {
    let marchYear = month <= 2 ? year - 1 : year
    let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
    let yearOfEra = marchYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The days of `month` in `year`.
  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}
