import Foundation

/// A question's numeric answer (a QRQuiz extension the app ignores): `qrquiz play` asks
/// the question as typed input and accepts any number within `tolerance` of `value`. The
/// question keeps its multiple-choice answers, one of which is the number, for the app.
///
/// In a topic: `"numericAnswer": {"value": 1969, "tolerance": 0}` (see docs/FORMAT.md).
public struct NumericAnswer: Sendable, Codable, Hashable {
  /// The right number.
  public var value: Double
  /// How far from it an answer may be and still be right (0: exactly).
  public var tolerance: Double

  /// Creates an answer.
  public init(value: Double, tolerance: Double = 0) {
    self.value = value
    self.tolerance = tolerance
  }

  /// Whether `number` is right.
  public func accepts(_ number: Double) -> Bool { number.isFinite && abs(number - value) <= tolerance }

  /// Reads a number as people type it, whatever the locale: `1969`, `-2`, `1.5`, `1e3`,
  /// `+4`, surrounding spaces. A comma is not a decimal point (it is ambiguous).
  public static func parse(_ text: String) -> Double? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
      let number = Double(trimmed), number.isFinite
    else { return nil }
    return number
  }
}
