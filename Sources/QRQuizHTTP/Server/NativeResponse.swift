internal import CQRQuizHTTP

/// A response made in libmicrohttpd: for one answer, or once for many (see
/// ``HTTPResponse/prepared()``), released with the last Swift copy that holds it
/// (libmicrohttpd keeps it alive while a connection still sends it).
final class NativeResponse: @unchecked Sendable {
  // libmicrohttpd's responses are reference-counted under their own lock: queueing one
  // from several threads at once is what it is made for.
  let pointer: OpaquePointer
  /// The body's length, which the time to take it depends on.
  let length: Int

  /// `response`'s status-less part (headers and body) in libmicrohttpd; nil when it cannot
  /// be made (libmicrohttpd missing, out of memory).
  init?(_ response: HTTPResponse) {
    let made = response.body.withUnsafeBufferPointer { CQRQuizHTTP_response_of_bytes($0.baseAddress, $0.count) }
    guard let made else { return nil }
    pointer = made
    length = response.body.count
    Self.addHeaders(response.headers, to: made)
  }

  /// An endless response whose bytes `stream` gives, with `headers`.
  init?(stream: HTTPEventStream, headers: [(name: String, value: String)]) {
    let retained = Unmanaged.passRetained(stream)
    let made = CQRQuizHTTP_response_of_stream(
      retained.toOpaque(),
      { stream, buffer, capacity, length in
        guard let stream, let buffer, let length else { return .ended }
        var count = 0
        let read = Unmanaged<HTTPEventStream>.fromOpaque(stream).takeUnretainedValue().read(
          into: buffer, capacity: capacity, length: &count)
        length.pointee = count
        return read
      },
      { stream in
        guard let stream else { return }
        let owned = Unmanaged<HTTPEventStream>.fromOpaque(stream)
        owned.takeUnretainedValue().freed()
        owned.release()
      })
    guard let made else {
      retained.release()
      return nil
    }
    pointer = made
    length = 0
    Self.addHeaders(headers, to: made)
  }

  deinit { CQRQuizHTTP_response_release(pointer) }

  /// Adds each header, with any CR, LF or NUL removed from its name and value (a value
  /// cannot start a header of its own). Most have none: those go as they are, uncopied.
  private static func addHeaders(_ headers: [(name: String, value: String)], to response: OpaquePointer) {
    for (name, value) in headers {
      Self.clean(name).withCString { name in
        Self.clean(value).withCString { value in _ = CQRQuizHTTP_response_add_header(response, name, value) }
      }
    }
  }

  /// `text` without CR, LF or NUL.
  private static func clean(_ text: String) -> String {
    guard text.utf8.contains(where: { !isAllowed($0) }) else { return text }
    return String(decoding: text.utf8.filter(isAllowed), as: UTF8.self)
  }

  private static func isAllowed(_ byte: UInt8) -> Bool { byte != 13 && byte != 10 && byte != 0 }
}
