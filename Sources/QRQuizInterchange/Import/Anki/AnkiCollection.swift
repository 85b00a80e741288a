/// What the import reads of an Anki collection: its notes' fields, in the order they were
/// made (a note's id is its creation time in milliseconds), and the review history of each
/// note's first card (`ord` 0: the card that asks the first field), in time order. Every
/// count is checked before the rows are read.
struct AnkiCollection {
  /// The most notes one import reads: a topic holds at most 16 MiB, a few tens of
  /// thousands of flash cards; a larger deck is refused before it is read.
  static let maximumNotes = 50_000
  /// The most cards (a note has one per template: front to back, back to front …).
  static let maximumCards = 4 * maximumNotes
  /// The longest review history one import reads (years of daily study of a large deck).
  static let maximumReviews = 1_000_000

  struct Note {
    var id: Int64
    /// The fields, separated in Anki's `flds` by the unit separator (0x1F).
    var fields: [String]
  }

  /// A review of a note's first card: when (milliseconds since 1970, the revlog's id) and
  /// Anki's ease (1 Again, 2 Hard, 3 Good, 4 Easy).
  struct Review {
    var note: Int64
    var milliseconds: Int64
    var ease: Int
  }

  var notes: [Note] = []
  var reviews: [Review] = []
  /// Reviews of a note's other cards (its reverse …), which ask another question: left out.
  var otherCardReviews = 0
  /// Revlog rows that are no rating (ease 0: rescheduled, reset or forgotten by hand).
  var unratedEntries = 0

  /// Reads `database`.
  ///
  /// - Throws: ``AnkiProblem``.
  init(_ database: AnkiDatabase) throws(AnkiProblem) {
    for table in ["notes", "cards"] { try Self.checkTable(table, in: database, required: true) }
    let hasHistory = try Self.checkTable("revlog", in: database, required: false)
    let noteCount = try Self.count("notes", in: database)
    guard noteCount <= Self.maximumNotes else { throw .tooManyNotes(count: noteCount, limit: Self.maximumNotes) }
    let cardCount = try Self.count("cards", in: database)
    guard cardCount <= Self.maximumCards else { throw .tooManyCards(count: cardCount, limit: Self.maximumCards) }
    try database.rows("SELECT id, flds FROM notes ORDER BY id") { row in
      notes.append(
        Note(
          id: row.integer(0),
          fields: (row.text(1) ?? "").split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)))
      return true
    }
    guard hasHistory else { return }
    let reviewCount = try Self.count("revlog", in: database)
    guard reviewCount <= Self.maximumReviews else {
      throw .tooManyReviews(count: reviewCount, limit: Self.maximumReviews)
    }
    try database.rows(
      "SELECT revlog.id, cards.nid, cards.ord, revlog.ease FROM revlog JOIN cards ON cards.id = revlog.cid "
        + "ORDER BY revlog.id"
    ) { row in
      let ease = Int(row.integer(3))
      if !(1...4).contains(ease) {
        unratedEntries += 1
      } else if row.integer(2) != 0 {
        otherCardReviews += 1
      } else {
        reviews.append(Review(note: row.integer(1), milliseconds: row.integer(0), ease: ease))
      }
      return true
    }
  }

  /// Whether `name` is a table; a view (or anything else) of that name is refused, and a
  /// missing table too when `required`.
  @discardableResult
  private static func checkTable(_ name: String, in database: AnkiDatabase, required: Bool) throws(AnkiProblem)
    -> Bool
  {
    guard let kind = try database.kind(of: name) else {
      if required { throw .missingTable(part: database.part, table: name) }
      return false
    }
    guard kind == "table" else { throw .notATable(part: database.part, name: name, kind: kind) }
    return true
  }

  private static func count(_ table: String, in database: AnkiDatabase) throws(AnkiProblem) -> Int {
    var count = 0
    try database.rows("SELECT count(*) FROM \(table)") { row in
      count = Int(row.integer(0))
      return false
    }
    return count
  }
}
