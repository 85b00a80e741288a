import Foundation
import QRQuiz
import QRQuizTestSupport

@testable import QRQuizServer

/// Requests sent straight to a ``QuizWebApp``, as HummingbirdTesting sends them to a
/// router: no socket, no server, the same answers (libmicrohttpd only adds framing and
/// drops the body of a HEAD).
package struct WebAppClient {
  package let app: QuizWebApp

  package init(app: QuizWebApp) { self.app = app }

  package struct Response {
    package var status: Int
    /// Header values by lower-cased name (the last of repeated ones).
    package var headers: [String: String]
    package var body: [UInt8]
    package var text: String { String(decoding: body, as: UTF8.self) }
    /// All `Set-Cookie` values.
    package var cookies: [String]
  }

  /// Sends `method target` (a path with an optional `?query`), as libmicrohttpd would
  /// hand it over: the path and query percent-decoded, cookies parsed from `Cookie`.
  package func request(
    _ method: String, _ target: String, headers: [String: String] = [:], body: [UInt8] = [],
    from clientAddress: String = "127.0.0.1"
  ) async -> Response {
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    var query: [String: String] = [:]
    if parts.count > 1 {
      for pair in parts[1].split(separator: "&") {
        let item = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = Self.decode(item[0])
        if query[name] == nil { query[name] = item.count > 1 ? Self.decode(item[1]) : "" }
      }
    }
    var cookies: [String: String] = [:]
    for (name, value) in headers where name.lowercased() == "cookie" {
      for item in value.split(separator: ";") {
        let pair = item.split(separator: "=", maxSplits: 1)
        guard pair.count == 2 else { continue }
        cookies[pair[0].trimmingCharacters(in: .whitespaces)] = String(pair[1])
      }
    }
    let request = HTTPRequest(
      method: method, path: Self.decode(parts[0]), headers: headers, query: query, cookies: cookies, body: body,
      clientAddress: clientAddress)
    let response = await app.answer(request).response()
    var byName: [String: String] = [:]
    var setCookies: [String] = []
    for (name, value) in response.headers {
      byName[name.lowercased()] = value
      if name.lowercased() == "set-cookie" { setCookies.append(value) }
    }
    return Response(status: response.status, headers: byName, body: response.body, cookies: setCookies)
  }

  /// Percent-decoding as the server's shim does it (`+` in a query is a space).
  package static func decode(_ text: Substring) -> String {
    text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
  }
}
