import Foundation

/// What the cache knows about one stored image: where it came from and the HTTP facts
/// that decide when it must be asked for again.
public struct CacheMetadata: Sendable, Codable, Hashable {
  /// The URL the body came from.
  public var url: String
  /// The key's source (the URL, or the override).
  public var keySource: String
  /// When the body was received (or last revalidated).
  public var storedAt: Date
  /// Until when it may be used without asking the server; `nil` means ask every time.
  public var freshUntil: Date?
  /// The `ETag`, for `If-None-Match`.
  public var etag: String?
  /// The `Last-Modified`, for `If-Modified-Since`.
  public var lastModified: String?
  /// The body's length in bytes.
  public var size: Int
  /// The image format sniffed from the bytes (`png`, `jpeg`, `gif`, `webp`).
  public var format: String

  package init(
    url: String, keySource: String, storedAt: Date, freshUntil: Date?, etag: String?, lastModified: String?,
    size: Int, format: String
  ) {
    self.url = url
    self.keySource = keySource
    self.storedAt = storedAt
    self.freshUntil = freshUntil
    self.etag = etag
    self.lastModified = lastModified
    self.size = size
    self.format = format
  }

  /// Whether the entry may be used now without a request.
  public func isFresh(at now: Date) -> Bool { freshUntil.map { now < $0 } ?? false }
}

/// An entry read from the cache.
public struct CacheEntry: Sendable {
  /// Its metadata.
  public var metadata: CacheMetadata
  /// The image bytes, verified against the stored length.
  public var body: [UInt8]

  package init(metadata: CacheMetadata, body: [UInt8]) {
    self.metadata = metadata
    self.body = body
  }
}

/// The on-disk form of an entry: one file, so a rename publishes body and metadata
/// together and no reader ever sees one without the other.
///
///     "QRQC1\n" | metadata length (4 bytes, big-endian) | metadata JSON | body
package enum CacheEntryFile {
  static let magic = Array("QRQC1\n".utf8)
  /// Metadata larger than this is not ours.
  static let maximumMetadataSize = 64 * 1024

  static func encode(_ entry: CacheEntry) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .secondsSince1970
    // JSONEncoder fails only on non-finite numbers, and the metadata's dates are finite.
    let metadata = Array(try! encoder.encode(entry.metadata))
    let length = UInt32(metadata.count)
    return magic + (0..<4).map { UInt8(truncatingIfNeeded: length >> (24 - 8 * $0)) } + metadata + entry.body
  }

  /// The entry in `bytes`, or `nil` when the file is not a complete, consistent entry.
  package static func decode(_ bytes: [UInt8]) -> CacheEntry? {
    guard bytes.count >= magic.count + 4, bytes.starts(with: magic) else { return nil }
    let lengthStart = magic.count
    let length = (0..<4).reduce(0) { $0 << 8 | Int(bytes[lengthStart + $1]) }
    let metadataStart = lengthStart + 4
    guard length <= maximumMetadataSize, metadataStart + length <= bytes.count else { return nil }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    guard
      let metadata = try? decoder.decode(CacheMetadata.self, from: Data(bytes[metadataStart..<metadataStart + length]))
    else { return nil }
    let body = Array(bytes[(metadataStart + length)...])
    guard body.count == metadata.size else { return nil }
    return CacheEntry(metadata: metadata, body: body)
  }
}
