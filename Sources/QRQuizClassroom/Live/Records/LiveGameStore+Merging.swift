import Foundation
import QRQuiz

/// After a game (`qrquiz live --merge RESULTS FROM INTO`, and the class's gradebook page): two players of a
/// finished game's saved results who are one student are merged as the host merges them
/// during the game (``LiveGame/merge(from:into:at:)``), a move of its own appended to the
/// game's, and its results saved again: the records' rows the gradebook reads, the JSON and
/// the CSV, under the same name.
extension LiveGameStore {
  /// Why a merge after the game is refused.
  public enum MergeError: Error, Sendable, CustomStringConvertible {
    /// No finished game's results have this file or name.
    case noSuchResults(String)
    /// No player of the game has this name (a player merged or removed before included).
    case noSuchPlayer(String, game: String)
    /// The game refused the merge (the two names are one player).
    case refused(LiveGame.HostRefusal)
    /// The records or the files could not be written.
    case save(SaveError)

    public var description: String {
      switch self {
      case .noSuchResults(let name): "no saved results are named \(name) (qrquiz live --results lists them)"
      case .noSuchPlayer(let name, let game): "no player of \(game) is named '\(name)'"
      case .refused(.noSuchPlayer): "no player of the game has this name"
      case .refused(.samePlayer): "a player cannot be merged into themselves"
      case .refused(.over): "the game is over"
      case .save(let error): "\(error)"
      }
    }
  }

  /// Merges player `from` into player `into` in the saved results `results` (the file as
  /// `qrquiz live --results` lists it, or its name without the folder and extension).
  ///
  /// - Returns: the JSON export's address.
  @discardableResult
  public func merge(results: String, from: String, into: String, at now: QuizClock.Instant) throws(MergeError)
    -> URL
  {
    let stem = Self.stem(ofResults: results)
    let id: Int64?
    do {
      id = try records.read { database throws(DatabaseError) in
        try database.value("SELECT id FROM live_games WHERE stem = \(stem)", as: Int64.self)
      }
    } catch {
      throw .save(.records(error))
    }
    guard let id, var game = try? game(id: id) else { throw .noSuchResults(results) }
    let entry: LiveGame.Entry
    for name in [from, into] where game.activeID(named: name) == nil {
      throw .noSuchPlayer(name, game: game.setup.title)
    }
    do throws(LiveGame.HostRefusal) {
      entry = try game.merge(from: from, into: into, at: now)
    } catch {
      throw .refused(error)
    }
    let results = LiveResults(game)
    let json = results.json.compactText
    var playersJSON: [JSONValue] = []
    if case .array(let list)? = results.json["players"] { playersJSON = list }
    let players = LiveGameRecord.players(in: playersJSON)
    let className = game.setup.cardClass.map { ClassRosterStore.key($0.name) }
    do {
      try records.write { database throws(DatabaseError) in
        let sequence =
          try database.value("SELECT max(sequence) FROM live_moves WHERE game_id = \(id)", as: Int64.self) ?? 0
        try database.execute(
          """
          INSERT INTO live_moves (game_id, sequence, at, move)
          VALUES (\(id), \(sequence + 1), \(entry.time.microsecondsSince1970), \(LiveMoves.encode(entry)))
          """)
        try database.execute("UPDATE live_games SET results = \(json) WHERE id = \(id)")
        try database.execute("DELETE FROM live_players WHERE game_id = \(id)")
        try Self.insertPlayers(players, ofGame: id, className: className, into: database)
      }
    } catch {
      throw .save(.records(error))
    }
    do throws(SaveError) {
      return try export(stem: stem, json: json, csv: results.csv)
    } catch {
      throw .save(error)
    }
  }
}
