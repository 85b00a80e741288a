import Foundation
import QRQuizFiles

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
    /// Several saved topics have this name but for case or accents.
    case ambiguous(String, [String])
    /// The saved topic changed since the version the save was based on (its entity tag).
    case changedSince(String)
    /// No saved version of the topic has this id.
    case noSuchVersion(String, name: String)
    /// The directory could not be read or written.
    case storage(FileSystemError)

    public var description: String {
      switch self {
      case .nameTaken(let name): "a topic named '\(name)' is already saved"
      case .sameContent(let name): "the same questions and answers are already saved as '\(name)'"
      case .notFound(let name): "no saved topic named '\(name)'"
      case .changedSince(let name): "'\(name)' changed since you opened it"
      case .noSuchVersion(let id, let name): "'\(name)' has no version '\(id)'"
      case .ambiguous(let name, let names):
        "'\(name)' could be \(names.map { "'\($0)'" }.joined(separator: " or ")): give the name as saved"
      case .storage(let error): "topic library: \(error)"
      }
    }
  }

  /// A saved topic.
  public struct Entry: Sendable {
    /// Its name (the file name without `.json`).
    public var name: String
    /// The topic.
    public var topic: ValidTopic { didSet { knownETag = nil } }
    /// ``etag``, when whoever holds the entry worked it out already (a server does for
    /// every topic it serves): a big topic's JSON is not written out again to compare tags.
    package var knownETag: String?

    init(name: String, topic: ValidTopic) {
      self.name = name
      self.topic = topic
    }

    /// A strong entity tag of its content: the hash of its normalised JSON, quoted.
    public var etag: String { knownETag ?? Self.etag(ofNormalizedJSON: topic.normalizedJSON) }

    /// The entity tag of a topic whose normalised JSON is `json`.
    package static func etag(ofNormalizedJSON json: String) -> String { "\"" + CacheKey(json).hash + "\"" }
  }

  /// What a save wrote.
  public struct Saved: Sendable {
    /// The topic saved, as a read of its file gives it (normalised, named after the file).
    public var entry: Entry
    /// Whether it replaced a topic saved under the same name.
    public var replaced: Bool
    /// The stamp of the file written, for a later ``scan(reusing:)`` to take ``entry``
    /// instead of reading the file back (`nil`: the file was not replaced whole).
    public var stamp: FileStamp?
    /// The entry's normalised JSON, as written (without the final newline).
    public var normalizedJSON: String
  }

  /// Whether a save may replace a topic saved under the same name.
  public enum Replacing: Sendable, Hashable {
    /// Never: a name saved already is refused (``Error/nameTaken(_:)``).
    case never
    /// Whatever is there; the old topic is kept as a version.
    case any
    /// Only the topic whose entity tag is this (what an editor opened); else
    /// ``Error/changedSince(_:)``. The old topic is kept as a version.
    case ifMatching(String)
  }

  /// The directory of `NAME.json` files.
  public let directory: URL

  /// A library in `directory` (created when first written).
  public init(directory: URL) { self.directory = directory }

  /// `name` made safe as a file name (see `FileName`): no path separators or control
  /// characters, no leading dot, at most 200 bytes.
  public static func safeName(_ name: String) -> String { FileName.safe(name) }

  /// Every saved topic, by name. Files that are not valid topics are skipped (``scan(reusing:)``
  /// says which, and why).
  public func list() throws(Error) -> [Entry] { try scan().entries }

  /// The saved topic called `name`: one file read, not the whole library.
  public func topic(named name: String) throws(Error) -> Entry {
    switch entry(safeName: Self.safeName(name)) {
    case .success(let entry): return entry
    case .failure: throw .notFound(name)
    }
  }

  /// The saved topic `name` names, as a person types it: exactly, or else without regard to
  /// case and accents when only one saved topic matches (`geography` for `Geography`).
  ///
  /// - Throws: ``Error/notFound(_:)``, ``Error/ambiguous(_:_:)``.
  public func find(_ name: String) throws(Error) -> Entry {
    if case .success(let entry) = entry(safeName: Self.safeName(name)) { return entry }
    let key = TextSearch.fold(Self.safeName(name))
    let matches = names().filter { TextSearch.fold($0) == key }
    guard matches.count <= 1 else { throw .ambiguous(name, matches) }
    guard let match = matches.first, case .success(let entry) = entry(safeName: match) else { throw .notFound(name) }
    return entry
  }

  /// The names of the saved topics' files (without `.json`), valid or not, sorted.
  public func names() -> [String] {
    let names = (try? Self.fileNames(in: directory.path)) ?? []
    return names.compactMap { String(validating: $0, as: UTF8.self) }
      .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map { String($0.dropLast(5)) }.sorted()
  }

  /// What says whether `NAME.json` changed: its inode, size and modification time; `nil`
  /// when it is not there.
  public func stamp(ofFileNamed safeName: String) -> FileStamp? {
    var status = stat()
    guard stat(file(safeName).path, &status) == 0 else { return nil }
    return FileStamp(status)
  }

  /// The folder's own stamp: it changes when a file is added, removed or renamed into it
  /// (every save and removal).
  public var folderStamp: FileStamp? {
    var status = stat()
    guard stat(directory.path, &status) == 0 else { return nil }
    return FileStamp(status)
  }

  /// The topic in `NAME.json`, or why it is not one: `previous`'s entry when the file's
  /// stamp is still the one `previous` saw, else the file read.
  func entry(safeName: String, reusing previous: Scan?) -> Result<Entry, Skipped.Reason> {
    if let previous, let stamp = stamp(ofFileNamed: safeName), previous.stamps[safeName] == stamp,
      let known = previous.entries.first(where: { $0.name == safeName })
    {
      return .success(known)
    }
    return entry(safeName: safeName)
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

  func file(_ safeName: String) -> URL { directory.appendingPathComponent(safeName + ".json") }

  /// Saves a topic under `name` (by default its own name; made safe). A new name is
  /// refused when the same questions are saved already under another; a name saved
  /// already is refused unless `replacing` allows it, and then the topic it replaces is
  /// kept as a version (``versions(of:)``). Safe against other processes saving at the same
  /// time, and atomic: a save killed midway leaves the old file or the new one.
  ///
  /// - Returns: the name it was saved under.
  @discardableResult
  public func save(_ topic: ValidTopic, name: String? = nil, replacing: Replacing = .never) throws(Error) -> String {
    try save(topic, name: name, replacing: replacing, editedAt: nil).entry.name
  }

  /// Saves a topic as ``save(_:name:replacing:)`` does, doing each piece of work once,
  /// for a caller that keeps the library's topics in memory (a server):
  ///
  /// - `editedAt`: the questions' edit times are stamped over the topic it replaces
  ///   (``ValidTopic/stampingEditTimes(over:at:)``), the one read under the lock, so the
  ///   times are always those of the version replaced.
  /// - `previous`: the caller's last scan. A file whose stamp is the one the scan saw is
  ///   taken from it rather than read again (the topic replaced, the library searched for a
  ///   twin of a new topic); one changed since, by any process, is read.
  ///
  /// - Returns: what was written, with the file's stamp, to be passed to a later
  ///   ``scan(reusing:)`` (through a ``Scan`` holding it) so the file is not read back.
  public func save(
    _ topic: ValidTopic, name: String? = nil, replacing: Replacing = .never, editedAt: Date?,
    reusing previous: Scan? = nil
  ) throws(Error) -> Saved {
    let safe = Self.safeName(name ?? topic.name)
    return try locked { () throws(Error) -> Saved in
      let current = entry(safeName: safe, reusing: previous)
      switch (replacing, current) {
      case (.never, .success): throw .nameTaken(safe)
      case (.ifMatching(let etag), .success(let entry)) where entry.etag != etag: throw .changedSince(safe)
      case (.ifMatching, .failure): throw .notFound(safe)
      case (_, .failure):
        // A new name: the same questions under another name are refused.
        let fingerprint = Self.fingerprint(topic.topic)
        if let twin = try scan(reusing: previous).entries.first(where: {
          Self.fingerprint($0.topic.topic) == fingerprint
        }) {
          throw .sameContent(as: twin.name)
        }
      case (.any, .success), (.ifMatching, .success): try keepVersion(of: safe)
      }
      let replaced = try? current.get()
      var saving = topic
      if let editedAt { saving = topic.stampingEditTimes(over: replaced?.topic.topic, at: editedAt) }
      // What a read of the file would give: normalised, named after the file.
      var entry = Entry(
        name: safe, topic: saving.normalized(defaultName: TopicDocument.defaultName(forSource: safe)))
      let json = entry.topic.normalizedJSON
      entry.knownETag = Entry.etag(ofNormalizedJSON: json)
      let stamp: FileStamp?
      do throws(FileSystemError) {
        stamp = try AtomicFile.write(Array((json + "\n").utf8), to: file(safe), newFileMode: 0o600, durable: true)
      } catch {
        throw .storage(error)
      }
      return Saved(entry: entry, replaced: replaced != nil, stamp: stamp, normalizedJSON: json)
    }
  }

  /// Removes the saved topic called `name` (`ifMatching`: only the version an editor
  /// opened); it is kept as a version, so it can be restored.
  public func remove(name: String, ifMatching etag: String? = nil) throws(Error) {
    try locked { () throws(Error) in
      let entry = try find(name)
      if let etag, entry.etag != etag { throw .changedSince(entry.name) }
      try keepVersion(of: entry.name)
      guard unlink(file(entry.name).path) == 0 else { throw .storage(.current(.remove, file(entry.name).path)) }
    }
  }

  /// Runs `body` under the library's lock (the folder made first). The library is the
  /// teacher's own (in the data folder, by default): folders 0700, files 0600, whatever
  /// the umask.
  func locked<T>(_ body: () throws(Error) -> T) throws(Error) -> T {
    do throws(FileSystemError) { try Directory.create(directory, mode: 0o700) } catch { throw .storage(error) }
    return try FileLock.withExclusiveLock(
      on: directory.appendingPathComponent(".library.lock"), lockFailure: Error.storage, body)
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
