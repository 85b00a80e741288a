import Foundation
import Synchronization
import QRQuiz

/// The topics a server offers: the saved topic library, or the files it was given, read
/// again when the library changes (a topic saved from the web page appears at once).
final class TopicShelf: Sendable {
  /// Where the topics come from.
  enum Source: Sendable {
    /// A topic library's folder; new topics are saved into it.
    case library(TopicLibrary)
    /// Topic files given by path (read-only).
    case files([String])
  }

  let source: Source
  private let topics = Mutex<(names: [String], byName: [String: ServedTopic])>(([], [:]))

  /// A shelf of `source`; ``reload()`` reads it.
  init(source: Source) {
    self.source = source
  }

  /// Reads the topics again; returns a line per file that is not a valid topic.
  @discardableResult
  func reload() -> [String] {
    var problems: [String] = []
    var loaded: [ServedTopic] = []
    switch source {
    case .library(let library):
      do {
        loaded = try library.list().map { ServedTopic(name: $0.name, topic: $0.topic) }
      } catch {
        problems.append("\(library.directory.path): \(error)")
      }
    case .files(let paths):
      for path in paths {
        do {
          let bytes = try BoundedFile.read(path, limit: TopicDocument.maximumSize)
          let name = TopicLibrary.safeName(URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)
          let topic = try TopicReader.topic(json: bytes, source: path, sourceName: name)
          loaded.append(ServedTopic(name: name, topic: topic))
        } catch {
          problems.append("\(error)")
        }
      }
    }
    // Existing entries keep their generated QR codes when the topic did not change.
    topics.withLock { current in
      var byName: [String: ServedTopic] = [:]
      var names: [String] = []
      for topic in loaded where byName[topic.name] == nil {
        let kept = current.byName[topic.name].flatMap { $0.etag == topic.etag ? $0 : nil }
        byName[topic.name] = kept ?? topic
        names.append(topic.name)
      }
      current = (names.sorted { $0.localizedStandardCompare($1) == .orderedAscending }, byName)
    }
    return problems
  }

  /// Every topic, by name in the order a person sorts them.
  var all: [ServedTopic] { topics.withLock { current in current.names.compactMap { current.byName[$0] } } }

  func topic(named name: String) -> ServedTopic? { topics.withLock { $0.byName[name] } }

  /// Whether new topics can be saved here.
  var isWritable: Bool {
    if case .library = source { return true }
    return false
  }

  /// Topic files given by path are not a library to save into.
  struct ReadOnly: Error, CustomStringConvertible {
    var description: String { "this server shows the files it was given; start it on the topic library to save" }
  }

  /// Saves `topic` into the library and reads it again.
  ///
  /// - Returns: the name it was saved under.
  /// - Throws: ``ReadOnly``, ``TopicLibrary/Error``.
  func save(_ topic: ValidTopic) throws -> String {
    guard case .library(let library) = source else { throw ReadOnly() }
    let name = try library.save(topic)
    reload()
    return name
  }
}
