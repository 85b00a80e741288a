import Foundation
import QRQuizFiles

/// Every topic a save replaces or a removal takes away is kept, so nothing a teacher typed
/// is ever lost: `.versions/NAME/ID.json` in the library's folder (hidden: never listed
/// as a topic). A version's id starts with the time its content was saved, so ids sort
/// oldest first; the first version of a topic is the topic as it was before its first edit.
extension TopicLibrary {
  /// A kept version of a topic.
  public struct Version: Sendable, Hashable {
    /// Its id: the time its content was saved, and a few random digits.
    public var id: String
    /// When its content was saved.
    public var saved: Date
  }

  /// The versions of the topic called `name` (saved now or removed), oldest first.
  public func versions(of name: String) -> [Version] {
    let folder = versionsFolder(Self.safeName(name))
    let files = (try? Self.fileNames(in: folder.path)) ?? []
    return files.compactMap { String(validating: $0, as: UTF8.self) }.filter { $0.hasSuffix(".json") }.sorted()
      .compactMap { file in
        let id = String(file.dropLast(5))
        guard let seconds = Double(id.prefix { $0 != "-" }) else { return nil }
        return Version(id: id, saved: Date(timeIntervalSince1970: seconds / 1000))
      }
  }

  /// The topic of version `id` of `name`.
  ///
  /// - Throws: ``Error/noSuchVersion(_:name:)`` for an id that is not one of
  ///   ``versions(of:)`` (nothing else is ever opened).
  public func version(_ id: String, of name: String) throws(Error) -> ValidTopic {
    let safe = Self.safeName(name)
    guard versions(of: safe).contains(where: { $0.id == id }) else { throw .noSuchVersion(id, name: safe) }
    let path = versionsFolder(safe).appendingPathComponent(id + ".json").path
    switch Self.readTopicFile(path, inside: versionsFolder(safe)) {
    case .failure: throw .noSuchVersion(id, name: safe)
    case .success(let bytes):
      do {
        return try TopicReader.topic(json: bytes, source: path, sourceName: safe)
      } catch {
        throw .noSuchVersion(id, name: safe)
      }
    }
  }

  /// Makes version `id` the topic `name` again (itself a new save: what it replaces is kept
  /// too), whether `name` is saved now or was removed.
  ///
  /// - Returns: whether `name` was saved before (false: the topic is back after a removal).
  @discardableResult
  public func restore(_ id: String, of name: String) throws(Error) -> Bool {
    let topic = try version(id, of: name)
    let safe = Self.safeName(name)
    let existed = (try? find(safe)) != nil
    try save(topic.named(safe), name: safe, replacing: existed ? .any : .never)
    return existed
  }

  func versionsFolder(_ safeName: String) -> URL {
    directory.appendingPathComponent(".versions").appendingPathComponent(safeName)
  }

  /// Keeps the file of `safeName` as a version (a hard link: no copy, and the file is whole
  /// whatever happens next). Called under the library's lock.
  func keepVersion(of safeName: String) throws(Error) {
    let current = file(safeName).path
    var status = stat()
    guard stat(current, &status) == 0 else { return }
    let folder = versionsFolder(safeName)
    do throws(FileSystemError) { try Directory.create(folder, mode: 0o700) } catch { throw .storage(error) }
    let milliseconds = Int64(status.st_mtim.tv_sec) * 1000 + Int64(status.st_mtim.tv_nsec) / 1_000_000
    let id = String(format: "%013lld", milliseconds) + "-" + Secret.randomHex(bytes: 4)
    let target = folder.appendingPathComponent(id + ".json").path
    guard link(current, target) == 0 else { throw .storage(.current(.write, target)) }
  }
}
