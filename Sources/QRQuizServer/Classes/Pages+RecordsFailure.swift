import QRQuizClassroom
import QRQuizHTTP

extension Pages {
  /// The page for a class that could not be read: while the records' database cannot be
  /// reached (a school's server restarting), 503 with when to try again — the class is
  /// there, not missing; rows that do not make a class, 500. `detail` says which.
  func recordsFailure(_ error: ClassRosterStore.Error, about detail: String) -> HTTPResponse {
    if case .records(let failure) = error, failure.kind == .unreachable {
      return .html(
        self.error(.recordsUnreachable, "\(detail)"), status: 503, headers: [HTTPResponse.retryAfter(5)])
    }
    return .html(self.error(.recordsUnreadable, "\(detail)"), status: 500)
  }
}
