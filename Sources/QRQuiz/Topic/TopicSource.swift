import Foundation

/// Where a topic is read from, as users name it on a command line or in a list.
public enum TopicSource: Sendable, Hashable, CustomStringConvertible {
  /// A file path.
  case file(String)
  /// Standard input.
  case standardInput
  /// An http or https URL serving the topic's JSON, as the app downloads it.
  case url(URL)

  /// Reads a command-line argument: `-` is standard input, text starting with `http://`
  /// or `https://` a URL, anything else a file path.
  public init(argument: String) {
    if argument == "-" {
      self = .standardInput
    } else if Self.looksLikeURL(argument) {
      self = URL(string: argument).map(TopicSource.url) ?? .file(argument)
    } else {
      self = .file(argument)
    }
  }

  /// Whether `text` is written as an http(s) URL.
  public static func looksLikeURL(_ text: String) -> Bool {
    let lowered = text.prefix(8).lowercased()
    return lowered.hasPrefix("https://") || lowered.hasPrefix("http://")
  }

  /// The path, `stdin`, or the URL: how messages name the source.
  public var description: String {
    switch self {
    case .file(let path): path
    case .standardInput: "stdin"
    case .url(let url): url.absoluteString
    }
  }

  /// The app's fallback topic name: the file name without its extension (for a URL, its
  /// last path component); `nil` for standard input.
  public var defaultName: String? { namingPath.map(TopicDocument.defaultName(forSource:)) }

  /// The path whose last component names the topic.
  var namingPath: String? {
    switch self {
    case .file(let path): path
    case .standardInput: nil
    case .url(let url): url.path.isEmpty || url.path == "/" ? url.host : url.path
    }
  }
}
