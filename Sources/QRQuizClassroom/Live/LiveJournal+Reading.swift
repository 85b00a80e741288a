import Foundation
import QRQuiz
import QRQuizFiles

extension LiveJournal {
  /// A journal read back: the game it holds.
  public struct Replay: Sendable {
    public var setup: LiveGame.Setup
    public var entries: [LiveGame.Entry]
    /// Bytes of whole lines: a last line without its newline was cut by a crash.
    public var validLength: Int

    /// The game the entries make, as it was at the last of them: a question open then is
    /// still open, with the deadline it had (the caller decides what to do with it).
    public var game: LiveGame { LiveGame(setup: setup, entries: entries) }
  }

  /// Why a journal cannot be read back.
  public enum ReadError: Error, Sendable, CustomStringConvertible {
    /// It could not be opened or read, or it is not a regular file (a link, a FIFO):
    /// nothing of it was read.
    case file(FileSystemError)
    case tooLarge(path: String, limit: Int)
    /// Line `line` (1-based) is not what a journal holds.
    case damaged(path: String, line: Int, reason: String)

    public var description: String {
      switch self {
      case .file(let error): "\(error)"
      case .tooLarge(let path, let limit): "\(path): a game's journal is larger than \(limit >> 20) MiB"
      case .damaged(let path, let line, let reason): "\(path), line \(line): \(reason)"
      }
    }

    /// Whether the file is a journal that cannot be resumed (to be set aside), rather than
    /// a file that could not be read or is not a journal's kind of file (left as it is).
    public var isDamaged: Bool {
      if case .file = self { false } else { true }
    }
  }

  /// Reads the journal at `url`: a regular file, opened without following a link or
  /// waiting on a FIFO.
  ///
  /// - Throws: ``ReadError``.
  public static func read(_ url: URL) throws(ReadError) -> Replay {
    try parse(try contents(of: url), path: url.path)
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

  /// The game a journal's bytes hold.
  static func parse(_ bytes: [UInt8], path: String) throws(ReadError) -> Replay {
    let url = URL(fileURLWithPath: path)
    let decoder = JSONDecoder()
    // Whole lines only: what follows the last newline was being written when it stopped.
    let validLength = (bytes.lastIndex(of: 10) ?? -1) + 1
    var lines = bytes[..<validLength].split(separator: 10, omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    guard let first = lines.first else { throw .damaged(path: url.path, line: 1, reason: "no game in it") }
    let setup: LiveGame.Setup
    do {
      setup = try decoder.decode(LiveGame.Setup.self, from: Data(first))
    } catch {
      throw .damaged(path: url.path, line: 1, reason: "not a game's setup")
    }
    var entries: [LiveGame.Entry] = []
    var check = LiveGame(setup: setup)
    for (offset, line) in lines.dropFirst().enumerated() {
      guard let entry = try? decoder.decode(LiveGame.Entry.self, from: Data(line)) else {
        throw .damaged(path: url.path, line: offset + 2, reason: "not a game's entry")
      }
      guard check.accepts(entry) else {
        throw .damaged(path: url.path, line: offset + 2, reason: "an entry that does not fit the game")
      }
      check.apply(entry)
      entries.append(entry)
    }
    return Replay(setup: setup, entries: entries, validLength: validLength)
  }
}

extension LiveGame {
  /// Whether `entry` can be applied: its player, question and answers exist (a journal
  /// edited by hand must not crash the server that reads it).
  func accepts(_ entry: Entry) -> Bool {
    let questions = setup.questions.indices
    switch entry {
    case .joined(let id, _, _, _, _): return id == players.count + 1
    case .answered(let id, let question, let picks, _):
      return players.indices.contains(id - 1) && questions.contains(question)
        && picks.allSatisfy(setup.questions[question].answers.indices.contains)
    case .typed(let id, let question, let number, _):
      return players.indices.contains(id - 1) && questions.contains(question) && number.isFinite
    case .opened(let question, _), .closed(let question, _): return questions.contains(question)
    case .kicked(let id, _, _), .unbanned(let id, _): return players.indices.contains(id - 1)
    case .claimed(let id, let secret, _, _):
      return players.indices.contains(id - 1) && players[id - 1].card != nil && !secret.isEmpty
    case .seen(let id, let question, let pick, _):
      return players.indices.contains(id - 1) && players[id - 1].card != nil && questions.contains(question)
        && setup.questions[question].answers.indices.contains(pick)
    case .locked, .scoresHidden, .over: return true
    }
  }
}
