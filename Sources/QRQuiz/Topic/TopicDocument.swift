import Foundation

/// What bytes hold as a topic: decoded, validated and linted, with every problem, whether
/// or not the app would accept it. This is `qrquiz validate`'s view; code that needs a
/// topic to use gets a ``ValidTopic`` from ``TopicReader`` instead.
///
/// ```swift
/// let json = #"{"sets":[[{"question":"","answers":["a","a"],"correct":0}]]}"#
/// let document = try TopicDocument(bytes: Array(json.utf8), sourceName: "People.json")
/// for problem in document.problems { print(problem) }
/// ```
public struct TopicDocument: Sendable {
  /// Why bytes could not be read as a topic document at all.
  public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// There were no bytes (or only whitespace).
    case empty
    /// Larger than ``TopicDocument/maximumSize``; `size` is `nil` when the input was cut
    /// off at the limit rather than measured (standard input, a download).
    case tooLarge(size: Int?, limit: Int)
    /// The bytes are not UTF-8; `offset` is the first bad byte.
    case notUTF8(offset: Int)
    /// Not JSON, or nested too deeply.
    case notJSON(JSONSyntaxError)

    public var description: String {
      switch self {
      case .empty: "empty input; expected a topic's JSON"
      case .tooLarge(let size?, let limit): "\(size) bytes is over the \(limit)-byte limit for a topic"
      case .tooLarge(nil, let limit): "over the \(limit)-byte limit for a topic"
      case .notUTF8(let offset): "not UTF-8 text (invalid byte at offset \(offset))"
      case .notJSON(let error): "not valid JSON: \(error)"
      }
    }
  }

  /// The largest topic accepted: 16 MiB, far beyond any real topic.
  public static let maximumSize = 16 << 20

  /// The topic, when it decoded without type problems.
  public let topic: Topic?
  /// The reasons the app would reject it, the first ``problemLimit`` of them; empty means
  /// valid.
  public let problems: [TopicProblem]
  /// How many problems there are in all (more than ``problems`` holds when a hostile file
  /// has millions).
  public let problemCount: Int
  /// The most problems a document keeps: the verdict needs one, a person reads a few.
  public static let problemLimit = ProblemCollector.defaultLimit
  /// Advice that does not change the verdict: malformed QRQuiz keys that were ignored,
  /// then the linter's.
  public var warnings: [TopicWarning] { notes + (topic.map(TopicLinter.warnings(in:)) ?? []) }
  private let notes: [TopicWarning]
  /// The source's name without its extension, the app's fallback for the topic's name.
  public let sourceName: String?

  /// True when the Questions app would accept this topic.
  public var isValid: Bool { problemCount == 0 && topic != nil }

  /// The topic's name as the app shows it: `options.name`, else the file name.
  public var displayName: String { topic?.options?.name ?? sourceName ?? "Untitled" }

  /// Reads a topic from JSON bytes.
  ///
  /// - Parameters:
  ///   - bytes: the JSON text, UTF-8 (a leading byte-order mark is skipped).
  ///   - sourceName: a file name or URL path; its last component without extension
  ///     becomes the default name.
  /// - Throws: ``Error`` when the bytes are not a JSON document within the limits.
  public init(bytes: some Collection<UInt8>, sourceName: String? = nil) throws(Error) {
    guard bytes.count <= Self.maximumSize else {
      throw .tooLarge(size: bytes.count, limit: Self.maximumSize)
    }
    var text = Array(bytes)
    if text.starts(with: [0xEF, 0xBB, 0xBF]) { text.removeFirst(3) }
    guard text.contains(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) else { throw .empty }
    if let offset = Self.firstInvalidUTF8Offset(text) { throw .notUTF8(offset: offset) }
    let json: JSONValue
    TopicWorkTally.count(\.documentsParsed)
    do {
      json = try JSONParser.parse(text)
    } catch {
      throw .notJSON(error)
    }
    self.init(json: json, sourceName: sourceName)
  }

  /// Decodes, validates and lints an already parsed document.
  public init(json: JSONValue, sourceName: String? = nil) {
    var collector = ProblemCollector()
    let (topic, decodeProblems, decodeCount, notes) = TopicDecoder.decodeNoting(json, limit: collector.limit)
    self.notes = notes
    collector.append(decodeProblems, outOf: decodeCount)
    if let topic { TopicValidator.check(topic, into: &collector) }
    self.topic = topic
    self.problems = collector.problems
    self.problemCount = collector.total
    self.sourceName = sourceName.map(Self.defaultName(forSource:))
  }

  /// The app's default topic name for a file: its last path component without extension.
  public static func defaultName(forSource source: String) -> String {
    let file = source.split(separator: "/").last.map(String.init) ?? source
    guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
    return String(file[..<dot])
  }

  /// The offset of the first byte that is not part of valid UTF-8, without copying the
  /// bytes into a String (a 16 MiB topic would cost 16 MiB more).
  private static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
    if !bytes.contains(where: { $0 >= 0x80 }) { return nil }
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): offset += UTF8.width(scalar)
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }
}
