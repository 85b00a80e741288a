import Foundation
import QRQuiz
import QRQuizFiles

/// Where a server keeps its assignments, in its data folder (`DATA/assignments`): one
/// journal per assignment, `CODE.jsonl`, kept after the due time (it is the results). A
/// journal that cannot be read back is kept as `CODE.damaged` (`CODE.2.damaged` …), as
/// live games' are, never overwritten; a link or a FIFO is skipped and said.
public struct AssignmentArchive: Sendable {
  /// The folder.
  public let directory: URL

  public init(directory: URL) { self.directory = directory }

  /// Assignments a data folder keeps at most (a teacher's year is a few hundred).
  public static let maximumAssignments = 1000

  /// The journal of assignment `code`.
  public func journalURL(code: String) -> URL { directory.appendingPathComponent(code + ".jsonl") }

  /// The journals (regular files named `CODE.jsonl`), and a line for each file of that
  /// name that is not a regular file.
  public func scan() -> (journals: [URL], skipped: [String]) {
    var journals: [URL] = []
    var skipped: [String] = []
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    for name in names where name.hasSuffix(".jsonl") && !name.hasPrefix(".") {
      let path = directory.appendingPathComponent(name).path
      var status = stat()
      guard lstat(path, &status) == 0 else { continue }
      if status.st_mode & S_IFMT == S_IFREG {
        journals.append(URL(fileURLWithPath: path))
      } else {
        skipped.append("assignment not read: \(RegularFile.notRegular(path, .read, mode: status.st_mode))")
      }
    }
    return (journals, skipped)
  }

  /// What ``resumeAll()`` found.
  public struct Resumption: Sendable {
    public var assignments: [(work: AssignmentWork, journal: AssignmentJournal)]
    /// A line for each journal not resumed (skipped, unreadable, or damaged and kept aside).
    public var problems: [String]
  }

  /// Reopens every journal: each assignment with what its students did.
  public func resumeAll() -> Resumption {
    let (journals, skipped) = scan()
    var resumption = Resumption(assignments: [], problems: skipped)
    for url in journals {
      do {
        resumption.assignments.append(try AssignmentJournal.resume(url))
      } catch {
        guard error.isDamaged else {
          resumption.problems.append("assignment not read: \(error)")
          continue
        }
        let kept = (try? setAside(url)).map { "; kept as \($0.lastPathComponent)" } ?? ""
        resumption.problems.append("assignment not read: \(error)\(kept)")
      }
    }
    return resumption
  }

  /// Every assignment as its journal holds it, read only (the command line, while a
  /// server may be appending); a line for each that cannot be read.
  public func readAll() -> (works: [AssignmentWork], problems: [String]) {
    let (journals, skipped) = scan()
    var works: [AssignmentWork] = []
    var problems = skipped
    for url in journals {
      do { works.append(try AssignmentJournal.read(url)) } catch { problems.append("assignment not read: \(error)") }
    }
    return (works, problems)
  }

  /// Moves a damaged journal out of the way, keeping it (``LiveArchive/setAside(_:)``'s rule).
  ///
  /// - Throws: `FileSystemError`.
  @discardableResult
  public func setAside(_ journal: URL) throws(FileSystemError) -> URL {
    try LiveArchive(directory: directory).setAside(journal)
  }

  /// Whether `code` must not be given to a new assignment (anything of that name is here).
  public func isTaken(code: String) -> Bool {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.contains { $0 == code || $0.hasPrefix(code + ".") }
  }
}
