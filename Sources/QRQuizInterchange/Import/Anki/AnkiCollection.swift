import QRQuiz

/// What the import reads of an Anki collection: its notes' fields and note types, in the
/// order they were made (a note's id is its creation time in milliseconds), which note types
/// are Cloze ones, and the review history of the notes' cards (`ord`: a card's template, or
/// a cloze's number less one), in time order. Every count is checked before the rows are
/// read.
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
    /// Its note type's id (`mid`).
    var type: Int64
    /// The fields, separated in Anki's `flds` by the unit separator (0x1F).
    var fields: [String]
  }

  /// A review of a note's card `ord`: when (milliseconds since 1970, the revlog's id) and
  /// Anki's ease (1 Again, 2 Hard, 3 Good, 4 Easy).
  struct Review {
    var note: Int64
    var ord: Int64
    var milliseconds: Int64
    var ease: Int
  }

  var notes: [Note] = []
  /// The ids of the Cloze note types; `nil` when the collection does not say which are
  /// (its note types cannot be read).
  var clozeTypes: Set<Int64>?
  var reviews: [Review] = []
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
    try database.rows("SELECT id, mid, flds FROM notes ORDER BY id") { row in
      notes.append(
        Note(
          id: row.integer(0), type: row.integer(1),
          fields: (row.text(2) ?? "").split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)))
      return true
    }
    clozeTypes = try Self.clozeTypes(in: database)
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
      } else {
        reviews.append(Review(note: row.integer(1), ord: row.integer(2), milliseconds: row.integer(0), ease: ease))
      }
      return true
    }
  }

  /// The Cloze note types: schema 18's `notetypes` table (its `config`, Anki's
  /// `NotetypeConfig` protobuf message, says `kind = 1` for a cloze), else the legacy
  /// `col.models` JSON (`"type": 1`); `nil` when neither can be read.
  private static func clozeTypes(in database: AnkiDatabase) throws(AnkiProblem) -> Set<Int64>? {
    if try database.kind(of: "notetypes") == "table" {
      var types: Set<Int64> = []
      var readable = true
      try database.rows("SELECT id, config FROM notetypes") { row in
        var reader = ProtobufReader(row.bytes(1)[...])
        var kind: UInt64 = 0
        do {
          while let field = try reader.next() {
            if field.number == 1, case .varint(let value) = field.value { kind = value }
          }
        } catch {
          readable = false
          return false
        }
        if kind == 1 { types.insert(row.integer(0)) }
        return true
      }
      return readable ? types : nil
    }
    guard try database.kind(of: "col") == "table" else { return nil }
    var models: [UInt8] = []
    try database.rows("SELECT models FROM col") { row in
      models = row.bytes(0)
      return false
    }
    guard let json = try? JSONParser.parse(models), case .object(let members) = json else { return nil }
    var types: Set<Int64> = []
    for (key, model) in members {
      if case .number(let type)? = model["type"], type.value == 1, let id = Int64(key) { types.insert(id) }
    }
    return types
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
