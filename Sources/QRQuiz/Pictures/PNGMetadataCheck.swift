/// A look at a PNG's compressed metadata before it is decoded: text (`zTXt`, compressed
/// `iTXt`) and colour profiles (`iCCP`) are dropped from a picture anyway, so one that
/// inflates past ``limit`` is a decompression bomb, not a photo's caption.
enum PNGMetadataCheck {
  /// The most one compressed metadata chunk may inflate to.
  static let limit = 1 << 20
  /// Chunks looked at, at most (a file of a million empty chunks is not a picture either).
  static let chunkLimit = 10_000

  /// Why `png` is refused, or `nil`.
  static func problem(in png: [UInt8]) -> String? {
    var offset = 8
    var chunks = 0
    while offset + 12 <= png.count, chunks < chunkLimit {
      chunks += 1
      let length =
        Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
      let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
      let start = offset + 8
      guard length >= 0, start + length + 4 <= png.count else { return nil }  // the decoder says what is cut
      if let compressed = compressedPart(type: type, data: Array(png[start..<(start + length)])) {
        do {
          _ = try Zlib.inflate(compressed, limit: limit)
        } catch {
          if case .tooLarge = error {
            return "its \(type) chunk inflates to more than \(limit >> 20) MiB: a decompression bomb"
          }
        }
      }
      if type == "IEND" { return nil }
      offset = start + length + 4
    }
    return chunks >= chunkLimit ? "more than \(chunkLimit) chunks" : nil
  }

  /// The zlib stream inside a metadata chunk, when it holds one.
  private static func compressedPart(type: String, data: [UInt8]) -> [UInt8]? {
    guard let keywordEnd = data.firstIndex(of: 0) else { return nil }
    switch type {
    case "zTXt", "iCCP":
      // keyword, NUL, compression method, stream.
      return keywordEnd + 2 <= data.count ? Array(data[(keywordEnd + 2)...]) : nil
    case "iTXt":
      // keyword, NUL, compressed?, method, language, NUL, translated keyword, NUL, text.
      guard keywordEnd + 3 <= data.count, data[keywordEnd + 1] == 1 else { return nil }
      var position = keywordEnd + 3
      for _ in 0..<2 {
        guard let end = data[position...].firstIndex(of: 0) else { return nil }
        position = end + 1
      }
      return Array(data[position...])
    default:
      return nil
    }
  }
}
