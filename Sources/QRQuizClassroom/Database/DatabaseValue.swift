/// A value SQLite stores: what a statement binds and a row holds.
public enum DatabaseValue: Sendable, Hashable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])
}

/// A Swift value that binds as a ``DatabaseValue`` and reads back from one.
public protocol DatabaseValueConvertible {
  var databaseValue: DatabaseValue { get }
  /// The value a column holds, or `nil` when it holds another kind of value.
  init?(databaseValue: DatabaseValue)
}

extension DatabaseValue: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { self }
  public init?(databaseValue: DatabaseValue) { self = databaseValue }
}

extension Int: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .integer(Int64(self)) }
  public init?(databaseValue: DatabaseValue) {
    guard case .integer(let value) = databaseValue, let exact = Int(exactly: value) else { return nil }
    self = exact
  }
}

extension Int64: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .integer(self) }
  public init?(databaseValue: DatabaseValue) {
    guard case .integer(let value) = databaseValue else { return nil }
    self = value
  }
}

extension Double: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .real(self) }
  public init?(databaseValue: DatabaseValue) {
    switch databaseValue {
    case .real(let value): self = value
    case .integer(let value): self = Double(value)
    default: return nil
    }
  }
}

extension Bool: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }
  public init?(databaseValue: DatabaseValue) {
    guard case .integer(let value) = databaseValue else { return nil }
    self = value != 0
  }
}

extension String: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .text(self) }
  public init?(databaseValue: DatabaseValue) {
    guard case .text(let value) = databaseValue else { return nil }
    self = value
  }
}

extension [UInt8]: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .blob(self) }
  public init?(databaseValue: DatabaseValue) {
    switch databaseValue {
    case .blob(let value): self = value
    case .text(let value): self = Array(value.utf8)
    default: return nil
    }
  }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { map(\.databaseValue) ?? .null }
  public init?(databaseValue: DatabaseValue) {
    if case .null = databaseValue {
      self = .none
    } else {
      guard let value = Wrapped(databaseValue: databaseValue) else { return nil }
      self = .some(value)
    }
  }
}
