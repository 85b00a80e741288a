/// Learning or relearning steps: the short waits (minutes, as a rule) between the first
/// reviews of a new card, or of a forgotten one, before it goes back to days apart.
/// Written as Anki's options and the references' examples write them: `1m,10m`; whole
/// numbers of seconds (`s`), minutes (`m`), hours (`h`) or days (`d`); the empty text for
/// none.
public struct StudySteps: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The most steps: more is a mistake, not a schedule.
  public static let maximumCount = 20
  /// The longest step: a year (1.5 times it, Hard's wait at a single step, is still
  /// shorter than the longest interval).
  public static let maximumSeconds = 365 * 86_400

  /// Anki's and the references' learning steps: 1 minute, then 10.
  public static let defaultLearning = StudySteps(checkedSeconds: [60, 600])
  /// Their relearning step: 10 minutes.
  public static let defaultRelearning = StudySteps(checkedSeconds: [600])

  /// Each step in whole seconds, each from 1 to ``maximumSeconds``.
  public let seconds: [Int]

  /// Steps of `seconds` each; `nil` when one is out of range or there are too many.
  public init?(seconds: [Int]) {
    guard seconds.count <= Self.maximumCount, seconds.allSatisfy({ (1...Self.maximumSeconds).contains($0) }) else {
      return nil
    }
    self.seconds = seconds
  }

  /// The steps written `1m,10m`; `nil` for anything else.
  public init?(text: String) {
    guard !text.isEmpty else {
      self.init(checkedSeconds: [])
      return
    }
    var seconds: [Int] = []
    for step in text.split(separator: ",", omittingEmptySubsequences: false) {
      let unit: Int
      switch step.last {
      case "s": unit = 1
      case "m": unit = 60
      case "h": unit = 3600
      case "d": unit = 86_400
      default: return nil
      }
      let digits = step.dropLast()
      guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy(\.isASCIIDigit), let count = Int(digits)
      else { return nil }
      seconds.append(count * unit)
    }
    self.init(seconds: seconds)
  }

  private init(checkedSeconds: [Int]) { seconds = checkedSeconds }

  /// What ``init(text:)`` reads, for messages.
  public static let syntax = "steps such as 1m,10m (whole s, m, h or d, each up to 365d; '' for none)"

  public var isEmpty: Bool { seconds.isEmpty }
  public var count: Int { seconds.count }

  /// Step `index` in microseconds.
  func microseconds(_ index: Int) -> Int64 { Int64(seconds[index]) * 1_000_000 }

  /// The text ``init(text:)`` reads: each step in its largest whole unit.
  public var description: String {
    seconds.map { seconds in
      for (unit, size) in [("d", 86_400), ("h", 3600), ("m", 60)] where seconds % size == 0 {
        return "\(seconds / size)\(unit)"
      }
      return "\(seconds)s"
    }.joined(separator: ",")
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
