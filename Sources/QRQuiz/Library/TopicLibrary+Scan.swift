import Foundation
import QRQuizFiles

/// Reading the library's folder as a stranger may have filled it: community topics are
/// saved under names others chose, and anything can be copied in. Only regular `.json`
/// files inside the folder are read; everything else is skipped with its reason.
extension TopicLibrary {
  /// What a scan of the folder found.
  public struct Scan: Sendable {
    /// The valid topics, by name.
    public var entries: [Entry]
    /// The `.json` files that are not topics, and why.
    public var skipped: [Skipped]
    /// Each valid topic's file stamp, by name: what a later scan passes back to read only
    /// the files that changed.
    public var stamps: [String: FileStamp] = [:]
    /// The stamps of the files skipped for what they hold (not a topic, too large), by file
    /// name: such a file is not read again until it changes either.
    public var skippedStamps: [String: FileStamp] = [:]
  }

  /// A file of the folder that was not read as a topic.
  public struct Skipped: Sendable, CustomStringConvertible {
    /// Why a file is skipped.
    public enum Reason: Swift.Error, Sendable {
      /// A FIFO, a device, a socket or a folder: opening some of them would wait forever.
      case notARegularFile
      /// A symbolic link to a file outside the library's folder.
      case linksOutside(String)
      /// Its name is not UTF-8, so it has no name to show or serve.
      case nameNotUTF8
      /// It could not be read.
      case unreadable(FileSystemError)
      /// Larger than a topic may be.
      case tooLarge(size: Int?, limit: Int)
      /// It is not a valid topic.
      case notATopic(TopicError)
    }

    /// The file's name in the folder (bytes that are not UTF-8 shown as U+FFFD).
    public var file: String
    /// Why it is skipped.
    public var reason: Reason

    public var description: String {
      switch reason {
      case .notARegularFile: "\(file): not a regular file"
      case .linksOutside(let target): "\(file): a link to \(target), outside the topic library"
      case .nameNotUTF8: "\(file): the file name is not UTF-8"
      case .unreadable(let error): "\(file): \(error)"
      case .tooLarge(let size, let limit):
        "\(file): \(size.map { "\($0) bytes" } ?? "larger than the limit"), over the \(limit)-byte limit of a topic"
      case .notATopic(let error): "\(error)"
      }
    }
  }

  /// Every `.json` file of the folder: the valid topics, and what was skipped and why. A
  /// file whose stamp is the one `previous` saw is not read again: its entry is reused.
  ///
  /// - Throws: ``Error/storage(_:)`` when the folder cannot be listed (a missing folder is
  ///   an empty library).
  public func scan(reusing previous: Scan? = nil) throws(Error) -> Scan {
    let known = Dictionary((previous?.entries ?? []).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let knownSkipped = Dictionary(
      (previous?.skipped ?? []).map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
    let names: [[UInt8]]
    do throws(FileSystemError) {
      names = try Self.fileNames(in: directory.path)
    } catch {
      if error.isNotFound { return Scan(entries: [], skipped: []) }
      throw .storage(error)
    }
    var scan = Scan(entries: [], skipped: [])
    let suffix = Array(".json".utf8)
    for raw in names.sorted(by: { $0.lexicographicallyPrecedes($1) })
    where raw.count > suffix.count && raw.suffix(suffix.count).elementsEqual(suffix) && raw.first != UInt8(ascii: ".") {
      guard let name = String(validating: raw, as: UTF8.self) else {
        scan.skipped.append(Skipped(file: String(decoding: raw, as: UTF8.self), reason: .nameNotUTF8))
        continue
      }
      let safeName = String(name.dropLast(5))
      let stamp = stamp(ofFileNamed: safeName)
      if let stamp, let entry = known[safeName], previous?.stamps[safeName] == stamp {
        scan.entries.append(entry)
        scan.stamps[safeName] = stamp
        continue
      }
      if let stamp, let skipped = knownSkipped[name], previous?.skippedStamps[name] == stamp {
        scan.skipped.append(skipped)
        scan.skippedStamps[name] = stamp
        continue
      }
      switch entry(safeName: safeName) {
      case .success(let entry):
        scan.entries.append(entry)
        scan.stamps[safeName] = stamp
      case .failure(let reason):
        scan.skipped.append(Skipped(file: name, reason: reason))
        switch reason {
        case .notATopic, .tooLarge: scan.skippedStamps[name] = stamp
        default: break  // A link, a FIFO, a file unreadable now: looked at again every time.
        }
      }
    }
    return scan
  }

  /// The names in a folder as the system has them (bytes: a name need not be UTF-8).
  static func fileNames(in path: String) throws(FileSystemError) -> [[UInt8]] {
    guard let folder = opendir(path) else { throw .current(.list, path) }
    defer { closedir(folder) }
    var names: [[UInt8]] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
      if name != [UInt8(ascii: ".")] && name != [UInt8(ascii: "."), UInt8(ascii: ".")] { names.append(name) }
    }
    return names
  }

  /// The bytes of a topic file of the library: a regular file, inside the folder (a link
  /// is followed only to a file in it), opened without blocking and checked once open, so
  /// a file swapped for a FIFO after the listing is refused too.
  static func readTopicFile(_ path: String, inside directory: URL) -> Result<[UInt8], Skipped.Reason> {
    var status = stat()
    guard lstat(path, &status) == 0 else { return .failure(.unreadable(.current(.read, path))) }
    if status.st_mode & S_IFMT == S_IFLNK {
      let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
      let folder = directory.resolvingSymlinksInPath().path
      guard target.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") else {
        return .failure(.linksOutside(target))
      }
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard descriptor >= 0 else { return .failure(.unreadable(.current(.read, path))) }
    defer { close(descriptor) }
    guard fstat(descriptor, &status) == 0 else { return .failure(.unreadable(.current(.read, path))) }
    guard status.st_mode & S_IFMT == S_IFREG else { return .failure(.notARegularFile) }
    let limit = TopicDocument.maximumSize
    if Int(status.st_size) > limit { return .failure(.tooLarge(size: Int(status.st_size), limit: limit)) }
    TopicWorkTally.count(\.filesRead)
    do {
      return .success(try BoundedFile.read(descriptor: descriptor, path: path, limit: limit))
    } catch {
      switch error {
      case .file(let failure): return .failure(.unreadable(failure))
      case .tooLarge(let size, let limit): return .failure(.tooLarge(size: size, limit: limit))
      }
    }
  }
}
