import QRQuiz

/// A question's picture as an export embeds it: its bytes and format.
public struct ExportPicture: Sendable, Hashable {
  /// The file's bytes.
  public var bytes: [UInt8]
  /// PNG or JPEG.
  public var format: ImageFormat

  /// Creates a picture; `nil` for bytes that are not a PNG or a JPEG.
  public init?(bytes: [UInt8]) {
    guard let format = ImageFormat(sniffing: bytes), format == .png || format == .jpeg else { return nil }
    self.bytes = bytes
    self.format = format
  }

  /// The file name extension.
  public var fileExtension: String { format == .jpeg ? "jpg" : "png" }
  /// The media type.
  public var mediaType: String { format == .jpeg ? "image/jpeg" : "image/png" }
}
