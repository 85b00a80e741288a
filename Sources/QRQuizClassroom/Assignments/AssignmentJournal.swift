import Foundation
import QRQuiz
import QRQuizFiles

/// An assignment's journal: the ``Assignment`` on the first line, then one
/// ``AssignmentWork/Entry`` per line, as JSON, append-only.
///
/// ``append(_:)`` returns once the entry is written and `fsync`ed, so a move is
/// acknowledged only when it survives a crash of the process or the machine. Homework
/// arrives at a student's pace (a thousand students over ten minutes are a few answers a
/// second), so each entry is flushed on its own, on the caller's thread; a live game's
/// bursts need ``LiveJournal``'s group commit, homework does not. A write that fails (a
/// full disk) is cut back to the last whole line, and the move is refused.
public final class AssignmentJournal: @unchecked Sendable {
  // `descriptor` and `length` are touched only under `lock`.
  private let lock = NSLock()
  private let descriptor: Int32
  private var length: Int
  public let url: URL
  public let assignment: Assignment

  /// A journal is this long at most when read back (its first line holds the questions).
  public static let sizeLimit = 256 << 20

  /// A new journal for `assignment` at `url` (which must not exist), its first line and
  /// its name durable. It is written under a hidden name first and then linked to `url`
  /// (which fails rather than replace a file), so a server reading the folder meanwhile
  /// (`qrquiz assign` beside a running `qrquiz serve`) never finds it empty.
  ///
  /// - Throws: `FileSystemError`.
  public init(creating url: URL, assignment: Assignment) throws(FileSystemError) {
    let folder = url.deletingLastPathComponent()
    try Directory.create(folder)
    let hidden = folder.appendingPathComponent(".\(url.lastPathComponent).\(Secret.randomHex(bytes: 4)).new").path
    let descriptor = try RegularFile.open(hidden, O_RDWR | O_CREAT | O_EXCL | O_APPEND, operation: .create)
    let line = LiveJournal.encode(assignment) + [10]
    do throws(FileSystemError) {
      try AtomicFile.writeAll(line, to: descriptor, path: url.path)
      guard fsync(descriptor) == 0 else { throw FileSystemError.current(.write, url.path) }
      guard link(hidden, url.path) == 0 else { throw FileSystemError.current(.create, url.path) }
      unlink(hidden)
      try AtomicFile.syncFolder(folder.path)
    } catch {
      close(descriptor)
      unlink(hidden)
      throw error
    }
    self.descriptor = descriptor
    self.url = url
    self.assignment = assignment
    length = line.count
  }

  /// Reads the journal at `url` back and reopens it to append to (a regular file, never
  /// a link or a FIFO), cut to its whole lines: a line half-written when the process died
  /// is dropped (it was never acknowledged).
  ///
  /// - Returns: the work the journal holds, and the journal.
  /// - Throws: ``LiveJournal/ReadError``.
  public static func resume(_ url: URL) throws(LiveJournal.ReadError) -> (
    work: AssignmentWork, journal: AssignmentJournal
  ) {
    let descriptor: Int32
    do {
      descriptor = try RegularFile.open(url.path, O_RDWR | O_APPEND, operation: .read)
    } catch {
      throw .file(error)
    }
    let work: AssignmentWork
    let validLength: Int
    do {
      (work, validLength) = try parse(LiveJournal.readAll(descriptor, path: url.path), path: url.path)
    } catch {
      close(descriptor)
      throw error
    }
    guard ftruncate(descriptor, off_t(validLength)) == 0 else {
      let error = FileSystemError.current(.write, url.path)
      close(descriptor)
      throw .file(error)
    }
    return (work, AssignmentJournal(descriptor: descriptor, url: url, assignment: work.assignment, length: validLength))
  }

  /// Reads the journal at `url` without opening it for writing (`qrquiz assign --results`
  /// while the server runs).
  ///
  /// - Throws: ``LiveJournal/ReadError``.
  public static func read(_ url: URL) throws(LiveJournal.ReadError) -> AssignmentWork {
    try parse(LiveJournal.contents(of: url), path: url.path).work
  }

  private init(descriptor: Int32, url: URL, assignment: Assignment, length: Int) {
    self.descriptor = descriptor
    self.url = url
    self.assignment = assignment
    self.length = length
  }

  deinit { close(descriptor) }

  /// Writes `entry` and waits until it is on disk.
  ///
  /// - Throws: `FileSystemError`: the entry is not in the journal (the file was cut
  ///   back), and the move must be refused.
  public func append(_ entry: AssignmentWork.Entry) throws(FileSystemError) {
    let line = LiveJournal.encode(entry) + [10]
    lock.lock()
    defer { lock.unlock() }
    do throws(FileSystemError) {
      try AtomicFile.writeAll(line, to: descriptor, path: url.path)
      guard fsync(descriptor) == 0 else { throw FileSystemError.current(.write, url.path) }
      length += line.count
    } catch {
      // Back to the last whole line, so a later entry never follows half a line.
      _ = ftruncate(descriptor, off_t(length))
      _ = fsync(descriptor)
      throw error
    }
  }

  /// The work a journal's bytes hold, and the length of its whole lines.
  static func parse(_ bytes: [UInt8], path: String) throws(LiveJournal.ReadError) -> (
    work: AssignmentWork, validLength: Int
  ) {
    let decoder = JSONDecoder()
    let validLength = (bytes.lastIndex(of: 10) ?? -1) + 1
    var lines = bytes[..<validLength].split(separator: 10, omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    guard let first = lines.first else { throw .damaged(path: path, line: 1, reason: "no assignment in it") }
    let assignment: Assignment
    do {
      assignment = try decoder.decode(Assignment.self, from: Data(first))
    } catch {
      throw .damaged(path: path, line: 1, reason: "not an assignment")
    }
    guard !assignment.questions.isEmpty, assignment.questions.count <= Assignment.maximumQuestions,
      Assignment.attemptsRange.contains(assignment.attempts),
      Assignment.maximumStudentsRange.contains(assignment.maximumStudents),
      assignment.questions.allSatisfy({ question in
        question.question.correct.allSatisfy(question.question.answers.indices.contains)
      })
    else {
      throw .damaged(path: path, line: 1, reason: "an assignment out of bounds")
    }
    var work = AssignmentWork(assignment: assignment)
    for (offset, line) in lines.dropFirst().enumerated() {
      guard let entry = try? decoder.decode(AssignmentWork.Entry.self, from: Data(line)) else {
        throw .damaged(path: path, line: offset + 2, reason: "not an assignment's entry")
      }
      guard work.accepts(entry) else {
        throw .damaged(path: path, line: offset + 2, reason: "an entry that does not fit the assignment")
      }
      work.apply(entry)
    }
    return (work, validLength)
  }
}
