/// The compact multi-symbol form of a topic (docs/FORMAT.md): its JSON compressed with
/// zlib, identified and checked by the CRC-32 of the compressed bytes, split into parts
/// that each fit one QR symbol in alphanumeric mode.
package enum CompactPayload {
  /// Why a payload could not be split.
  package enum SplitError: Error, Sendable, Hashable {
    /// More parts than ``CompactPart/maximumCount`` would be needed.
    case tooManyParts(needed: Int)
    /// A symbol holds fewer characters than a part's header.
    case symbolTooSmall(capacity: Int)
  }

  /// Compresses `json` and splits it into as few parts as symbols of `capacity`
  /// alphanumeric characters allow, with the bytes spread evenly so the symbols have
  /// similar sizes.
  ///
  /// - Throws: ``SplitError``.
  package static func split(json: [UInt8], symbolCapacity capacity: Int) throws(SplitError) -> [CompactPart] {
    let compressed = Zlib.compress(json)
    let id = Zlib.crc32(compressed)
    for candidate in 1...CompactPart.maximumCount {
      // Every part but the last holds an even number of bytes, so each part's base45
      // stands alone (pairs of bytes become three characters).
      var perPart = (compressed.count + candidate - 1) / candidate
      perPart += perPart % 2
      // Rounding up to even can leave fewer parts than the candidate count.
      let count = (compressed.count + perPart - 1) / perPart
      let headerLength = CompactPart.header(id: id, index: count, count: count).utf8.count
      guard headerLength < capacity else { throw .symbolTooSmall(capacity: capacity) }
      guard headerLength + Base45.encodedLength(of: perPart) <= capacity else { continue }
      return (0..<count).map { index in
        let start = index * perPart
        let end = min(start + perPart, compressed.count)
        return CompactPart(id: id, index: index + 1, count: count, data: Array(compressed[start..<end]))
      }
    }
    let perSymbol = (capacity - CompactPart.header(id: id, index: 99, count: 99).utf8.count) / 3 * 2
    throw .tooManyParts(needed: (compressed.count + perSymbol - 1) / max(perSymbol, 1))
  }
}
