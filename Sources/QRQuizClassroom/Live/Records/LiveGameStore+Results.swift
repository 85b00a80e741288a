import Foundation
import QRQuiz
import QRQuizFiles

/// Finished games: their results saved with them, their players pointing at the students
/// they are, and exported as files.
extension LiveGameStore {
  /// Why a finished game's results were not saved.
  public enum SaveError: Error, Sendable, CustomStringConvertible {
    /// The records could not be written: nothing was saved.
    case records(DatabaseError)
    /// The results are in the records, but their export could not be written.
    case export(FileSystemError)

    public var description: String {
      switch self {
      case .records(let error): "the game's results were not saved: \(error)"
      case .export(let error): "the game's results are saved, but their files could not be written: \(error)"
      }
    }
  }

  /// Saves a finished game's results in the records (with each player's totals, pointing
  /// at the student of the game's class they are) and exports them as JSON and CSV; a game
  /// without results (``LiveGame/hasResults``: ended in the lobby before anyone joined)
  /// leaves nothing behind.
  ///
  /// - Returns: the JSON export's address (the CSV beside it), or `nil` when there was
  ///   nothing to save.
  /// - Throws: ``SaveError``.
  @discardableResult
  public func saveResults(of game: LiveGame) throws(SaveError) -> URL? {
    let pin = game.setup.pin
    guard game.hasResults else {
      do {
        try records.write { database throws(DatabaseError) in
          try database.execute("DELETE FROM live_games WHERE pin = \(pin) AND finished IS NULL")
        }
      } catch {
        throw .records(error)
      }
      return nil
    }
    let results = LiveResults(game)
    let json = results.json.compactText
    let finished = (game.ended ?? game.setup.created).microsecondsSince1970
    let stem = Self.fileStem(game.setup)
    var playersJSON: [JSONValue] = []
    if case .array(let list)? = results.json["players"] { playersJSON = list }
    let players = LiveGameRecord.players(in: playersJSON)
    let questions = game.questionsPlayed
    let classTitle = game.setup.cardClass?.name
    let className = game.setup.cardClass.map { ClassRosterStore.key($0.name) }
    let saved: String
    do {
      saved = try records.write { database throws(DatabaseError) -> String in
        guard
          let id = try database.value(
            "SELECT id FROM live_games WHERE pin = \(pin) AND finished IS NULL", as: Int64.self)
        else {
          throw DatabaseError(kind: .other, path: database.path, message: "game \(pin) is not in the records")
        }
        var stem = stem
        var number = 1
        while try database.row("SELECT 1 FROM live_games WHERE stem = \(stem)") != nil {
          number += 1
          stem = Self.fileStem(game.setup) + "-\(number)"
        }
        try database.execute(
          """
          UPDATE live_games SET finished = \(finished), stem = \(stem), results = \(json), questions = \(questions),
            class_name = \(classTitle)
          WHERE id = \(id)
          """)
        try Self.insertPlayers(players, ofGame: id, className: className, into: database)
        return stem
      }
    } catch {
      throw .records(error)
    }
    return try export(stem: saved, json: json, csv: results.csv)
  }

  /// Writes a game's results as files (durable, owner-only).
  func export(stem: String, json: String, csv: String) throws(SaveError) -> URL {
    let base = resultsDirectory.appendingPathComponent(stem)
    let jsonFile = base.appendingPathExtension("json")
    do throws(FileSystemError) {
      try Directory.create(resultsDirectory, mode: 0o700)
      try AtomicFile.write(
        Array((json + "\n").utf8), to: jsonFile, newFileMode: 0o600, durable: true, regularFileOnly: true)
      try AtomicFile.write(
        Array(csv.utf8), to: base.appendingPathExtension("csv"), newFileMode: 0o600, durable: true,
        regularFileOnly: true)
    } catch {
      throw .export(error)
    }
    return jsonFile
  }

  /// The students of the class whose folded name is `key`, by card and by folded name.
  static func students(
    ofClass key: String?, in database: Database
  ) throws(DatabaseError) -> (byCard: [Int: Int64], byName: [String: Int64]) {
    guard let key else { return ([:], [:]) }
    let rows = try database.rows(
      """
      SELECT students.id, students.card, students.name_key, students.retired FROM students
      JOIN classes ON classes.id = students.class_id WHERE classes.name_key = \(key)
      """)
    var byCard: [Int: Int64] = [:]
    var byName: [String: Int64] = [:]
    for row in rows {
      guard let id = row.get(0, as: Int64.self), let card = row.get(1, as: Int.self) else { continue }
      byCard[card] = id
      if row.get(3, as: Bool.self) != true, let name = row.get(2, as: String.self) { byName[name] = id }
    }
    return (byCard, byName)
  }

  /// A finished game as `--results` lists it.
  public struct SavedGame: Sendable, Hashable {
    /// Its results' JSON export.
    public var file: URL
    public var title: String
    public var created: Date?
    /// Players who finished (the removed ones are not counted).
    public var players: Int
    /// The podium's first place, every one of them when several tie on the top score (in
    /// the order the results rank them); empty when no one played to the end.
    public var winners: [LiveGame.Standing]
  }

  /// Every finished game, newest first.
  public func savedGames() -> [SavedGame] {
    let rows =
      (try? records.read { database throws(DatabaseError) in
        try database.rows(
          """
          SELECT live_games.id, live_games.stem, live_games.title, live_games.created,
            (SELECT count(*) FROM live_players WHERE game_id = live_games.id AND removed = 0)
          FROM live_games WHERE live_games.stem IS NOT NULL
          ORDER BY live_games.created DESC, live_games.id DESC
          """)
      }) ?? []
    let winners = savedWinners()
    return rows.compactMap { row in
      guard let id = row.get(0, as: Int64.self), let stem = row.get(1, as: String.self),
        let title = row.get(2, as: String.self)
      else { return nil }
      let created = row.get(3, as: Int64.self).map { QuizClock.Instant(microsecondsSince1970: $0).date }
      return SavedGame(
        file: resultsDirectory.appendingPathComponent(stem + ".json"), title: title, created: created,
        players: row.get(4) ?? 0, winners: winners[id] ?? [])
    }
  }

  /// Each finished game's winners: the players who stayed and scored what the best of
  /// them scored (ranked first together, as the results rank ties), in rank order.
  private func savedWinners() -> [Int64: [LiveGame.Standing]] {
    let rows =
      (try? records.read { database throws(DatabaseError) in
        try database.rows(
          """
          SELECT players.game_id, players.name, players.score FROM live_players AS players
          JOIN live_games ON live_games.id = players.game_id AND live_games.stem IS NOT NULL
          WHERE players.removed = 0 AND players.score = (
            SELECT max(score) FROM live_players WHERE game_id = players.game_id AND removed = 0)
          ORDER BY players.game_id, players.player
          """)
      }) ?? []
    var winners: [Int64: [LiveGame.Standing]] = [:]
    for row in rows {
      guard let game = row.get(0, as: Int64.self), let name = row.get(1, as: String.self) else { continue }
      winners[game, default: []].append(LiveGame.Standing(name: name, score: row.get(2) ?? 0))
    }
    return winners
  }

  /// The finished games as the gradebook reads them, newest first (at most
  /// ``LiveGameRecord/maximumGames``).
  public func gameRecords() -> [LiveGameRecord] {
    let read = try? records.read { database throws(DatabaseError) in
      let games = try database.rows(
        """
        SELECT id, stem, pin, title, created, questions, class_name FROM live_games
        WHERE stem IS NOT NULL ORDER BY created DESC, id DESC
        LIMIT \(LiveGameRecord.maximumGames)
        """)
      let players = try database.rows(
        """
        SELECT game_id, name, card, by_card, score, correct, wrong, unanswered, student_id FROM live_players
        WHERE removed = 0 AND game_id IN (SELECT id FROM live_games WHERE stem IS NOT NULL
          ORDER BY created DESC, id DESC LIMIT \(LiveGameRecord.maximumGames))
        ORDER BY game_id, player
        """)
      return (games, players)
    }
    guard let (games, players) = read else { return [] }
    var byGame: [Int64: [LiveGameRecord.Player]] = [:]
    for row in players {
      guard let game = row.get(0, as: Int64.self) else { continue }
      byGame[game, default: []].append(
        LiveGameRecord.Player(
          name: row.get(1) ?? "", card: row.get(2), byCard: row.get(3) ?? false, score: row.get(4) ?? 0,
          correct: row.get(5) ?? 0, wrong: row.get(6) ?? 0, unanswered: row.get(7) ?? 0, studentID: row.get(8)))
    }
    return games.compactMap { row in
      guard let id = row.get(0, as: Int64.self), let stem = row.get(1, as: String.self) else { return nil }
      return LiveGameRecord(
        id: stem, pin: row.get(2) ?? "", title: row.get(3) ?? "",
        played: QuizClock.Instant(microsecondsSince1970: row.get(4) ?? 0).date, questions: row.get(5) ?? 0,
        className: row.get(6), players: byGame[id] ?? [])
    }
  }

  /// `2026-12-01-1503-Capitals-123456`: sorted by date, readable, safe.
  /// The players' rows of game `id`, in the results' order, each tied to the student of
  /// class `className` it is (by card, else by folded name): what the gradebook counts.
  static func insertPlayers(
    _ players: [(player: LiveGameRecord.Player, removed: Bool)], ofGame id: Int64, className: String?,
    into database: Database
  ) throws(DatabaseError) {
    let students = try students(ofClass: className, in: database)
    for (rank, entry) in players.enumerated() {
      let player = entry.player
      let student =
        player.card.flatMap { students.byCard[$0] } ?? students.byName[StudentName.foldedKey(player.name)]
      try database.execute(
        """
        INSERT INTO live_players (game_id, player, name, student_id, card, by_card, score, correct, wrong,
          unanswered, removed)
        VALUES (\(id), \(rank + 1), \(player.name), \(student), \(player.card), \(player.byCard), \(player.score),
          \(player.correct), \(player.wrong), \(player.unanswered), \(entry.removed))
        """)
    }
  }

  static func fileStem(_ setup: LiveGame.Setup) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd-HHmm"
    let title = FileName.safe(setup.title, maximumBytes: 80).replacingOccurrences(of: " ", with: "-")
    return "\(formatter.string(from: setup.created.date))-\(title)-\(setup.pin)"
  }
}
