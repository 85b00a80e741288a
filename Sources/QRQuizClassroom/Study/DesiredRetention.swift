import Foundation

/// A class's desired retention: the chance FSRS aims for a student to still recall a card
/// when it comes back. Higher means shorter intervals and more reviews. The teacher sets it
/// per class from 0.70 to 0.97 (Anki's advice keeps it there: below, too much is forgotten;
/// above, the reviews multiply for little); 0.90, FSRS's default, until they do. Kept in
/// thousandths, so the records hold it exactly in every engine.
public struct DesiredRetention: Sendable, Hashable, CustomStringConvertible {
  /// The retentions a class may have.
  public static let range: ClosedRange<Double> = 0.70...0.97
  /// FSRS's default, a class's until the teacher chooses.
  public static let standard = DesiredRetention(thousandths: 900)

  /// The retention in thousandths (700 … 970).
  public let thousandths: Int

  /// The retention as a fraction, 0.7 … 0.97.
  public var value: Double { Double(thousandths) / 1000 }

  /// "0.9", "0.85", "0.925": as the teacher's form shows it.
  public var description: String {
    var text = String(format: "%.3f", value)
    while text.hasSuffix("0") && !text.hasSuffix(".0") { text.removeLast() }
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }

  private init(thousandths: Int) { self.thousandths = thousandths }

  /// `value`, rounded to thousandths.
  ///
  /// - Throws: ``Problem`` for a value outside ``range``.
  public init(_ value: Double) throws(Problem) {
    guard value.isFinite, Self.range.contains(value) else { throw .outOfRange(String(value)) }
    thousandths = Int((value * 1000).rounded())
  }

  /// The retention a form or a command gives: "0.85" or, as Spanish writes it, "0,85".
  ///
  /// - Throws: ``Problem``: not a number, or outside ``range``.
  public init(parsing text: String) throws(Problem) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard trimmed.count <= 16, let number = Double(trimmed.replacingOccurrences(of: ",", with: ".")),
      number.isFinite
    else { throw .notANumber(trimmed) }
    guard Self.range.contains(number) else { throw .outOfRange(trimmed) }
    thousandths = Int((number * 1000).rounded())
  }

  /// The retention kept in the records (thousandths), `nil` when they hold none or
  /// something else: a class's own choice never read as another value.
  public init?(stored thousandths: Int?) {
    guard let thousandths, (700...970).contains(thousandths) else { return nil }
    self.thousandths = thousandths
  }

  /// Why a retention is refused.
  public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is not a number.
    case notANumber(String)
    /// The number is outside ``DesiredRetention/range``.
    case outOfRange(String)

    public var description: String {
      switch self {
      case .notANumber(let text): "the desired retention must be a number from 0.70 to 0.97, not '\(text)'"
      case .outOfRange(let text): "the desired retention must be from 0.70 to 0.97, not \(text)"
      }
    }
  }
}
