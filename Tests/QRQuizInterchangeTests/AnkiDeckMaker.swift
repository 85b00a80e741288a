import CSQLite
import CZstd
import Foundation
import QRQuizTestSupport

@testable import QRQuiz
@testable import QRQuizInterchange

/// Anki decks made in the test, with real SQLite and real zstd, for what a stranger could
/// send: the tables of Anki's schema the importer reads (notes, cards, revlog), or others
/// in their place, zipped as Anki zips them.
enum AnkiDeckMaker {
  /// Anki's legacy tables, as rslib/src/storage/schema11.sql has them.
  static let schema = """
    CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL,
      usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL, sfld integer NOT NULL, csum integer NOT NULL,
      flags integer NOT NULL, data text NOT NULL);
    CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL,
      mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL,
      due integer NOT NULL, ivl integer NOT NULL, factor integer NOT NULL, reps integer NOT NULL,
      lapses integer NOT NULL, left integer NOT NULL, odue integer NOT NULL, odid integer NOT NULL,
      flags integer NOT NULL, data text NOT NULL);
    CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL,
      ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL, time integer NOT NULL,
      type integer NOT NULL);
    """

  /// A collection made by `script` (after `schema` unless `withSchema` is false): its file's bytes.
  static func collection(_ script: String, withSchema: Bool = true) throws -> [UInt8] {
    let folder = try TemporaryDirectory()
    let path = folder.url.appendingPathComponent("collection.anki2").path
    var database: OpaquePointer?
    guard sqlite3_open(path, &database) == SQLITE_OK, let database else { throw MakerError.sqlite("open") }
    var message: UnsafeMutablePointer<CChar>?
    let status = sqlite3_exec(database, (withSchema ? schema : "") + script, nil, nil, &message)
    let problem = message.map { String(cString: $0) }
    sqlite3_free(message)
    sqlite3_close(database)
    guard status == SQLITE_OK else { throw MakerError.sqlite(problem ?? "exec") }
    return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// `count` notes `Question N` / `Answer N`, each with its card.
  static func notes(_ count: Int) -> String {
    """
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
    INSERT INTO notes SELECT i, 'g' || i, 1, 0, 0, '', 'Question ' || i || char(31) || 'Answer ' || i, '', 0, 0, ''
      FROM n;
    INSERT INTO cards SELECT id, id, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, '' FROM notes;
    """
  }

  /// A legacy package: `collection` as `collection.anki2`, `media` as its JSON map, `files`.
  static func package(_ collection: [UInt8], media: String = "{}", files: [(String, [UInt8])] = []) -> [UInt8] {
    var zip = ZipWriter()
    zip.add("collection.anki2", collection)
    zip.add("media", Array(media.utf8))
    for (name, bytes) in files { zip.add(name, bytes) }
    return zip.bytes
  }

  /// A package in Anki's newer layout: `collection` zstd-compressed as `collection.anki21b`.
  static func newerPackage(compressedCollection: [UInt8]) -> [UInt8] {
    var zip = ZipWriter()
    zip.add("collection.anki21b", compressedCollection)
    zip.add("media", compress([]))
    zip.add("meta", [0x08, 0x03])
    return zip.bytes
  }

  /// `bytes` in one zstd frame that declares its size.
  static func compress(_ bytes: [UInt8]) -> [UInt8] {
    var output = [UInt8](repeating: 0, count: ZSTD_compressBound(bytes.count))
    let written = output.withUnsafeMutableBytes { target in
      bytes.withUnsafeBytes { ZSTD_compress(target.baseAddress, target.count, $0.baseAddress, $0.count, 3) }
    }
    precondition(ZSTD_isError(written) == 0)
    return Array(output[0..<written])
  }

  /// `bytes` in one zstd frame that does not say its size.
  static func withoutDeclaredSize(_ bytes: [UInt8]) -> [UInt8] {
    let context = ZSTD_createCCtx()
    defer { ZSTD_freeCCtx(context) }
    _ = ZSTD_CCtx_setParameter(context, ZSTD_c_contentSizeFlag, 0)
    var output = [UInt8](repeating: 0, count: ZSTD_compressBound(bytes.count))
    let written = output.withUnsafeMutableBytes { target in
      bytes.withUnsafeBytes { ZSTD_compress2(context, target.baseAddress, target.count, $0.baseAddress, $0.count) }
    }
    precondition(ZSTD_isError(written) == 0)
    return Array(output[0..<written])
  }

  /// `frame` with its declared content size replaced by `size` (zstd's frame header, RFC
  /// 8878 §3.1.1.1: the descriptor's size flag, single segment flag and dictionary id flag
  /// say where the size field is and how wide).
  static func declaring(_ size: UInt64, in frame: [UInt8]) -> [UInt8] {
    let descriptor = frame[4]
    let sizeFlag = Int(descriptor >> 6)
    let singleSegment = descriptor & 0x20 != 0
    let dictionaryBytes = [0, 1, 2, 4][Int(descriptor & 3)]
    let width = [singleSegment ? 1 : 0, 2, 4, 8][sizeFlag]
    precondition(width == 4 || width == 8, "make the frame large enough to need a 4-byte size field")
    let offset = 5 + (singleSegment ? 0 : 1) + dictionaryBytes
    var patched = frame
    for index in 0..<width { patched[offset + index] = UInt8(truncatingIfNeeded: size >> (8 * UInt64(index))) }
    return patched
  }

  enum MakerError: Error { case sqlite(String) }
}
