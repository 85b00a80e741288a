/// A parsed JSON document that keeps what `JSONSerialization` loses: key order, and each
/// number's literal text, so topic fields can be judged exactly as the app's decoder does.
///
/// A value is 16 bytes (a number's literal lives in its ``JSONNumber`` box), so a document
/// of millions of tiny values costs eight times its size, not sixteen.
public enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  /// A number with its literal text (`"1e0"`) and its value as a `Double`.
  case number(JSONNumber)
  case string(String)
  case array([JSONValue])
  /// Members in document order. Duplicate keys are kept; `self[key]` returns the first,
  /// as Foundation's `JSONDecoder` does.
  case object([(key: String, value: JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.number(let a), .number(let b)): a.value == b.value
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let value): hasher.combine(value)
    case .number(let number): hasher.combine(number.value)
    case .string(let value): hasher.combine(value)
    case .array(let values): hasher.combine(values)
    case .object(let members):
      for member in members {
        hasher.combine(member.key)
        hasher.combine(member.value)
      }
    }
  }

  /// The first member named `key` of an object; `nil` for a missing key or a non-object.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The JSON type's name as a person would say it, for error messages.
  public var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

extension JSONValue {
  /// A number written without a literal of its own (integral values without a fraction).
  public static func number(_ value: Double) -> JSONValue { .number(JSONNumber(value)) }

  /// A whole number.
  public static func number(_ value: Int) -> JSONValue { .number(JSONNumber(Double(value))) }
}

/// A JSON number: its value, and the literal it was written as. Immutable and shared: the
/// whole numbers 0 to 255 (every answer index) are one object each, however often they
/// appear.
public final class JSONNumber: Sendable, Hashable, CustomStringConvertible {
  /// The value as the app's decoder reads it.
  public let value: Double
  /// The literal as written (`1e0`, `1.50`), or `nil` when the value's own shortest form
  /// (``JSONValue/compactText``) says it.
  private let writtenLiteral: String?

  private init(value: Double, writtenLiteral: String?) {
    self.value = value
    self.writtenLiteral = writtenLiteral
  }

  private static let small = (0...255).map { JSONNumber(value: Double($0), writtenLiteral: nil) }

  /// A number; `literal` is what the document said, when it was not the plain form.
  public static func make(_ value: Double, literal: String? = nil) -> JSONNumber {
    let plain = JSONWriter.format(value)
    let extra = literal == plain ? nil : literal
    if extra == nil, value >= 0, value <= 255, value == value.rounded(), value.sign == .plus {
      return small[Int(value)]
    }
    return JSONNumber(value: value, writtenLiteral: extra)
  }

  /// A number with no literal of its own.
  public convenience init(_ value: Double) { self.init(value: value, writtenLiteral: nil) }

  /// The literal as written in the document.
  public var literal: String { writtenLiteral ?? JSONWriter.format(value) }

  public var description: String { literal }

  public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool { lhs.value == rhs.value }
  public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
