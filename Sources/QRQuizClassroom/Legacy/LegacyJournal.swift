import Foundation
import QRQuiz
import QRQuizFiles

/// A journal as qrquiz 0.5 wrote them: a live game's (`DATA/live/games/PIN.jsonl`: its setup
/// on the first line, then one move per line) or an assignment's (`DATA/assignments/CODE.jsonl`:
/// the assignment, then its students' moves), as JSON. Read once, when a data folder of 0.5
/// is taken over (``LegacyDataImport``); nothing writes journals any more.
enum LegacyJournal {
  /// The largest journal read.
  static let sizeLimit = 256 << 20

  /// Why a journal cannot be read back.
  enum ReadError: Error, Sendable, CustomStringConvertible {
    /// It could not be opened or read, or it is not a regular file (a link, a FIFO):
    /// nothing of it was read.
    case file(FileSystemError)
    case tooLarge(path: String, limit: Int)
    /// Line `line` (1-based) is not what a journal holds.
    case damaged(path: String, line: Int, reason: String)

    var description: String {
      switch self {
      case .file(let error): "\(error)"
      case .tooLarge(let path, let limit): "\(path): a game's journal is larger than \(limit >> 20) MiB"
      case .damaged(let path, let line, let reason): "\(path), line \(line): \(reason)"
      }
    }

  }

  /// The whole lines of the journal at `url` (a regular file, opened without following a
  /// link or waiting on a FIFO): a last line without its newline was being written when
  /// its process died, and was never acknowledged.
  ///
  /// - Throws: ``ReadError``.
  static func lines(of url: URL) throws(ReadError) -> [ArraySlice<UInt8>] {
    let bytes = try contents(of: url)
    let validLength = (bytes.lastIndex(of: 10) ?? -1) + 1
    var lines = bytes[..<validLength].split(separator: 10, omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    guard !lines.isEmpty else { throw .damaged(path: url.path, line: 1, reason: "it is empty") }
    return lines
  }

  /// The bytes of the journal file at `url`, opened read-only without following a link or
  /// waiting on a FIFO (the live games' journals and the assignments').
  static func contents(of url: URL) throws(ReadError) -> [UInt8] {
    let descriptor: Int32
    do {
      descriptor = try RegularFile.open(url.path, O_RDONLY, operation: .read)
    } catch {
      throw .file(error)
    }
    defer { close(descriptor) }
    return try readAll(descriptor, path: url.path)
  }

  /// The bytes of an open journal, from its start.
  static func readAll(_ descriptor: Int32, path: String) throws(ReadError) -> [UInt8] {
    var status = stat()
    if fstat(descriptor, &status) == 0, Int(status.st_size) > sizeLimit {
      throw .tooLarge(path: path, limit: sizeLimit)
    }
    do {
      return try BoundedFile.read(descriptor: descriptor, path: path, limit: sizeLimit)
    } catch {
      switch error {
      case .file(let error): throw .file(error)
      case .tooLarge: throw .tooLarge(path: path, limit: sizeLimit)
      }
    }
  }
}
