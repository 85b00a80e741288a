/// Why an Anki package (.apkg) is not read: each said in one line naming the part of the
/// package and what is wrong with it.
public enum AnkiProblem: Error, Sendable, Hashable, CustomStringConvertible {
  /// Not a zip archive at all.
  case notZip
  /// A zip archive with no collection in it.
  case noCollection
  /// The collection is not an SQLite database.
  case notSQLite(part: String)
  /// SQLite refuses the collection (broken pages, an unknown table …): its words.
  case database(part: String, String)
  /// A table the import reads is missing.
  case missingTable(part: String, table: String)
  /// A name the import reads is a view or something else than a table.
  case notATable(part: String, name: String, kind: String)
  /// More notes than one import reads.
  case tooManyNotes(count: Int, limit: Int)
  /// More cards than one import reads.
  case tooManyCards(count: Int, limit: Int)
  /// A longer review history than one import reads.
  case tooManyReviews(count: Int, limit: Int)
  /// The collection's statements took more of SQLite's steps than a collection of the
  /// largest size allowed needs.
  case tooMuchWork(part: String)
  /// A zstd-compressed part that does not decompress, or would be larger than allowed.
  case zstd(part: String, ZstdProblem)
  /// The media list is not what Anki writes.
  case mediaList(String)
  /// A media file's name that is not a plain name in the media folder (`../x`, `a/b`).
  case mediaNameOutside(String)

  public var description: String {
    switch self {
    case .notZip: "not an Anki package (.apkg): not a zip archive"
    case .noCollection:
      "a zip archive with no collection.anki2, collection.anki21 or collection.anki21b: not an Anki package (.apkg)"
    case .notSQLite(let part): "\(part) in the package is not an SQLite database: not an Anki collection"
    case .database(let part, let message): "\(part) in the package cannot be read: \(message)"
    case .missingTable(let part, let table): "\(part) in the package has no '\(table)' table: not an Anki collection"
    case .notATable(let part, let name, let kind):
      "'\(name)' in \(part) is a \(kind), not a table: not a collection Anki writes"
    case .tooManyNotes(let count, let limit):
      "the deck has \(count) notes, more than the \(limit) one import reads; export a smaller deck from Anki"
    case .tooManyCards(let count, let limit):
      "the deck has \(count) cards, more than the \(limit) one import reads; export a smaller deck from Anki"
    case .tooManyReviews(let count, let limit):
      "the deck's review history has \(count) reviews, more than the \(limit) one import reads; "
        + "export it from Anki without scheduling information"
    case .tooMuchWork(let part):
      "\(part) in the package takes more work to read than any collection of the size allowed: not read"
    case .zstd(let part, .corrupt(let reason)): "\(part) in the package does not decompress (zstd: \(reason))"
    case .zstd(let part, .tooLarge(let declared?, let limit)):
      "\(part) in the package says it unpacks to \(declared) bytes, over the \(limit / (1 << 20)) MiB allowed"
    case .zstd(let part, .tooLarge(nil, let limit)):
      "\(part) in the package unpacks to more than \(limit / (1 << 20)) MiB (a zstd bomb?)"
    case .mediaList(let reason): "the package's media list cannot be read: \(reason)"
    case .mediaNameOutside(let name):
      "the package's media list names a file outside the media folder: '\(name)'"
    }
  }
}
