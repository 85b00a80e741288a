/// A colour image: one 32-bit value a pixel whose bytes in memory are red, green, blue
/// and alpha. What a terminal or a web page shows of a question's picture.
public struct RGBAImage: Sendable, Hashable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// `width * height` pixels, row by row, each the bytes R, G, B, A in memory order.
  public var pixels: [UInt32]

  /// Creates an image; `pixels.count` must be `width * height`.
  public init(width: Int, height: Int, pixels: [UInt32]) {
    precondition(width >= 0 && height >= 0 && pixels.count == width * height, "pixel count mismatch")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// Creates an image from bytes, four a pixel (R, G, B, A).
  init(width: Int, height: Int, bytes: [UInt8]) {
    var pixels = [UInt32](repeating: 0, count: width * height)
    pixels.withUnsafeMutableBytes { $0.copyBytes(from: bytes.prefix(width * height * 4)) }
    self.init(width: width, height: height, pixels: pixels)
  }
}
