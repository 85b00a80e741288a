/// A parsed JSON document that keeps what `JSONSerialization` loses: key order, and each
/// number's literal text, so topic fields can be judged exactly as the app's decoder does.
public enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  /// A number with its literal text (`"1e0"`) and its value as a `Double`.
  case number(literal: String, value: Double)
  case string(String)
  case array([JSONValue])
  /// Members in document order. Duplicate keys are kept; `self[key]` returns the first,
  /// as Foundation's `JSONDecoder` does.
  case object([(key: String, value: JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.number(_, let a), .number(_, let b)): a == b
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
    case .number(_, let value): hasher.combine(value)
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
