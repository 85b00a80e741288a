import Foundation
import QRQuiz
import QRQuizFiles

/// A data folder's live games in the records: each game a row (`live_games`) with its moves
/// (`live_moves`), resumed after a crash; a finished one keeps its results and its players'
/// totals (`live_players`, each pointing at the class's student they are, or a guest), which
/// `qrquiz live --results` and the gradebook query. The results are also exported as files
/// where teachers and scripts read them (`DATA/live/results/DATE-TIME-TOPIC-PIN.json` and
/// `.csv`), as they always were.
public struct LiveGameStore: Sendable {
  public let records: RecordStore
  /// The folder (`DATA/live`) of the results' exports and of the server's lock.
  public let directory: URL

  public init(records: RecordStore, directory: URL) {
    self.records = records
    self.directory = directory
  }

  /// The exported results of finished games.
  public var resultsDirectory: URL { directory.appendingPathComponent("results") }

  /// Why a server cannot serve this folder's games.
  public enum ServingRefusal: Error, Sendable, CustomStringConvertible {
    /// Another process serves them; `who` is what it said of itself.
    case servedElsewhere(who: String)
    case folder(FileSystemError)

    public var description: String {
      switch self {
      case .servedElsewhere(let who):
        "the live games here are served by another qrquiz already (\(who)): stop it first, or give this one "
          + "another data folder (XDG_DATA_HOME)"
      case .folder(let error): "the live games' folder cannot be used: \(error)"
      }
    }
  }

  /// Makes this process the one that serves the folder's games, for its whole life: two
  /// servers on one data folder would each resume the same games and ask the same
  /// questions twice. `who` says who serves them (a port) to a second one that tries.
  ///
  /// - Throws: ``ServingRefusal``.
  public func serve(as who: String) throws(ServingRefusal) {
    do {
      try Directory.create(directory, mode: 0o700)
    } catch {
      throw .folder(error)
    }
    do {
      try FileLock.holdUntilExit(directory.appendingPathComponent("server.lock"), note: who)
    } catch {
      switch error {
      case .heldByAnother(let note): throw .servedElsewhere(who: note.isEmpty ? "another process" : note)
      case .failed(let failure): throw .folder(failure)
      }
    }
  }

  /// What the process serving the games of `directory` (a store's folder) said of itself
  /// (``serve(as:)``), or
  /// `nil` when none runs: a command run beside a server makes links to it.
  public static func servingProcess(in directory: URL) -> String? {
    FileLock.holderNote(directory.appendingPathComponent("server.lock"))
  }

  /// Starts a game: its row, and the log its moves go to.
  ///
  /// - Throws: ``DatabaseError``: the records cannot be written, or the PIN is in play.
  public func start(_ setup: LiveGame.Setup) throws(DatabaseError) -> LiveMoveLog {
    let setupJSON = LiveMoves.encode(setup)
    let className = setup.cardClass.map { ClassRosterStore.key($0.name) }
    let id = try records.write { database throws(DatabaseError) -> Int64 in
      let classID = try className.flatMap { key throws(DatabaseError) in
        try database.value("SELECT id FROM classes WHERE name_key = \(key)", as: Int64.self)
      }
      guard
        let id = try database.value(
          """
          INSERT INTO live_games (pin, title, class_id, setup, created, teacher_id)
          VALUES (\(setup.pin), \(setup.title), \(classID), \(setupJSON), \(setup.created.microsecondsSince1970),
            \(setup.teacher))
          RETURNING id
          """, as: Int64.self)
      else { throw DatabaseError(kind: .other, path: database.path, message: "a game's row was not made") }
      return id
    }
    return LiveMoveLog(records: records, gameID: id, setup: setup, entries: [])
  }

  /// Whether `pin` must not be drawn for a new game: a game is played with it.
  ///
  /// - Throws: ``DatabaseError``: the records cannot say (no PIN can be drawn then: the
  ///   game is refused, never drawn again and again while the server is away).
  public func isTaken(pin: String) throws(DatabaseError) -> Bool {
    try records.read { database throws(DatabaseError) in
      try database.row("SELECT 1 FROM live_games WHERE pin = \(pin) AND finished IS NULL") != nil
    }
  }
}
