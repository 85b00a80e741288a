/// An SQL statement whose interpolated values are bound, never spliced into its text (as
/// GRDB's `SQL` interpolation): `"SELECT name FROM students WHERE card = \(card)"` sends
/// `… WHERE card = ?` and binds `card`. Text of SQL's own is interpolated only as
/// `\(sql: other)`, so a value from a stranger can never become SQL.
public struct SQL: Sendable, Hashable, ExpressibleByStringInterpolation {
  /// The statement, `?` where each argument goes.
  public private(set) var text: String
  /// The values bound to the `?`s, in order.
  public private(set) var arguments: [DatabaseValue]

  public init(stringLiteral value: String) {
    text = value
    arguments = []
  }

  public init(stringInterpolation: StringInterpolation) {
    text = stringInterpolation.text
    arguments = stringInterpolation.arguments
  }

  public struct StringInterpolation: StringInterpolationProtocol {
    var text = ""
    var arguments: [DatabaseValue] = []

    public init(literalCapacity: Int, interpolationCount: Int) {
      text.reserveCapacity(literalCapacity + interpolationCount)
    }

    public mutating func appendLiteral(_ literal: String) { text += literal }

    /// A value, bound.
    public mutating func appendInterpolation(_ value: some DatabaseValueConvertible) {
      text += "?"
      arguments.append(value.databaseValue)
    }

    /// A value or NULL, bound.
    public mutating func appendInterpolation<Value: DatabaseValueConvertible>(_ value: Value?) {
      text += "?"
      arguments.append(value?.databaseValue ?? .null)
    }

    /// SQL of this program's own (a fragment built from literals and bound values).
    public mutating func appendInterpolation(sql: SQL) {
      text += sql.text
      arguments += sql.arguments
    }
  }

  /// `fragments` one after another, `separator` between them: a list of bound values
  /// (`IN (…)`) or of conditions.
  public static func joined(_ fragments: [SQL], separator: String) -> SQL {
    var result = SQL(stringLiteral: "")
    for (index, fragment) in fragments.enumerated() {
      if index > 0 { result.text += separator }
      result.text += fragment.text
      result.arguments += fragment.arguments
    }
    return result
  }
}
