import QRQuiz

/// Anki's package (.apkg), a zip archive read through ``ZipArchive`` and its limits, in
/// either of Anki's layouts: the legacy one (`collection.anki2`, or `collection.anki21`
/// since Anki 2.1, SQLite as it is; `media` a JSON map from each file's number in the zip
/// to its name; the files stored as they are) and the one Anki 2.1.50 and later export
/// (`collection.anki21b` and `media` compressed with zstd, `media` a protobuf list of
/// entries whose place is the file's number; each file zstd-compressed; a
/// `collection.anki2` beside them that only says to update Anki, so never read when the
/// newer one is there).
struct AnkiPackage {
  /// The collection's part and whether the package is in the newer, zstd layout.
  let collectionPart: String
  let isCompressed: Bool
  private let archive: ZipArchive

  /// Whether `archive` holds an Anki collection.
  static func isPackage(_ archive: ZipArchive) -> Bool {
    ["collection.anki21b", "collection.anki21", "collection.anki2"].contains { archive.entry($0) != nil }
  }

  init(_ archive: ZipArchive) throws(AnkiProblem) {
    self.archive = archive
    if archive.entry("collection.anki21b") != nil {
      (collectionPart, isCompressed) = ("collection.anki21b", true)
    } else if archive.entry("collection.anki21") != nil {
      (collectionPart, isCompressed) = ("collection.anki21", false)
    } else if archive.entry("collection.anki2") != nil {
      (collectionPart, isCompressed) = ("collection.anki2", false)
    } else {
      throw .noCollection
    }
  }

  /// The collection's SQLite bytes.
  func collection() throws(TopicImporter.Error) -> [UInt8] {
    try part(collectionPart) ?? []
  }

  /// Each media file's name and its entry in the zip, checked: every name a plain file
  /// name, so nothing the package names can be written or read outside a folder.
  func media() throws(TopicImporter.Error) -> [String: String] {
    guard let bytes = try part("media") else { return [:] }
    var files: [String: String] = [:]
    let entries: [(name: String, zipName: String)]
    do {
      entries = try isCompressed ? AnkiMediaList.entries(protobuf: bytes) : AnkiMediaList.entries(json: bytes)
    } catch {
      throw .anki(error)
    }
    for entry in entries {
      guard Self.isPlainName(entry.name) else { throw .anki(.mediaNameOutside(entry.name)) }
      files[entry.name] = entry.zipName
    }
    return files
  }

  /// The bytes of media file `zipName` (decompressed in the newer layout), at most `limit`.
  func mediaFile(_ zipName: String, limit: Int) throws(TopicImporter.Error) -> [UInt8]? {
    guard let entry = archive.entry(zipName) else { return nil }
    let stored: [UInt8]
    do {
      stored = try archive.contents(of: entry)
    } catch {
      throw .archive(error)
    }
    guard isCompressed else { return stored }
    do {
      return try Zstd.decompress(stored, limit: limit)
    } catch {
      throw .anki(.zstd(part: "media file \(zipName)", error))
    }
  }

  /// A part of the package, inflated, and decompressed in the newer layout.
  private func part(_ path: String) throws(TopicImporter.Error) -> [UInt8]? {
    let stored: [UInt8]?
    do {
      stored = try archive.contents(of: path)
    } catch {
      throw .archive(error)
    }
    guard let stored, isCompressed else { return stored }
    do {
      return try Zstd.decompress(stored, limit: ZipArchive.maximumEntrySize)
    } catch {
      throw .anki(.zstd(part: path, error))
    }
  }

  /// A name of one path component that stays in its folder, as Anki's own
  /// `filename_is_safe` wants: no separator, not `.` or `..`, no drive, no NUL.
  static func isPlainName(_ name: String) -> Bool {
    !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\\")
      && !name.contains("\0") && !(name.count >= 2 && name.dropFirst().first == ":")
  }
}
