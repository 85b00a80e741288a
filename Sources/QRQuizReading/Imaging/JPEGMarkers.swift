/// What a JPEG file declares in its markers, read from the bytes alone before libjpeg
/// decodes anything. A progressive JPEG's every scan costs libjpeg a pass over every
/// block, so a file of ten thousand tiny scans costs it minutes; counted here in one pass
/// over the bytes, such a file is refused before any decoding work, at the same point
/// however fast or busy the machine is.
enum JPEGMarkers {
  /// The scans (SOS markers) of the image in `bytes`, counted up to `limit` + 1: more than
  /// `limit` is all a caller needs to know. Markers that break off (a truncated or corrupt
  /// file) are counted as far as they go; libjpeg then says what is wrong with the rest.
  static func scanCount(in bytes: [UInt8], stoppingAfter limit: Int) -> Int {
    bytes.withUnsafeBufferPointer { bytes in
      var scans = 0
      var index = 2  // past the start of image, FF D8
      while scans <= limit {
        // A marker: FF, any fill bytes FF, then its code.
        guard index < bytes.count, bytes[index] == 0xFF else { return scans }
        while index < bytes.count, bytes[index] == 0xFF { index += 1 }
        guard index < bytes.count else { return scans }
        let code = bytes[index]
        index += 1
        if code == 0xD9 { return scans }  // end of image
        if code == 0x01 || (0xD0...0xD7).contains(code) { continue }  // markers without a segment
        guard index + 1 < bytes.count else { return scans }
        let length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
        guard length >= 2 else { return scans }
        index += length
        if code == 0xDA {
          scans += 1
          index = endOfEntropyCodedData(bytes, from: index)
        }
      }
      return scans
    }
  }

  /// Where the compressed data of a scan starting at `start` ends: at the next marker, an
  /// FF followed by neither a stuffed 00 nor a restart marker (D0–D7).
  private static func endOfEntropyCodedData(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var index = start
    while index + 1 < bytes.count {
      guard bytes[index] == 0xFF else {
        index += 1
        continue
      }
      let next = bytes[index + 1]
      if next == 0x00 || (0xD0...0xD7).contains(next) {
        index += 2
      } else if next == 0xFF {
        index += 1  // a fill byte before the marker
      } else {
        return index
      }
    }
    return bytes.count
  }
}
