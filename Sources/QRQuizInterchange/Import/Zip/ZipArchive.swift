import QRQuiz

/// A zip archive (PKWARE's APPNOTE) read from memory as a stranger may have made it: its
/// central directory read with every count and size bounded, an entry inflated only when
/// asked for, through zlib, and stopped at ``maximumEntrySize`` whatever its header says (a
/// zip bomb costs that and no more), its CRC-32 checked. Stored and deflated entries; no
/// encryption, no zip64 (an xlsx or a QTI package is far smaller than 4 GiB). A name that
/// would leave the archive's folder (`../x`, `/etc/x`, `C:\x`) is refused: nothing
/// refers to a file outside it.
struct ZipArchive {
  /// The most entries an archive may list.
  static let maximumEntries = 10_000
  /// The most bytes one entry may inflate to.
  static let maximumEntrySize = 64 << 20
  /// The most bytes all the entries read from one archive may inflate to.
  static let maximumTotalSize = 128 << 20
  /// The longest name of an entry.
  static let maximumNameLength = 1024

  /// An entry of the central directory.
  struct Entry: Sendable, Hashable {
    /// Its path in the archive, `/`-separated (`xl/worksheets/sheet1.xml`).
    var path: String
    var method: UInt16
    var crc: UInt32
    var compressedSize: Int
    var size: Int
    var localHeader: Int
  }

  private let bytes: [UInt8]
  /// The entries, in the central directory's order.
  let entries: [Entry]
  private let byPath: [String: Int]
  /// Bytes inflated so far, against ``maximumTotalSize``.
  private var inflated = Counter()

  /// Reads the central directory of `bytes`.
  ///
  /// - Throws: ``ZipProblem``.
  init(_ bytes: [UInt8]) throws(ZipProblem) {
    self.bytes = bytes
    let end = try Self.endRecord(bytes)
    let count = Int(bytes.uint16(at: end + 10))
    let directorySize = Int(bytes.uint32(at: end + 12))
    let directoryOffset = Int(bytes.uint32(at: end + 16))
    guard bytes.uint16(at: end + 4) == 0, bytes.uint16(at: end + 6) == 0 else { throw .multipleDisks }
    guard count != 0xFFFF, directoryOffset != 0xFFFF_FFFF else { throw .zip64 }
    guard count <= Self.maximumEntries else { throw .tooManyEntries(limit: Self.maximumEntries) }
    guard directoryOffset + directorySize <= end else { throw .corrupt("the central directory is outside the file") }
    var entries: [Entry] = []
    var byPath: [String: Int] = [:]
    var position = directoryOffset
    for _ in 0..<count {
      guard position + 46 <= end, bytes.uint32(at: position) == 0x0201_4B50 else {
        throw .corrupt("the central directory is cut short")
      }
      let flags = bytes.uint16(at: position + 8)
      let nameLength = Int(bytes.uint16(at: position + 28))
      let extraLength = Int(bytes.uint16(at: position + 30))
      let commentLength = Int(bytes.uint16(at: position + 32))
      guard nameLength <= Self.maximumNameLength, position + 46 + nameLength <= end else {
        throw .corrupt("an entry's name is too long")
      }
      let path = String(decoding: bytes[(position + 46)..<(position + 46 + nameLength)], as: UTF8.self)
      guard Self.staysInside(path) else { throw .pathOutside(path) }
      guard flags & 1 == 0 else { throw .encrypted(path) }
      guard byPath[path] == nil else { throw .corrupt("'\(path)' is in the archive twice") }
      let entry = Entry(
        path: path, method: bytes.uint16(at: position + 10), crc: bytes.uint32(at: position + 16),
        compressedSize: Int(bytes.uint32(at: position + 20)), size: Int(bytes.uint32(at: position + 24)),
        localHeader: Int(bytes.uint32(at: position + 42)))
      byPath[path] = entries.count
      entries.append(entry)
      position += 46 + nameLength + extraLength + commentLength
    }
    self.entries = entries
    self.byPath = byPath
  }

  /// The entry at `path`, if the archive has one (exactly that name).
  func entry(_ path: String) -> Entry? { byPath[path].map { entries[$0] } }

  /// The inflated bytes of `entry`, checked against its CRC-32.
  ///
  /// - Throws: ``ZipProblem``: corrupt, a method other than stored or deflated, or more
  ///   than ``maximumEntrySize`` bytes (or than what is left of ``maximumTotalSize``).
  func contents(of entry: Entry) throws(ZipProblem) -> [UInt8] {
    let header = entry.localHeader
    guard header + 30 <= bytes.count, bytes.uint32(at: header) == 0x0403_4B50 else {
      throw .corrupt("'\(entry.path)' has no local header")
    }
    let start = header + 30 + Int(bytes.uint16(at: header + 26)) + Int(bytes.uint16(at: header + 28))
    guard start + entry.compressedSize <= bytes.count else { throw .corrupt("'\(entry.path)' is cut short") }
    let data = Array(bytes[start..<(start + entry.compressedSize)])
    let limit = min(Self.maximumEntrySize, Self.maximumTotalSize - inflated.value)
    let output: [UInt8]
    switch entry.method {
    case 0: output = data
    case 8:
      let result = Zlib.inflateRaw(data, limit: limit)
      if result.tooLarge { throw .tooLarge(entry.path, limit: limit) }
      guard let bytes = result.bytes else { throw .corrupt("'\(entry.path)' does not inflate") }
      output = bytes
    default: throw .unsupportedMethod(entry.path, method: Int(entry.method))
    }
    guard output.count <= limit else { throw .tooLarge(entry.path, limit: limit) }
    guard output.count == entry.size, Zlib.crc32(output) == entry.crc else {
      throw .corrupt("'\(entry.path)' fails its checksum")
    }
    inflated.value += output.count
    return output
  }

  /// Reads `path`'s bytes; `nil` when the archive has no such entry.
  func contents(of path: String) throws(ZipProblem) -> [UInt8]? {
    guard let entry = entry(path) else { return nil }
    return try contents(of: entry)
  }

  /// A relative path of names: no empty, `.` or `..` part, no `\`, no drive letter.
  static func staysInside(_ path: String) -> Bool {
    guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\\"), !path.contains("\0") else { return false }
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    for (index, part) in parts.enumerated() {
      // A folder's own entry ends with "/": its last part is empty.
      if part.isEmpty, index == parts.count - 1, index > 0 { continue }
      if part.isEmpty || part == "." || part == ".." { return false }
      if index == 0, part.count == 2, part.last == ":" { return false }
    }
    return true
  }

  /// Where the end of central directory record starts: its signature, searched back from
  /// the end over at most the longest comment it may have.
  private static func endRecord(_ bytes: [UInt8]) throws(ZipProblem) -> Int {
    guard bytes.count >= 22 else { throw .notZip }
    let lowest = max(0, bytes.count - 22 - 0xFFFF)
    var position = bytes.count - 22
    while position >= lowest {
      if bytes.uint32(at: position) == 0x0605_4B50 { return position }
      position -= 1
    }
    throw .notZip
  }
}

/// The running count of bytes an archive has inflated (a class, so the archive's reads
/// stay non-mutating and the count is shared by the reads of one archive).
private final class Counter {
  var value = 0
}

/// Why a zip archive is not read.
public enum ZipProblem: Error, Sendable, Hashable, CustomStringConvertible {
  /// Not a zip archive: no end of central directory.
  case notZip
  /// Broken: what was found.
  case corrupt(String)
  /// More entries than the limit.
  case tooManyEntries(limit: Int)
  /// An entry that inflates to more than the limit (a zip bomb).
  case tooLarge(String, limit: Int)
  /// An entry's name that leaves the archive's folder.
  case pathOutside(String)
  /// An encrypted entry.
  case encrypted(String)
  /// A compression other than stored or deflated.
  case unsupportedMethod(String, method: Int)
  /// A zip64 archive.
  case zip64
  /// An archive split over several disks.
  case multipleDisks

  public var description: String {
    switch self {
    case .notZip: "not a zip archive, or one cut short (it has no central directory)"
    case .corrupt(let what): "a broken zip archive: \(what)"
    case .tooManyEntries(let limit): "the archive lists more than \(limit) files"
    case .tooLarge(let path, let limit):
      "'\(path)' in the archive unpacks to more than \(limit / (1 << 20)) MiB (a zip bomb?)"
    case .pathOutside(let path): "the archive names a file outside itself: '\(path)'"
    case .encrypted(let path): "'\(path)' in the archive is encrypted"
    case .unsupportedMethod(let path, let method):
      "'\(path)' in the archive is compressed by method \(method), not deflate"
    case .zip64: "a zip64 archive (over 4 GiB or 65,535 files) is not read"
    case .multipleDisks: "an archive split over several disks is not read"
    }
  }
}

extension [UInt8] {
  /// The little-endian 16-bit number at `offset` (0 past the end).
  fileprivate func uint16(at offset: Int) -> UInt16 {
    guard offset >= 0, offset + 2 <= count else { return 0 }
    return UInt16(self[offset]) | UInt16(self[offset + 1]) << 8
  }

  /// The little-endian 32-bit number at `offset` (0 past the end).
  fileprivate func uint32(at offset: Int) -> UInt32 {
    UInt32(uint16(at: offset)) | UInt32(uint16(at: offset + 2)) << 16
  }
}
