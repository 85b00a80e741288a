/// The most bytes of body a route takes: asked when a request's headers arrive, so a
/// larger body gets 413 before any of it is read.
public struct BodyLimit: Sendable, Hashable, CustomStringConvertible {
  /// The limit in bytes.
  public let bytes: Int

  /// A limit of `bytes` bytes.
  public init(bytes: Int) { self.bytes = max(0, bytes) }

  /// A limit of `count` MiB.
  public static func mebibytes(_ count: Int) -> BodyLimit { BodyLimit(bytes: count << 20) }

  /// A limit of `count` KiB.
  public static func kibibytes(_ count: Int) -> BodyLimit { BodyLimit(bytes: count << 10) }

  /// What a route takes unless it says otherwise: 1 MiB (a form, an answer, a small upload).
  public static let standard = BodyLimit.mebibytes(1)

  /// `4 MiB`, `16 KiB`, `300 bytes`.
  public var description: String {
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
    return "\(bytes) bytes"
  }
}
