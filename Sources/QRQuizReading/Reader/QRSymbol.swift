/// A QR symbol found in an image.
public struct QRSymbol: Sendable, Hashable {
  /// The symbol's data, byte for byte.
  public var bytes: [UInt8]
  /// True for one part of a structured-append sequence whose other parts were not in the
  /// same image; zbar fills the missing parts with NUL bytes.
  public var isPartial: Bool
  /// Top-left corner of the symbol's bounding box in the image, in pixels.
  public var x: Int
  /// See `x`.
  public var y: Int

  /// Creates a symbol.
  public init(bytes: [UInt8], isPartial: Bool = false, origin: (x: Int, y: Int) = (0, 0)) {
    self.bytes = bytes
    self.isPartial = isPartial
    self.x = origin.x
    self.y = origin.y
  }

  /// The data as UTF-8 text, or `nil` if it is not valid UTF-8.
  public var utf8Text: String? { String(validating: bytes, as: UTF8.self) }
}
