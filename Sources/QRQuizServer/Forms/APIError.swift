import QRQuiz
import QRQuizHTTP

/// An API's refusal: `{"error", "field"?, "reason"?}` with its status. Handlers throw it (or
/// an error that says which one it is, ``APIRefusal``), and the router answers it.
struct APIError: HTTPResponseError {
  var status: Int
  var message: String
  var field: String?
  var reason: String?
  var headers: [(name: String, value: String)] = []

  init(
    _ status: Int, _ message: String, field: String? = nil, reason: String? = nil,
    headers: [(name: String, value: String)] = []
  ) {
    self.status = status
    self.message = message
    self.field = field
    self.reason = reason
    self.headers = headers
  }

  var response: HTTPResponse { .apiError(status, message, field: field, reason: reason, headers: headers) }
}

extension JSONBody.Problem: HTTPResponseError {}

/// A refusal of a move by the rules of what it moves (a homework's, a live game's), as the
/// API answers it.
protocol APIRefusal: Error {
  var apiError: APIError { get }
  /// What could not be done when the move was refused for want of storage ("the answer
  /// could not be saved").
  static var notSaved: String { get }
}
