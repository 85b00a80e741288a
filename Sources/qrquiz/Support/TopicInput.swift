import QRQuiz

/// Loads a topic argument (a file or `-`) into a document, as every command does.
enum TopicInput {
  static func load(_ path: String) throws(CLIError) -> TopicDocument {
    let bytes = try InputFile.read(path, limit: TopicDocument.maximumSize)
    do {
      return try TopicDocument(bytes: bytes, sourceName: path == "-" ? nil : path)
    } catch {
      throw CLIError(.invalidInput, "\(InputFile.displayName(path)): \(error)")
    }
  }

  /// Loads a topic and insists it is one the app accepts.
  static func loadValid(_ path: String) throws(CLIError) -> (document: TopicDocument, topic: Topic) {
    let document = try load(path)
    guard document.isValid, let topic = document.topic else {
      let problems = document.problems
      let first = problems.first.map(String.init(describing:)) ?? "unknown problem"
      let more = problems.count > 1 ? " (and \(problems.count - 1) more; see qrquiz validate)" : ""
      throw CLIError(.invalidInput, "\(InputFile.displayName(path)): invalid topic: \(first)\(more)")
    }
    return (document, topic)
  }
}
