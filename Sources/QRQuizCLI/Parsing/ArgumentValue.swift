/// A type a command-line value can be read as: a number, a word from a fixed set, a size.
/// Its ``expectation`` completes the one-line error for a bad value ("--scale must be
/// a whole number, not 'x'") and the help text.
protocol ExpressibleByArgument {
  /// Reads a value; `nil` when the text is not one.
  init?(argument: String)
  /// What a valid value looks like, for errors: "a whole number", "L, M, Q or H".
  static var expectation: String { get }
  /// Every valid value, when there are few (for help and shell completion); else empty.
  static var allValueStrings: [String] { get }
  /// How the user would type this value (for defaults in help).
  var argumentText: String { get }
}

extension ExpressibleByArgument {
  static var allValueStrings: [String] { [] }
  var argumentText: String { "\(self)" }
}

extension String: ExpressibleByArgument {
  init?(argument: String) { self = argument }
  static var expectation: String { "text" }
}

extension Int: ExpressibleByArgument {
  init?(argument: String) { self.init(argument) }
  static var expectation: String { "a whole number" }
}

extension UInt64: ExpressibleByArgument {
  init?(argument: String) { self.init(argument) }
  static var expectation: String { "a whole number from 0 to \(UInt64.max)" }
}

extension Double: ExpressibleByArgument {
  init?(argument: String) {
    guard let value = Double(argument), value.isFinite else { return nil }
    self = value
  }
  static var expectation: String { "a number" }
}

/// Enumerations whose raw values are the words users type (`--format json`).
protocol ArgumentChoice: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension ArgumentChoice {
  init?(argument: String) { self.init(rawValue: argument) }
  static var allValueStrings: [String] { allCases.map(\.rawValue) }
  static var expectation: String { EnglishList.or(allValueStrings) }
  var argumentText: String { rawValue }
}

/// "a, b or c".
enum EnglishList {
  static func or(_ words: [String]) -> String {
    guard words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " or " + words.last!
  }
}
