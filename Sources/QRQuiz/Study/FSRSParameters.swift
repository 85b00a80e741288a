import Foundation

/// The 21 weights of FSRS-6 (w0 to w20), checked against the bounds the reference
/// implementations hold them to (py-fsrs 6, fsrs-rs, ts-fsrs), so that a scheduler never
/// runs on weights its optimiser could not have produced.
///
/// What each weight does: w0–w3 the first stability for Again, Hard, Good and Easy; w4–w5
/// the first difficulty; w6–w7 how ratings move difficulty and how far it reverts to
/// Easy's; w8–w10 stability after a recall; w11–w14 after a lapse; w15 and w16 Hard's
/// penalty and Easy's bonus; w17–w19 stability within a day; w20 the forgetting curve's
/// decay.
public struct FSRSParameters: Sendable, Hashable, Codable {
  /// How many weights FSRS-6 has.
  public static let count = 21

  /// The references' defaults: their optimiser's result on the open benchmark of Anki
  /// reviews.
  public static let defaultWeights: [Double] = [
    0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629,
    1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
  ]

  /// Each weight's bounds, as the references check them.
  public static let bounds: [ClosedRange<Double>] = [
    0.001...100, 0.001...100, 0.001...100, 0.001...100, 1...10, 0.001...4, 0.001...4, 0.001...0.75, 0...4.5,
    0...0.8, 0.001...3.5, 0.001...5, 0.001...0.25, 0.001...0.9, 0...4, 0...1, 1...6, 0...2, 0...2, 0...0.8,
    0.1...0.8,
  ]

  /// The default weights.
  public static let standard = FSRSParameters(checked: defaultWeights)

  /// w0 to w20.
  public let weights: [Double]

  /// The weights `weights`, checked.
  ///
  /// - Throws: ``Problem`` for a count other than 21 or a weight out of its bounds.
  public init(_ weights: [Double]) throws(Problem) {
    guard weights.count == Self.count else { throw .count(weights.count) }
    for (index, weight) in weights.enumerated() where !Self.bounds[index].contains(weight) {
      throw .outOfBounds(index: index, value: weight, bounds: Self.bounds[index])
    }
    self.weights = weights
  }

  /// The weights written as `w0,w1,…,w20` (spaces around the commas allowed).
  ///
  /// - Throws: ``Problem`` for text that is not 21 numbers within their bounds.
  public init(text: String) throws(Problem) {
    let fields = text.split(separator: ",", omittingEmptySubsequences: false)
    var weights: [Double] = []
    for (index, field) in fields.enumerated() {
      let number = field.trimmingCharacters(in: .whitespaces)
      guard let weight = Double(number), weight.isFinite else { throw .notANumber(index: index, text: number) }
      weights.append(weight)
    }
    try self.init(weights)
  }

  private init(checked weights: [Double]) { self.weights = weights }

  /// Why weights are refused.
  public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not 21 weights.
    case count(Int)
    /// A weight that is not a finite number.
    case notANumber(index: Int, text: String)
    /// A weight outside the references' bounds.
    case outOfBounds(index: Int, value: Double, bounds: ClosedRange<Double>)

    public var description: String {
      switch self {
      case .count(let count): "\(count) weights: FSRS-6 has \(FSRSParameters.count) (w0 to w20)"
      case .notANumber(let index, let text): "w\(index) '\(text)' is not a number"
      case .outOfBounds(let index, let value, let bounds):
        "w\(index) = \(value) is out of its bounds, \(bounds.lowerBound) to \(bounds.upperBound)"
      }
    }
  }
}
