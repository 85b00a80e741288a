import Foundation
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

  /// Whether an argument names a topic on the web rather than a file.
  static func isURL(_ path: String) -> Bool {
    let lowered = path.lowercased()
    return lowered.hasPrefix("https://") || lowered.hasPrefix("http://")
  }

  /// Loads a topic from a file, `-`, or an http(s) URL (downloaded with the topic limits).
  static func loadAny(_ path: String, timeout: Double = 30) async throws(CLIError) -> TopicDocument {
    guard isURL(path) else { return try load(path) }
    guard let url = URL(string: path) else { throw CLIError(.invalidInput, "\(path): not a URL") }
    let bytes: [UInt8]
    do {
      bytes = try await BoundedDownload(limit: TopicDocument.maximumSize, timeout: timeout).data(from: url)
    } catch {
      throw CLIError(.network, error.description)
    }
    do {
      return try TopicDocument(bytes: bytes, sourceName: url.path)
    } catch {
      throw CLIError(.invalidInput, "\(path): \(error)")
    }
  }

  /// Insists a loaded topic is one the app accepts.
  static func requireValid(_ document: TopicDocument, _ path: String) throws(CLIError) -> Topic {
    guard document.isValid, let topic = document.topic else {
      let problems = document.problems
      let first = problems.first.map(String.init(describing:)) ?? "unknown problem"
      let more = problems.count > 1 ? " (and \(problems.count - 1) more; see qrquiz validate)" : ""
      throw CLIError(.invalidInput, "\(InputFile.displayName(path)): invalid topic: \(first)\(more)")
    }
    return topic
  }

  /// Loads a topic and insists it is one the app accepts.
  static func loadValid(_ path: String) throws(CLIError) -> (document: TopicDocument, topic: Topic) {
    let document = try load(path)
    return (document, try requireValid(document, path))
  }
}
