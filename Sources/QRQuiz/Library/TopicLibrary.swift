import Foundation

/// Saved topics, as the Questions app keeps every topic it reads: one normalised JSON file
/// per topic under a directory (`$XDG_DATA_HOME/qrquiz/topics` by default), named safely
/// after the topic. A topic is not saved twice, by name or by content, and saves from
/// several processes at once are made one after the other under a file lock.
///
/// ```swift
/// let library = TopicLibrary(directory: URL(filePath: "/srv/quiz/topics"))
/// let saved = try library.save(try await TopicReader().topic(from: .file("Social.json")))
/// print(try library.topic(named: saved).topic.name)
/// ```
public struct TopicLibrary: Sendable {
  /// Why a library operation failed.
  public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// A topic with this name is saved already.
    case nameTaken(String)
    /// A saved topic has the same questions, answers and correct answers.
    case sameContent(as: String)
    /// No saved topic has this name.
    case notFound(String)
    /// The directory could not be read or written.
    case storage(FileSystemError)

    public var description: String {
      switch self {
      case .nameTaken(let name): "a topic named '\(name)' is already saved"
      case .sameContent(let name): "the same questions and answers are already saved as '\(name)'"
      case .notFound(let name): "no saved topic named '\(name)'"
      case .storage(let error): "topic library: \(error)"
      }
    }
  }

  /// A saved topic.
  public struct Entry: Sendable {
    /// Its name (the file name without `.json`).
    public var name: String
    /// The topic.
    public var topic: ValidTopic
  }

  /// The directory of `NAME.json` files.
  public let directory: URL

  /// A library in `directory` (created when first written).
  public init(directory: URL) { self.directory = directory }

  /// `name` made safe as a file name (see `FileName`): no path separators or control
  /// characters, no leading dot, at most 200 bytes.
  public static func safeName(_ name: String) -> String { FileName.safe(name) }

  /// Every saved topic, by name. Files that are not valid topics are skipped (``scan()``
  /// says which, and why).
  public func list() throws(Error) -> [Entry] { try scan().entries }

  /// The saved topic called `name`: one file read, not the whole library.
  public func topic(named name: String) throws(Error) -> Entry {
    switch entry(safeName: Self.safeName(name)) {
    case .success(let entry): return entry
    case .failure: throw .notFound(name)
    }
  }

  /// The topic in `NAME.json`, or why it is not one.
  func entry(safeName: String) -> Result<Entry, Skipped.Reason> {
    let path = file(safeName).path
    switch Self.readTopicFile(path, inside: directory) {
    case .failure(let reason): return .failure(reason)
    case .success(let bytes):
      do {
        return .success(
          Entry(name: safeName, topic: try TopicReader.topic(json: bytes, source: path, sourceName: safeName)))
      } catch {
        return .failure(.notATopic(error))
      }
    }
  }

  private func file(_ safeName: String) -> URL { directory.appendingPathComponent(safeName + ".json") }

  /// Saves a topic under `name` (by default its own name; made safe), unless the name or
  /// the content is saved already. Safe against other processes saving at the same time.
  ///
  /// - Returns: the name it was saved under.
  @discardableResult
  public func save(_ topic: ValidTopic, name: String? = nil) throws(Error) -> String {
    let safe = Self.safeName(name ?? topic.name)
    do throws(FileSystemError) { try Directory.create(directory) } catch { throw .storage(error) }
    return try FileLock.withExclusiveLock(
      on: directory.appendingPathComponent(".library.lock"), lockFailure: Error.storage
    ) {
      () throws(Error) -> String in
      let saved = try list()
      if saved.contains(where: { $0.name == safe }) { throw .nameTaken(safe) }
      let fingerprint = Self.fingerprint(topic.topic)
      if let twin = saved.first(where: { Self.fingerprint($0.topic.topic) == fingerprint }) {
        throw .sameContent(as: twin.name)
      }
      do throws(FileSystemError) {
        try AtomicFile.write(Array((topic.normalizedJSON + "\n").utf8), to: file(safe))
      } catch {
        throw .storage(error)
      }
      return safe
    }
  }

  /// Removes the saved topic called `name`.
  public func remove(name: String) throws(Error) {
    let entry = try topic(named: name)
    guard unlink(file(entry.name).path) == 0 else { throw .storage(.current(.remove, file(entry.name).path)) }
  }

  /// A saved topic that matches a search, and the first question that does.
  public struct Match: Sendable {
    /// The saved topic.
    public var entry: Entry
    /// The first question whose text (with its answers) matches, when the name alone
    /// does not.
    public var question: String?
  }

  /// The saved topics whose name, or one of whose questions (text and answers), holds
  /// every word of `search`, ignoring case and diacritics.
  public func search(_ search: TextSearch) throws(Error) -> [Match] {
    try list().compactMap { entry in
      if search.matches([entry.name, entry.topic.name]) { return Match(entry: entry, question: nil) }
      let question = entry.topic.topic.questions.first { search.matches([$0.question] + $0.answers) }
      return question.map { Match(entry: entry, question: $0.question) }
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
                .array(question.mergedCorrectAnswers.map { .number(Double($0)) }),
              ])
            })
        }))
  }
}
