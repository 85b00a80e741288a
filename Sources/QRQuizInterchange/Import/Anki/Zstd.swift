import CZstd

/// zstd-compressed bytes (Anki's newer packages: `collection.anki21b`, the media list and
/// each media file) decompressed as a stranger may have made them: to at most `limit`
/// bytes whatever the frame says, a frame that says it holds more refused before any work,
/// and one that holds other than it says refused when it ends (libzstd checks the declared
/// size against what it produced). The decoder's window is held to the limit too, so a
/// frame cannot make it allocate more than the output may be.
enum Zstd {
  typealias Problem = ZstdProblem

  /// `bytes` decompressed: every frame, one after another.
  ///
  /// - Throws: ``Problem``.
  static func decompress(_ bytes: [UInt8], limit: Int) throws(Problem) -> [UInt8] {
    let declared = bytes.withUnsafeBytes { ZSTD_getFrameContentSize($0.baseAddress, $0.count) }
    if declared == CZstd_contentSizeError() { throw .corrupt("not zstd data") }
    if declared != CZstd_contentSizeUnknown(), declared > UInt64(limit) {
      throw .tooLarge(declared: Int(clamping: declared), limit: limit)
    }
    // The size a single frame declares binds what it may produce: more is a lie, refused
    // as soon as it shows rather than when the frame ends.
    let singleFrame = bytes.withUnsafeBytes { ZSTD_findFrameCompressedSize($0.baseAddress, $0.count) } == bytes.count
    let exact: Int? = singleFrame && declared != CZstd_contentSizeUnknown() ? Int(declared) : nil
    guard let context = ZSTD_createDCtx() else { throw .corrupt("out of memory") }
    defer { ZSTD_freeDCtx(context) }
    // A window no larger than the output may be (at least zstd's smallest, 1 KiB).
    let windowLog = max(10, Int.bitWidth - max(limit, 1).leadingZeroBitCount)
    _ = ZSTD_DCtx_setParameter(context, ZSTD_d_windowLogMax, Int32(min(windowLog, 31)))
    var output: [UInt8] = []
    output.reserveCapacity(min(limit, declared == CZstd_contentSizeUnknown() ? 1 << 20 : Int(declared)))
    var chunk = [UInt8](repeating: 0, count: ZSTD_DStreamOutSize())
    var remaining: Int = 0
    let failure = bytes.withUnsafeBytes { (source: UnsafeRawBufferPointer) -> Problem? in
      var input = ZSTD_inBuffer(src: source.baseAddress, size: source.count, pos: 0)
      repeat {
        let (result, produced) = chunk.withUnsafeMutableBytes { target in
          var out = ZSTD_outBuffer(dst: target.baseAddress, size: target.count, pos: 0)
          let result = ZSTD_decompressStream(context, &out, &input)
          return (result, out.pos)
        }
        if ZSTD_isError(result) != 0 { return .corrupt(String(cString: ZSTD_getErrorName(result))) }
        guard output.count + produced <= limit else { return .tooLarge(declared: nil, limit: limit) }
        if let exact, output.count + produced > exact {
          return .corrupt("the frame holds more than the \(exact) bytes it declares")
        }
        output.append(contentsOf: chunk[0..<produced])
        remaining = result
        // Done when the input is read and the last frame ended (result 0); a frame cut
        // short leaves input read and a frame open.
        if input.pos == input.size, produced < chunk.count { return nil }
      } while true
    }
    if let failure { throw failure }
    guard remaining == 0 else { throw .corrupt("the data is cut short") }
    if let exact, output.count != exact {
      throw .corrupt("the frame holds \(output.count) bytes, not the \(exact) it declares")
    }
    return output
  }
}

/// Why zstd bytes are not decompressed.
public enum ZstdProblem: Error, Sendable, Hashable {
  /// Not a zstd frame, or a broken one (libzstd's words, or what was found).
  case corrupt(String)
  /// The frame declares `declared` bytes, or produced more than `limit` before it ended.
  case tooLarge(declared: Int?, limit: Int)
}
