import QRQuiz
/// The responses the web app gives, with the headers every one of them carries.
enum Reply {
  /// No script, style, frame or form target from anywhere but this server; topic text
  /// cannot bring its own.
  static let contentSecurityPolicy =
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; object-src 'none'; "
    + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

  static func html(_ page: String, status: Int = 200, headers: [(name: String, value: String)] = []) -> HTTPResponse {
    HTTPResponse(
      status: status,
      headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")] + headers,
      body: Array(page.utf8))
  }

  static func bytes(
    _ body: [UInt8], type: String, cache: String = "no-cache", headers: [(name: String, value: String)] = []
  ) -> HTTPResponse {
    HTTPResponse(status: 200, headers: [("Content-Type", type), ("Cache-Control", cache)] + headers, body: body)
  }

  /// 303: after a form post, the browser asks for the next page with GET.
  static func redirect(_ location: String, headers: [(name: String, value: String)] = []) -> HTTPResponse {
    HTTPResponse(status: 303, headers: [("Location", location), ("Cache-Control", "no-store")] + headers)
  }

  static func error(_ status: Int, _ title: String, _ message: String) -> HTTPResponse {
    html(
      HTML.page(
        title: title,
        body: """
          \(Pages.header())
          <main><div class="card"><h1>\(HTML.escape(title))</h1><p>\(HTML.escape(message))</p>
          <p><a href="/">All topics</a></p></div></main>
          """),
      status: status)
  }

  static func notFound(_ what: String) -> HTTPResponse { error(404, "Not found", what) }

  static func methodNotAllowed(_ allowed: String) -> HTTPResponse {
    var response = error(405, "Method not allowed", "This address answers \(allowed).")
    response.headers.append(("Allow", allowed))
    return response
  }

  /// `response` with the headers every answer carries.
  static func secured(_ response: HTTPResponse) -> HTTPResponse {
    // A prepared response was secured when it was prepared.
    guard !response.isPrepared else { return response }
    var response = response
    response.headers += [
      ("Content-Security-Policy", contentSecurityPolicy), ("X-Content-Type-Options", "nosniff"),
      ("Referrer-Policy", "no-referrer"), ("X-Frame-Options", "DENY"),
    ]
    return response
  }
}
