/// Problems and warnings as machines read them: `qrquiz validate --json` and the web
/// editor's API give the same objects, so a path means the same thing in both.
extension TopicProblem {
  /// `{"kind", "path", "location", "message"}`.
  public var jsonValue: JSONValue { Self.entry(kind: kind.rawValue, path: path, message: message) }

  static func entry(kind: String, path: TopicPath, message: String) -> JSONValue {
    .object([
      ("kind", .string(kind)),
      ("path", .string(path.description)),
      ("location", path.locationWords.map(JSONValue.string) ?? .null),
      ("message", .string(message)),
    ])
  }
}

extension TopicWarning {
  /// `{"kind", "path", "location", "message"}`, as ``TopicProblem/jsonValue``.
  public var jsonValue: JSONValue { TopicProblem.entry(kind: kind.rawValue, path: path, message: message) }
}
