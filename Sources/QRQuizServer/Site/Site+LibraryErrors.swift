import QRQuiz
import QRQuizHTTP

extension Site {
  /// What `body` returns; a library error answered as the API answers it for topic `name`.
  func answeringLibrary<T>(_ name: String, _ body: () throws(TopicLibrary.Error) -> T) throws(HTTPFailure) -> T {
    do {
      return try body()
    } catch {
      throw HTTPFailure(.libraryError(error, name: name))
    }
  }
}
