/// How long a client may take to send a request and to take its answer: the deadlines the
/// server's watchdog holds each connection to (a client trickling bytes either way is cut
/// off). While the responder works on a request there is none: that time is the server's.
struct TransferTimes: Sendable {
  /// Seconds to send a whole request from when the connection opens or its previous
  /// answer was sent (also the longest a kept-alive connection waits for its next one).
  let requestTimeout: Double
  /// Seconds to take a whole answer, before its length.
  let responseTimeout: Double
  /// Bytes a second a client must keep up, sending a body or taking an answer.
  let minimumRate: Double

  /// The time to send a request.
  var toSendRequest: Double { requestTimeout }

  /// The time a body of `length` bytes adds to its request's.
  func toSendBody(of length: Int) -> Double { Double(length) / minimumRate }

  /// The time to take an answer of `length` bytes.
  func toTakeAnswer(of length: Int) -> Double { responseTimeout + Double(length) / minimumRate }
}
