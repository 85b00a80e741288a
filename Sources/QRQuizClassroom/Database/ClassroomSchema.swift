/// The classroom's tables, migration by migration. The statements keep to what SQLite and
/// PostgreSQL share (integer, real and text columns, flags as 0 or 1, partial indexes,
/// `RETURNING`), so a second engine runs the same schema and the same repositories.
///
/// Times are microseconds since 1970 (`QuizClock.Instant`'s count); moves, setups and
/// results are the JSON the values encode to, so a game is replayed from its rows as it
/// was from a 0.5 journal's lines.
public enum ClassroomSchema {
  /// Every migration this version knows.
  public static let migrator: DatabaseMigrator = {
    var migrator = DatabaseMigrator()
    migrator.register(1, "classes, live games, homework, profiles") { database throws(DatabaseError) in
      try database.executeScript(version1)
    }
    migrator.register(2, "study reviews") { database throws(DatabaseError) in
      try database.executeScript(version2)
    }
    migrator.register(3, "live games' heartbeat, homework's due changes") { database throws(DatabaseError) in
      try database.executeScript(version3)
    }
    migrator.register(4, "names folded to their base letters", NameKeyRefresh.apply)
    migrator.register(5, "students' own reviews") { database throws(DatabaseError) in
      try database.executeScript(version5)
    }
    migrator.register(8, "answer cards' class marks") { database throws(DatabaseError) in
      try database.executeScript(version8)
    }
    migrator.register(9, "teachers' accounts") { database throws(DatabaseError) in
      try database.executeScript(version9)
    }
    migrator.register(10, "classes' desired retention") { database throws(DatabaseError) in
      try database.executeScript(version10)
    }
    migrator.register(12, "classes, live games and homework owned by teachers") { database throws(DatabaseError) in
      try database.executeScript(version12)
    }
    return migrator
  }()

  static let version1 = """
    CREATE TABLE classes (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      name_key TEXT NOT NULL UNIQUE,
      next_card INTEGER NOT NULL
    );
    CREATE TABLE students (
      id INTEGER PRIMARY KEY,
      class_id INTEGER NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
      card INTEGER NOT NULL,
      name TEXT NOT NULL,
      name_key TEXT NOT NULL,
      time_factor REAL NOT NULL DEFAULT 1,
      no_speed_scoring INTEGER NOT NULL DEFAULT 0,
      results_secret TEXT UNIQUE,
      retired INTEGER NOT NULL DEFAULT 0,
      UNIQUE (class_id, card)
    );
    CREATE INDEX students_by_name ON students (class_id, name_key);

    CREATE TABLE live_games (
      id INTEGER PRIMARY KEY,
      pin TEXT NOT NULL,
      title TEXT NOT NULL,
      class_id INTEGER REFERENCES classes (id) ON DELETE SET NULL,
      setup TEXT NOT NULL,
      created INTEGER NOT NULL,
      finished INTEGER,
      damaged TEXT,
      stem TEXT UNIQUE,
      results TEXT,
      questions INTEGER,
      class_name TEXT
    );
    CREATE UNIQUE INDEX live_games_playing ON live_games (pin) WHERE finished IS NULL;
    CREATE INDEX live_games_by_finish ON live_games (finished);
    CREATE TABLE live_moves (
      game_id INTEGER NOT NULL REFERENCES live_games (id) ON DELETE CASCADE,
      sequence INTEGER NOT NULL,
      at INTEGER NOT NULL,
      move TEXT NOT NULL,
      PRIMARY KEY (game_id, sequence)
    );
    CREATE TABLE live_players (
      game_id INTEGER NOT NULL REFERENCES live_games (id) ON DELETE CASCADE,
      player INTEGER NOT NULL,
      name TEXT NOT NULL,
      student_id INTEGER REFERENCES students (id) ON DELETE SET NULL,
      card INTEGER,
      by_card INTEGER NOT NULL,
      score INTEGER NOT NULL,
      correct INTEGER NOT NULL,
      wrong INTEGER NOT NULL,
      unanswered INTEGER NOT NULL,
      removed INTEGER NOT NULL,
      PRIMARY KEY (game_id, player)
    );
    CREATE INDEX live_players_by_student ON live_players (student_id);

    CREATE TABLE assignments (
      id INTEGER PRIMARY KEY,
      code TEXT NOT NULL UNIQUE,
      class_id INTEGER REFERENCES classes (id) ON DELETE SET NULL,
      assignment TEXT NOT NULL,
      created INTEGER NOT NULL,
      due INTEGER NOT NULL,
      damaged TEXT
    );
    CREATE TABLE assignment_moves (
      assignment_id INTEGER NOT NULL REFERENCES assignments (id) ON DELETE CASCADE,
      sequence INTEGER NOT NULL,
      move TEXT NOT NULL,
      PRIMARY KEY (assignment_id, sequence)
    );
    CREATE TABLE assignment_students (
      assignment_id INTEGER NOT NULL REFERENCES assignments (id) ON DELETE CASCADE,
      name_key TEXT NOT NULL,
      name TEXT NOT NULL,
      student_id INTEGER REFERENCES students (id) ON DELETE SET NULL,
      PRIMARY KEY (assignment_id, name_key)
    );
    CREATE INDEX assignment_students_by_student ON assignment_students (student_id);

    CREATE TABLE profiles (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      name_key TEXT NOT NULL UNIQUE,
      image_url TEXT,
      image_file TEXT,
      active INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE settings (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL
    );
    CREATE TABLE statistics (
      profile_key TEXT PRIMARY KEY,
      statistics TEXT NOT NULL
    );
    """

  /// Flash-card reviews (`qrquiz review`): the log is the record; each card's FSRS state
  /// is replayed from it, as a live game is from its moves. `learner` names who studied
  /// (`profile:NAME-IN-LOWER-CASE`), so a student's own reviews can join them later.
  static let version2 = """
    CREATE TABLE study_reviews (
      id INTEGER PRIMARY KEY,
      learner TEXT NOT NULL,
      topic TEXT NOT NULL,
      card TEXT NOT NULL,
      at INTEGER NOT NULL,
      rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 4)
    );
    CREATE INDEX study_reviews_by_learner ON study_reviews (learner, topic, card, at);
    """

  /// `live_games.alive_at`: the last moment the game's server was known alive while a
  /// question was open (its heartbeat), so a restart gives the question the time it had left
  /// when the server stopped. `assignment_due_changes`: a due time moved after the
  /// assignment was made, for one student (`student_key`, the roster's name folded) or, with
  /// none, for everyone; the latest of each counts.
  static let version3 = """
    ALTER TABLE live_games ADD COLUMN alive_at INTEGER;
    CREATE TABLE assignment_due_changes (
      id INTEGER PRIMARY KEY,
      assignment_id INTEGER NOT NULL REFERENCES assignments (id) ON DELETE CASCADE,
      student_key TEXT,
      student_name TEXT,
      until INTEGER NOT NULL,
      at INTEGER NOT NULL
    );
    CREATE INDEX assignment_due_changes_by_assignment ON assignment_due_changes (assignment_id, id);
    """

  /// `study_reviews.student_id`: the reviews a class's student makes on their own page
  /// (`/s/SECRET`), their learner `student:ID`. The reviews go with the student: a class
  /// deleted, its students' reviews are deleted with it, as its games' players are not
  /// kept pointing at nobody.
  static let version5 = """
    ALTER TABLE study_reviews ADD COLUMN student_id INTEGER REFERENCES students (id) ON DELETE CASCADE;
    CREATE INDEX study_reviews_by_student ON study_reviews (student_id) WHERE student_id IS NOT NULL;
    """

  /// `students.code`: the card code (1 … 476, `AnswerCardCode`'s) the student's printed card
  /// carries, the class mark of `docs/CARDS.md`. Cards printed before carry code = card, so
  /// the rows that were here keep it (their cards keep working); a student added from now
  /// on gets a code no other student holds (``ClassRosterStore``), so another class's card
  /// is never read as theirs.
  static let version8 = """
    ALTER TABLE students ADD COLUMN code INTEGER;
    UPDATE students SET code = card;
    CREATE INDEX students_by_code ON students (code);
    """

  /// A school's teachers (`TeacherAccountStore`): each an account named once (`name_key`,
  /// folded as every name is) with an address of its own (`email_key`, lower-cased), and a
  /// password's argon2id hash once the teacher set one. `teacher_secrets` keeps only the
  /// BLAKE2b digest of each secret handed out — a link to set the password (single use,
  /// expiring), a personal API token, a session — so a copy of the records opens nothing;
  /// an account disabled loses all of them in the same transaction.
  static let version9 = """
    CREATE TABLE teachers (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      name_key TEXT NOT NULL UNIQUE,
      email TEXT NOT NULL,
      email_key TEXT NOT NULL UNIQUE,
      password_hash TEXT,
      created INTEGER NOT NULL,
      disabled INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE teacher_secrets (
      digest TEXT PRIMARY KEY,
      teacher_id INTEGER NOT NULL REFERENCES teachers (id) ON DELETE CASCADE,
      kind TEXT NOT NULL CHECK (kind IN ('password-link', 'token', 'session')),
      created INTEGER NOT NULL,
      expires INTEGER
    );
    CREATE INDEX teacher_secrets_by_teacher ON teacher_secrets (teacher_id, kind);
    """

  /// `classes.desired_retention`: the retention the class's Review schedules for, in
  /// thousandths (700 … 970: ``DesiredRetention``); `NULL`, FSRS's default 0.9. An integer,
  /// so SQLite and PostgreSQL hold the teacher's 0.85 exactly.
  static let version10 = """
    ALTER TABLE classes ADD COLUMN desired_retention INTEGER;
    """

  /// `teacher_id` of a class, a live game and an assignment: the teacher whose it is on a
  /// school's server (`TeacherAccountStore`), who alone sees and changes it; `NULL` on the
  /// laptop, whose single teacher owns everything without an account. (Migration 11 is
  /// another branch's.)
  static let version12 = """
    ALTER TABLE classes ADD COLUMN teacher_id INTEGER REFERENCES teachers (id);
    ALTER TABLE live_games ADD COLUMN teacher_id INTEGER REFERENCES teachers (id);
    ALTER TABLE assignments ADD COLUMN teacher_id INTEGER REFERENCES teachers (id);
    CREATE INDEX classes_by_teacher ON classes (teacher_id);
    CREATE INDEX live_games_by_teacher ON live_games (teacher_id);
    CREATE INDEX assignments_by_teacher ON assignments (teacher_id);
    """
}
