internal import CQRQuizHTTP
import Foundation

/// A request from when its headers arrive until libmicrohttpd is done with it: its
/// values, read in one pass (and counted for the header checks), its body as it arrives,
/// and whether it has been answered. Touched only on the connection's thread of
/// libmicrohttpd, one event at a time.
final class IncomingRequest: @unchecked Sendable {
  let connection: OpaquePointer
  private(set) var head: RequestHead
  private(set) var headers: [String: String] = [:]
  private(set) var query: [String: String] = [:]
  private(set) var cookies: [String: String] = [:]
  var body: IncomingBody
  /// Whether an answer is queued, or the request was handed to the responder: the rest
  /// of its body (if any) is dropped as it comes.
  var handled = false

  /// The request on `connection` whose headers have just arrived.
  init(connection: OpaquePointer, method: String, path: String, version: String) {
    self.connection = connection
    head = RequestHead(method: method, path: path, version: version)
    body = IncomingBody(limit: 0)
    CQRQuizHTTP_values(
      connection,
      { context, kind, name, value in
        guard let context, let name, let value else { return }
        Unmanaged<IncomingRequest>.fromOpaque(context).takeUnretainedValue().take(kind, name, value)
      }, Unmanaged.passUnretained(self).toOpaque())
  }

  /// One value: a header (counted, and kept by lower-cased name), a query argument or a
  /// cookie; the first of repeated ones is kept, but for `X-Forwarded-For`, whose repeats
  /// are joined by commas in their order (the right-most is the nearest proxy's: keeping
  /// the first would keep the one the client wrote).
  private func take(_ kind: CQRQuizHTTP_value_kind, _ name: UnsafePointer<CChar>, _ value: UnsafePointer<CChar>) {
    let text = String(cString: value)
    switch kind {
    case .header:
      let key = Self.lowercasedASCII(name)
      head.count(header: key, value: text)
      if let kept = headers[key] {
        if key == "x-forwarded-for" { headers[key] = kept + ", " + text }
      } else {
        headers[key] = text
      }
    case .query:
      let key = String(cString: name)
      if query[key] == nil { query[key] = text }
    case .cookie:
      let key = String(cString: name)
      if cookies[key] == nil { cookies[key] = text }
    }
  }

  /// A header's value, by its lower-cased name.
  func header(_ name: String) -> String? { headers[name] }

  /// The request, whole, as a responder gets it.
  func request(clientAddress: String) -> HTTPRequest {
    var request = HTTPRequest(method: head.method, path: head.path)
    request.headers = headers
    request.query = query
    request.cookies = cookies
    request.body = body.bytes
    request.clientAddress = clientAddress
    return request
  }

  /// A header name lower-cased byte by byte: names are ASCII, and `String.lowercased()` is
  /// Unicode-aware and slower (this runs for every header of every request).
  private static func lowercasedASCII(_ name: UnsafePointer<CChar>) -> String {
    let length = strlen(name)
    return String(unsafeUninitializedCapacity: length) { buffer in
      for index in 0..<length {
        let byte = UInt8(bitPattern: name[index])
        buffer[index] = byte >= 65 && byte <= 90 ? byte + 32 : byte
      }
      return length
    }
  }
}
