/// Messages the C shims write into caller-provided `char` buffers.
package enum CMessage {
  /// The NUL-terminated text in `buffer`, as UTF-8.
  package static func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
