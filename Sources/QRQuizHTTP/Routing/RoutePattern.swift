/// A route's path: literal segments and named parts, `/t/{name}.json` or
/// `/api/topics/{name}/versions/{id}`. A named part matches one whole, non-empty segment
/// (never a `/`), less any literal text the pattern puts after it in the same segment.
public struct RoutePattern: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// One segment of the pattern.
  enum Segment: Sendable, Hashable {
    /// This text exactly.
    case literal(String)
    /// Any text, named, followed by `suffix` (often empty).
    case parameter(String, suffix: String)
  }

  let segments: [Segment]
  /// How specific the pattern is, segment by segment, for choosing between two that both
  /// match: a literal (2) beats a part with a suffix (1), which beats a bare part (0).
  /// Worked out once: every request compares them.
  let specificity: [Int]
  /// The pattern as written.
  public let description: String

  /// The pattern `pattern`: segments split at `/`, a `{name}` part in a segment named
  /// (with any text after it in the segment its suffix).
  public init(stringLiteral pattern: String) {
    description = pattern
    segments = pattern.split(separator: "/", omittingEmptySubsequences: true).map { part in
      guard part.hasPrefix("{"), let close = part.firstIndex(of: "}") else { return .literal(String(part)) }
      let name = String(part[part.index(after: part.startIndex)..<close])
      return .parameter(name, suffix: String(part[part.index(after: close)...]))
    }
    specificity = segments.map { segment in
      switch segment {
      case .literal: 2
      case .parameter(_, let suffix): suffix.isEmpty ? 0 : 1
      }
    }
  }

  /// Whether `path` matches, without collecting its named parts.
  func matches(_ path: [Substring]) -> Bool {
    guard path.count == segments.count else { return false }
    for (segment, part) in zip(segments, path) {
      switch segment {
      case .literal(let text):
        guard part == text else { return false }
      case .parameter(_, let suffix):
        guard part.hasSuffix(suffix), part.count > suffix.count else { return false }
      }
    }
    return true
  }

  /// The named parts of `path` if it matches; `nil` if it does not.
  func match(_ path: [Substring]) -> [String: String]? {
    guard matches(path) else { return nil }
    var parameters: [String: String] = [:]
    for case (.parameter(let name, let suffix), let part) in zip(segments, path) {
      parameters[name] = String(part.dropLast(suffix.count))
    }
    return parameters
  }
}
