import Foundation
import QRQuiz

/// A 0.5 data folder's records as rows, all in the caller's one transaction. What the
/// records hold already (a takeover that ran before its files were moved, or files an old
/// binary wrote since) is not imported twice: it is said, and its file kept in the backup.
extension LegacyFiles {
  /// Inserts the rows; a line for each thing the records held already.
  func insert(into database: Database) throws(DatabaseError) -> [String] {
    var skipped: [String] = []
    try database.execute(
      """
      INSERT INTO settings (key, value) VALUES ('legacy-import', '0.5')
      ON CONFLICT (key) DO UPDATE SET value = excluded.value
      """)
    for roster in classes {
      if try database.row("SELECT 1 FROM classes WHERE name_key = \(ClassRosterStore.key(roster.name.text))") != nil {
        skipped.append("class \(roster.name.text) not imported: a class of that name is in the records")
      } else {
        // Its cards were printed before class marks: they keep their codes.
        try ClassRosterStore.insert(roster, in: database, printedBefore: true)
      }
    }
    for game in games {
      let setup = game.setup
      if try database.row(
        "SELECT 1 FROM live_games WHERE pin = \(setup.pin) AND created = \(setup.created.microsecondsSince1970)") != nil
      {
        skipped.append("live game \(setup.pin) not imported: it is in the records")
      } else if try database.row("SELECT 1 FROM live_games WHERE pin = \(setup.pin) AND finished IS NULL") != nil {
        skipped.append("live game \(setup.pin) not imported: another game is played with its PIN")
      } else {
        try insert(game, into: database)
      }
    }
    for saved in results {
      if try database.row("SELECT 1 FROM live_games WHERE stem = \(saved.stem)") != nil {
        skipped.append("results \(saved.stem) not imported: they are in the records")
      } else {
        try insert(saved, into: database)
      }
    }
    for work in homework {
      if try database.row("SELECT 1 FROM assignments WHERE code = \(work.assignment.code)") != nil {
        skipped.append("assignment \(work.assignment.code) not imported: it is in the records")
      } else {
        try insert(work, into: database)
      }
    }
    for profile in profiles {
      let key = profile.name.lowercased()
      if try database.row("SELECT 1 FROM profiles WHERE name_key = \(key)") != nil {
        skipped.append("profile \(profile.name) not imported: it is in the records")
        continue
      }
      if key == activeProfile { try database.execute("UPDATE profiles SET active = 0") }
      try database.execute(
        """
        INSERT INTO profiles (name, name_key, image_url, image_file, active)
        VALUES (\(profile.name), \(key), \(profile.imageURL), \(profile.imageFile), \(key == activeProfile))
        """)
    }
    for (key, json) in statistics {
      if try database.row("SELECT 1 FROM statistics WHERE profile_key = \(key)") != nil {
        skipped.append("statistics of \(key) not imported: the records have that player's")
      } else {
        try database.execute("INSERT INTO statistics (profile_key, statistics) VALUES (\(key), \(json))")
      }
    }
    return skipped
  }

  private func classID(_ name: String?, in database: Database) throws(DatabaseError) -> Int64? {
    guard let name else { return nil }
    return try database.value("SELECT id FROM classes WHERE name_key = \(ClassRosterStore.key(name))", as: Int64.self)
  }

  private func insert(_ game: Game, into database: Database) throws(DatabaseError) {
    let setup = game.setup
    let classID = try classID(setup.cardClass?.name, in: database)
    guard
      let id = try database.value(
        """
        INSERT INTO live_games (pin, title, class_id, setup, created)
        VALUES (\(setup.pin), \(setup.title), \(classID), \(game.setupJSON), \(setup.created.microsecondsSince1970))
        RETURNING id
        """, as: Int64.self)
    else { return }
    for (offset, move) in game.moves.enumerated() {
      try database.execute(
        """
        INSERT INTO live_moves (game_id, sequence, at, move) VALUES (\(id), \(offset + 1), \(move.at), \(move.json))
        """)
    }
  }

  private func insert(_ saved: Results, into database: Database) throws(DatabaseError) {
    func text(_ key: String) -> String? {
      if case .string(let value)? = saved.value[key] { value } else { nil }
    }
    let formatter = ISO8601DateFormatter()
    let created =
      text("created").flatMap(formatter.date(from:)).map { QuizClock.Instant($0) } ?? QuizClock.Instant(Date())
    let ended = text("ended").flatMap(formatter.date(from:)).map { QuizClock.Instant($0) } ?? created
    var questions = 0
    if case .array(let list)? = saved.value["questions"] { questions = list.count }
    var playersJSON: [JSONValue] = []
    if case .array(let list)? = saved.value["players"] { playersJSON = list }
    let className = text("class")
    let classID = try classID(className, in: database)
    // The game's setup is not in its results: a finished game is never resumed.
    guard
      let id = try database.value(
        """
        INSERT INTO live_games (pin, title, class_id, setup, created, finished, stem, results, questions, class_name)
        VALUES (\(text("pin") ?? ""), \(text("title") ?? ""), \(classID), '{}', \(created.microsecondsSince1970),
          \(ended.microsecondsSince1970), \(saved.stem), \(saved.json), \(questions), \(className))
        RETURNING id
        """, as: Int64.self)
    else { return }
    let students = try LiveGameStore.students(ofClass: className.map(ClassRosterStore.key), in: database)
    for (rank, entry) in LiveGameRecord.players(in: playersJSON).enumerated() {
      let player = entry.player
      let student = player.card.flatMap { students.byCard[$0] } ?? students.byName[StudentName.foldedKey(player.name)]
      try database.execute(
        """
        INSERT INTO live_players (game_id, player, name, student_id, card, by_card, score, correct, wrong,
          unanswered, removed)
        VALUES (\(id), \(rank + 1), \(player.name), \(student), \(player.card), \(player.byCard), \(player.score),
          \(player.correct), \(player.wrong), \(player.unanswered), \(entry.removed))
        """)
    }
  }

  private func insert(_ work: Homework, into database: Database) throws(DatabaseError) {
    let assignment = work.assignment
    let classID = try classID(assignment.className, in: database)
    guard
      let id = try database.value(
        """
        INSERT INTO assignments (code, class_id, assignment, created, due)
        VALUES (\(assignment.code), \(classID), \(work.json), \(assignment.created.microsecondsSince1970),
          \(assignment.due.microsecondsSince1970))
        RETURNING id
        """, as: Int64.self)
    else { return }
    for (offset, move) in work.moves.enumerated() {
      try database.execute(
        "INSERT INTO assignment_moves (assignment_id, sequence, move) VALUES (\(id), \(offset + 1), \(move))")
    }
    for name in work.joined {
      let key = StudentName.foldedKey(name)
      try database.execute(
        """
        INSERT INTO assignment_students (assignment_id, name_key, name, student_id)
        VALUES (\(id), \(key), \(name), (SELECT id FROM students WHERE class_id = \(classID) AND name_key = \(key)
          AND retired = 0))
        ON CONFLICT (assignment_id, name_key) DO NOTHING
        """)
    }
  }
}
