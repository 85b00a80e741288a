extension JSONValue {
  /// Compact JSON text: members in their order, non-ASCII as UTF-8, `/` not escaped.
  public var compactText: String { JSONWriter.compact(self) }
}
