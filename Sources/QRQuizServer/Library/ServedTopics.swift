import Foundation
import QRQuiz
import QRQuizFiles
import QRQuizLocking

/// The topics a server offers: the saved topic library, or the files it was given, read
/// again when the library changes (a topic saved from the web page appears at once).
final class ServedTopics: Sendable {
  /// Where the topics come from.
  enum Source: Sendable {
    /// A topic library's folder; new topics are saved into it.
    case library(TopicLibrary)
    /// Topic files given by path (read-only).
    case files([String])
  }

  let source: Source
  private let topics = Locked<(names: [String], byName: [String: ServedTopic])>(([], [:]))
  /// Held from reading the topics to publishing them, so a reload that read earlier never
  /// replaces the list of one that read later (a topic just saved would vanish); it also
  /// guards the stamps of the files read last.
  private let reloading = Locked<TopicLibrary.Scan?>(nil)
  /// The library folder's stamp at the last reload, and when the files were last all checked.
  private let watched = Locked<(folder: FileStamp?, checked: Date)>((nil, .distantPast))

  /// The topics of `source`; ``reload()`` reads them.
  init(source: Source) {
    self.source = source
  }

  /// Reads the topics again; returns a line per file that is not a valid topic. A library
  /// file unchanged since the last reload (same inode, size and time) is not read again.
  @discardableResult
  func reload() -> [String] {
    reloading.withLock { previous in reload(&previous) }
  }

  /// Saves `topic` into the library as `name` and serves it, doing each piece of work once
  /// (`Benchmarks/save.py`): the save takes the topic it replaces from the last reload
  /// unless its file changed since, and the reload takes the topic written instead of
  /// reading it back. Under the reload's lock, so no reload in between can publish a list
  /// without it; the library's file lock still orders it with every other process.
  func save(
    _ topic: ValidTopic, name: String, replacing: TopicLibrary.Replacing, editedAt: Date, into library: TopicLibrary
  ) throws(TopicLibrary.Error) -> TopicLibrary.Saved {
    try reloading.withLock { previous throws(TopicLibrary.Error) in
      // Only this server's own library's scan says what is in `library`'s files.
      var ownScan: TopicLibrary.Scan?
      if case .library(let own) = source, own.directory == library.directory { ownScan = previous }
      let saved = try library.save(topic, name: name, replacing: replacing, editedAt: editedAt, reusing: ownScan)
      if var scan = ownScan, let stamp = saved.stamp {
        scan.entries.removeAll { $0.name == saved.entry.name }
        scan.entries.append(saved.entry)
        scan.stamps[saved.entry.name] = stamp
        previous = scan
      }
      reload(&previous, written: saved)
      return saved
    }
  }

  /// ``reload()``'s work, under its lock: `previous` is the last scan of the library;
  /// `written`, a topic just saved, whose JSON is served as written.
  @discardableResult
  private func reload(_ previous: inout TopicLibrary.Scan?, written: TopicLibrary.Saved? = nil) -> [String] {
    var problems: [String] = []
    var loaded: [(name: String, topic: ValidTopic)] = []
    switch source {
    case .library(let library):
      do {
        let scan = try library.scan(reusing: previous)
        loaded = scan.entries.map { ($0.name, $0.topic) }
        problems += scan.skipped.map(\.description)
        previous = scan
      } catch {
        problems.append("\(library.directory.path): \(error)")
      }
    case .files(let paths):
      for path in paths {
        do {
          let bytes = try BoundedFile.read(path, limit: TopicDocument.maximumSize)
          let name = TopicLibrary.safeName(URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)
          loaded.append((name, try TopicReader.topic(json: bytes, source: path, sourceName: name)))
        } catch {
          problems.append("\(error)")
        }
      }
    }
    let current = topics.withLock { $0.byName }
    var byName: [String: ServedTopic] = [:]
    var names: [String] = []
    var etags: [String: String] = [:]
    for (fileName, topic) in loaded {
      let name = Self.addressName(fileName)
      guard byName[name] == nil else {
        problems.append("\(fileName): skipped: its address /t/\(name) is another topic's")
        continue
      }
      // An unchanged topic keeps its entry, and so its generated QR codes.
      if let kept = current[name], kept.topic == topic {
        byName[name] = kept
      } else if let written, written.entry.name == fileName, written.entry.topic == topic {
        byName[name] = ServedTopic(
          name: name, fileName: fileName, topic: topic, normalizedJSON: written.normalizedJSON)
      } else {
        byName[name] = ServedTopic(name: name, fileName: fileName, topic: topic)
      }
      etags[fileName] = byName[name]?.etag
      names.append(name)
    }
    // The tags worked out for serving, kept with the scan: a save compares with them.
    if var scan = previous {
      for index in scan.entries.indices { scan.entries[index].knownETag = etags[scan.entries[index].name] }
      previous = scan
    }
    names.sort { $0.localizedStandardCompare($1) == .orderedAscending }
    topics.withLock { $0 = (names, byName) }
    return problems
  }

  /// Reloads when the library changed: at once when its folder did (a topic saved, edited
  /// or removed by this server or any `qrquiz` command), and every `fullCheck` seconds
  /// anyway (a file rewritten in place leaves the folder as it was). Cheap when nothing
  /// changed: one `stat`. Returns whether it reloaded.
  @discardableResult
  func reloadIfChanged(fullCheck: Double = 10) -> Bool {
    guard case .library(let library) = source else { return false }
    let folder = library.folderStamp
    let due = watched.withLock { state -> Bool in
      let due = state.folder != folder || Date().timeIntervalSince(state.checked) >= fullCheck
      if due { state = (folder, Date()) }
      return due
    }
    if due { reload() }
    return due
  }

  /// The name of a topic in the site's addresses: its file name, except that a name
  /// ending in `.json` ends in `_json` instead, so `/t/NAME.json` is always the JSON of
  /// topic NAME and never the page of a topic called `NAME.json`.
  static func addressName(_ fileName: String) -> String {
    guard fileName.lowercased().hasSuffix(".json") else { return fileName }
    return String(fileName.dropLast(5)) + "_" + fileName.suffix(4)
  }

  /// Every topic, by name in the order a person sorts them.
  var all: [ServedTopic] { topics.withLock { current in current.names.compactMap { current.byName[$0] } } }

  /// The topic served as `name`.
  func topic(named name: String) -> ServedTopic? { topics.withLock { $0.byName[name] } }

  /// Topic files given by path are not a library to save into.
  struct ReadOnly: Error, CustomStringConvertible {
    var description: String { "this server shows the files it was given; start it on the topic library to save" }
  }
}
