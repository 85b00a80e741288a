/// Why the assets could not be embedded: the build stops with the file (and line) to fix.
enum EmbeddingError: Error, CustomStringConvertible {
  /// A file could not be read.
  case unreadable(String, String)
  /// A file is not UTF-8 text.
  case notText(String)
  /// The manifest does not say what to serve.
  case badManifest(String, String)
  /// A script `require`s something that is not a file beside it.
  case badRequire(String, line: Int, String)

  var description: String {
    switch self {
    case .unreadable(let path, let reason): "\(path): cannot be read (\(reason))"
    case .notText(let path): "\(path): not UTF-8 text"
    case .badManifest(let path, let problem): "\(path): \(problem)"
    case .badRequire(let path, let line, let problem): "\(path):\(line): \(problem)"
    }
  }
}
