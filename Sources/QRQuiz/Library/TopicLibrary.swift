import Foundation

/// Saved topics, as the Questions app keeps every topic it reads: one normalised JSON file
/// per topic under a directory (`$XDG_DATA_HOME/qrquiz/topics` by default), named safely
/// after the topic. A topic is not saved twice, by name or by content.
public struct TopicLibrary: Sendable {
  /// Why a library operation failed.
  public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// A topic with this name is saved already.
    case nameTaken(String)
    /// A saved topic has the same questions, answers and correct answers.
    case sameContent(as: String)
    /// No saved topic has this name.
    case notFound(String)
    /// The topic is one the app rejects.
    case invalid([TopicProblem])
    /// The directory could not be read or written.
    case storage(String)

    public var description: String {
      switch self {
      case .nameTaken(let name): "a topic named '\(name)' is already saved"
      case .sameContent(let name): "the same questions and answers are already saved as '\(name)'"
      case .notFound(let name): "no saved topic named '\(name)'"
      case .invalid(let problems):
        "invalid topic: " + TopicProblem.summary(problems)
      case .storage(let reason): "topic library: \(reason)"
      }
    }
  }

  /// A saved topic.
  public struct Entry: Sendable {
    /// Its name (the file name without `.json`).
    public var name: String
    /// The topic.
    public var topic: Topic
  }

  /// The directory of `NAME.json` files.
  public let directory: URL

  /// A library in `directory` (created when first written).
  public init(directory: URL) { self.directory = directory }

  /// A name safe as a file name: no path separators or control characters, no leading
  /// dot (hidden files, `..`), at most 100 characters; "topic" when nothing is left.
  public static func safeName(_ name: String) -> String {
    var safe = String(
      name.unicodeScalars.map { scalar -> Character in
        scalar == "/" || scalar == "\\" || CharacterSet.controlCharacters.contains(scalar) ? "_" : Character(scalar)
      }
    ).trimmingCharacters(in: .whitespacesAndNewlines)
    while safe.hasPrefix(".") { safe.removeFirst() }
    safe = String(safe.prefix(100)).trimmingCharacters(in: .whitespaces)
    return safe.isEmpty ? "topic" : safe
  }

  /// Every saved topic, by name.
  public func list() throws(Error) -> [Entry] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    } catch {
      if (error as NSError).code == NSFileReadNoSuchFileError { return [] }
      throw .storage("\(directory.path): \(error.localizedDescription)")
    }
    return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().compactMap {
      entry(safeName: String($0.dropLast(5)))
    }
  }

  /// The saved topic called `name`: one file read, not the whole library.
  public func topic(named name: String) throws(Error) -> Entry {
    guard let entry = entry(safeName: Self.safeName(name)) else { throw .notFound(name) }
    return entry
  }

  /// The topic in `NAME.json`, if it is there and readable.
  private func entry(safeName: String) -> Entry? {
    guard let document = try? TopicDocument(contentsOf: file(safeName)), let topic = document.topic else { return nil }
    return Entry(name: safeName, topic: topic)
  }

  private func file(_ safeName: String) -> URL { directory.appendingPathComponent(safeName + ".json") }

  /// Saves a valid topic under `name` (made safe), unless the name or the content is
  /// saved already.
  ///
  /// - Returns: the name it was saved under.
  @discardableResult
  public func save(_ topic: Topic, name: String) throws(Error) -> String {
    let problems = TopicValidator.problems(in: topic)
    guard problems.isEmpty else { throw .invalid(problems) }
    let safe = Self.safeName(name)
    let saved = try list()
    if saved.contains(where: { $0.name == safe }) { throw .nameTaken(safe) }
    let fingerprint = Self.fingerprint(topic)
    if let twin = saved.first(where: { Self.fingerprint($0.topic) == fingerprint }) {
      throw .sameContent(as: twin.name)
    }
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try AtomicFile.write(Array((topic.normalizedJSON + "\n").utf8), to: file(safe))
    } catch {
      throw .storage("\(error)")
    }
    return safe
  }

  /// Removes the saved topic called `name`.
  public func remove(name: String) throws(Error) {
    let entry = try topic(named: name)
    do {
      try FileManager.default.removeItem(at: file(entry.name))
    } catch {
      throw .storage("\(error)")
    }
  }

  /// What makes two topics the same to a player: questions, answers and correct answers,
  /// set by set (options and images aside).
  static func fingerprint(_ topic: Topic) -> String {
    JSONWriter.compact(
      .array(
        topic.sets.map { set in
          .array(
            set.map { question in
              .array([
                .string(question.question), .array(question.answers.map(JSONValue.string)),
                .array(question.mergedCorrectAnswers.map { .number(literal: "", value: Double($0)) }),
              ])
            })
        }))
  }
}
