/// Names cache entries: 32 hex digits from two 64-bit FNV-1a hashes of the URL (or of the
/// caller's key override, for URLs carrying changing tokens). Entries also store their
/// URL, and a read checks it, so a hash collision is a miss, never a wrong image.
package struct CacheKey: Sendable, Hashable, CustomStringConvertible {
  /// The file-name-safe hash.
  package let hash: String
  /// What was hashed: the URL, or the override.
  package let source: String

  /// The key for `source`.
  package init(_ source: String) {
    self.source = source
    let bytes = Array(source.utf8)
    hash =
      Self.hex(Self.fnv1a(bytes, basis: 0xCBF2_9CE4_8422_2325))
      + Self.hex(Self.fnv1a(bytes.reversed(), basis: 0x8422_2325_CBF2_9CE4))
  }

  package var description: String { hash }

  private static func fnv1a(_ bytes: some Sequence<UInt8>, basis: UInt64) -> UInt64 {
    var hash = basis
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }

  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
