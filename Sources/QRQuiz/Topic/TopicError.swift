import QRQuizFiles

/// Why a source did not give a topic the app accepts: the one error of every path from
/// bytes (a file, standard input, a URL, a QR code) to a ``ValidTopic``.
public enum TopicError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file could not be read: missing, a directory, no permission.
  case file(FileSystemError)
  /// A URL argument that does not parse, or whose scheme is not http or https.
  case notURL(String)
  /// The download failed: refused, too large, too slow, an HTTP error status.
  case download(BoundedDownload.Error)
  /// The bytes are not a topic document at all: empty, too large, not UTF-8, not JSON.
  case notTopic(source: String, TopicDocument.Error)
  /// The app would reject the topic: its first problems, in the app's checking order,
  /// and how many there are in all.
  case invalid(source: String, problems: [TopicProblem], count: Int)

  /// Where it came from, as the user named it: a path, `stdin`, a URL, an image.
  public var source: String {
    switch self {
    case .file(let error): error.path
    case .notURL(let text): text
    case .download(let error): error.url.absoluteString
    case .notTopic(let source, _), .invalid(let source, _, _): source
    }
  }

  public var description: String {
    switch self {
    case .file(let error): "\(error.path): \(error.reason)"
    case .notURL(let text): "\(text): not an http or https URL"
    case .download(let error): error.description
    case .notTopic(let source, let error): "\(source): \(error)"
    case .invalid(let source, let problems, let count):
      "\(source): invalid topic: " + TopicProblem.summary(problems, count: count)
    }
  }
}
