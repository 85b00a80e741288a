/// A row's values, by column position, as either engine gives them.
public struct Row: Sendable, Hashable {
  public var values: [DatabaseValue]

  public subscript(_ column: Int) -> DatabaseValue { column < values.count ? values[column] : .null }

  /// Column `column` as `T`; `nil` when it holds NULL or another kind of value.
  public func get<T: DatabaseValueConvertible>(_ column: Int, as type: T.Type = T.self) -> T? {
    T(databaseValue: self[column])
  }
}
