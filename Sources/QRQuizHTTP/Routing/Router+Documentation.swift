extension Router {
  /// The route table as a Markdown table: method, path, what it is for, who may call it,
  /// the body it takes, and whether it is answered at once or on the responder threads.
  public var documentation: String {
    var lines = ["| method | path | what | who | body | answered |", "|---|---|---|---|---|---|"]
    for route in routes {
      let methods = route.method == .get ? "GET, HEAD" : route.method.rawValue
      lines.append(
        "| \(methods) | `\(route.pattern)` | \(route.summary) | \(route.access) | \(route.bodyLimit) "
          + "| \(route.whereAnswered) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
