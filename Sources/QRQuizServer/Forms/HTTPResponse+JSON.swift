import QRQuiz
import QRQuizHTTP

extension HTTPResponse {
  /// JSON for scripts and the pages' own requests, never stored by caches.
  public static func json(_ value: JSONValue, status: Int = 200, headers: [(name: String, value: String)] = [])
    -> HTTPResponse
  {
    HTTPResponse(
      status: status,
      headers: [("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store")] + headers,
      body: Array((value.compactText + "\n").utf8))
  }

  /// An API error: `{"error": "…", "field": "…"}` with `status`.
  static func apiError(
    _ status: Int, _ message: String, field: String? = nil, reason: String? = nil,
    headers: [(name: String, value: String)] = []
  ) -> HTTPResponse {
    var members: [(key: String, value: JSONValue)] = [("error", .string(message))]
    if let field { members.append(("field", .string(field))) }
    if let reason { members.append(("reason", .string(reason))) }
    return .json(.object(members), status: status, headers: headers)
  }

  /// `Retry-After` for a limiter's `wait` in seconds: whole seconds rounded up, and one more,
  /// so a client that waits exactly that long finds its budget back.
  static func retryAfter(_ wait: Double) -> (name: String, value: String) {
    ("Retry-After", String(Int(wait.rounded(.up)) + 1))
  }
}
