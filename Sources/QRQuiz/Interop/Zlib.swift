internal import CZlib

/// zlib-format compression, bounded decompression and CRC-32, from the system zlib.
package enum Zlib {
  /// Why data did not inflate.
  enum InflateError: Error, Sendable, Hashable {
    /// The output would exceed the limit: refused rather than inflated (a zip bomb).
    case tooLarge(limit: Int)
    /// The stream is corrupt, truncated or fails its Adler-32 check; zlib's message.
    case corrupt(String)
  }

  /// Compresses at level 9: payloads are small and every byte saved is QR area.
  package static func compress(_ bytes: [UInt8]) -> [UInt8] {
    var capacity = compressBound(uLong(bytes.count))
    var output = [UInt8](repeating: 0, count: Int(capacity))
    let status = output.withUnsafeMutableBufferPointer { output in
      bytes.withUnsafeBufferPointer { input in
        compress2(output.baseAddress, &capacity, input.baseAddress, uLong(input.count), 9)
      }
    }
    // compressBound guarantees room, so only memory exhaustion could fail here.
    precondition(status == Z_OK, "compress2 failed with \(status)")
    output.removeSubrange(Int(capacity)...)
    return output
  }

  /// `bytes` in the gzip format (RFC 1952), for `Content-Encoding: gzip`.
  package static func gzip(_ bytes: [UInt8]) -> [UInt8] {
    var stream = z_stream()
    precondition(qrquiz_gzip_init(&stream, 9) == Z_OK, "deflateInit2 failed")
    defer { deflateEnd(&stream) }
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 32)
    var input = bytes
    let status = input.withUnsafeMutableBufferPointer { input in
      output.withUnsafeMutableBufferPointer { output in
        stream.next_in = input.baseAddress
        stream.avail_in = uInt(input.count)
        stream.next_out = output.baseAddress
        stream.avail_out = uInt(output.count)
        return deflate(&stream, Z_FINISH)
      }
    }
    // deflateBound guarantees room for one Z_FINISH call.
    precondition(status == Z_STREAM_END, "deflate failed with \(status)")
    output.removeSubrange(Int(stream.total_out)...)
    return output
  }

  /// Inflates a zlib stream, stopping as soon as the output would pass `limit` bytes.
  static func inflate(_ bytes: [UInt8], limit: Int) throws(InflateError) -> [UInt8] {
    try inflate(bytes, limit: limit, raw: false)
  }

  /// Inflates raw deflate data (a zip file's entry, RFC 1951), stopping as soon as the
  /// output would pass `limit` bytes: a zip bomb costs `limit` and a little, never more.
  ///
  /// - Returns: the bytes, or `nil` when the data is corrupt or would pass `limit` (`tooLarge`
  ///   tells which).
  package static func inflateRaw(_ bytes: [UInt8], limit: Int) -> (bytes: [UInt8]?, tooLarge: Bool) {
    do {
      return (try inflate(bytes, limit: limit, raw: true), false)
    } catch {
      if case .tooLarge = error { return (nil, true) }
      return (nil, false)
    }
  }

  private static func inflate(_ bytes: [UInt8], limit: Int, raw: Bool) throws(InflateError) -> [UInt8] {
    var stream = z_stream()
    let initialised = raw ? qrquiz_inflate_raw_init(&stream) : qrquiz_inflate_init(&stream)
    guard initialised == Z_OK else { throw .corrupt("cannot initialise zlib") }
    defer { inflateEnd(&stream) }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    var input = bytes
    var status = Z_OK
    input.withUnsafeMutableBufferPointer { input in
      stream.next_in = input.baseAddress
      stream.avail_in = uInt(input.count)
      while status == Z_OK, output.count <= limit {
        let produced = chunk.withUnsafeMutableBufferPointer { chunk in
          stream.next_out = chunk.baseAddress
          stream.avail_out = uInt(chunk.count)
          status = CZlib.inflate(&stream, Z_NO_FLUSH)
          return chunk.count - Int(stream.avail_out)
        }
        output += chunk[..<produced]
        // All input used and nothing produced: the stream stops before its end.
        if status == Z_OK, produced == 0, stream.avail_in == 0 { status = Z_BUF_ERROR }
      }
    }
    guard output.count <= limit else { throw .tooLarge(limit: limit) }
    switch status {
    case Z_STREAM_END where stream.avail_in == 0: return output
    case Z_STREAM_END: throw .corrupt("data after the end of the compressed stream")
    case Z_BUF_ERROR: throw .corrupt("truncated compressed data")
    default: throw .corrupt(stream.msg.map { String(cString: $0) } ?? "zlib error \(status)")
    }
  }

  /// The CRC-32 (ISO-HDLC, as in PNG and gzip) of `bytes`.
  package static func crc32(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBufferPointer { buffer in
      UInt32(CZlib.crc32(0, buffer.baseAddress, uInt(buffer.count)))
    }
  }
}
