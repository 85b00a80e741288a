/// A location inside a topic document, written as a JSON path (`sets[1][0].answers[2]`)
/// and in the app's 1-based words (`set 2, question 1, answer 3`).
public struct TopicPath: Sendable, Hashable, CustomStringConvertible {
  /// One step: an object key or an array index.
  public enum Component: Sendable, Hashable {
    case key(String)
    case index(Int)
  }

  /// The steps from the document root.
  public var components: [Component]

  /// The document root.
  public static let root = TopicPath(components: [])

  /// Creates a path from its steps.
  public init(components: [Component]) { self.components = components }

  /// This path extended by an object key.
  public func appending(_ key: String) -> TopicPath {
    TopicPath(components: components + [.key(key)])
  }

  /// This path extended by an array index.
  public func appending(_ index: Int) -> TopicPath {
    TopicPath(components: components + [.index(index)])
  }

  /// `sets[1][0].correctAnswers[2]`; `$` for the root.
  public var description: String {
    var text = ""
    for component in components {
      switch component {
      case .key(let key): text += text.isEmpty ? key : ".\(key)"
      case .index(let index): text += "[\(index)]"
      }
    }
    return text.isEmpty ? "$" : text
  }

  /// The app's 1-based words for the set, question and answer this path points into,
  /// or `nil` outside the sets.
  public var locationWords: String? {
    guard case .key("sets") = components.first else { return nil }
    var words: [String] = []
    let nouns = ["set", "question"]
    var arrayDepth = 0
    for (offset, component) in components.enumerated().dropFirst() {
      guard case .index(let index) = component else { continue }
      if arrayDepth < nouns.count {
        words.append("\(nouns[arrayDepth]) \(index + 1)")
      } else if offset > 0, case .key("answers") = components[offset - 1] {
        words.append("answer \(index + 1)")
      }
      arrayDepth += 1
    }
    return words.isEmpty ? nil : words.joined(separator: ", ")
  }

  /// `path (location words): message`, the one-line form of problems and warnings.
  public func describing(_ message: String) -> String {
    let words = locationWords.map { " (\($0))" } ?? ""
    return "\(self)\(words): \(message)"
  }
}
