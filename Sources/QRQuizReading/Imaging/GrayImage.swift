/// An 8-bit greyscale image, row-major, one byte per pixel (0 black, 255 white).
/// Every decoder produces one and the QR scanner reads one.
public struct GrayImage: Sendable, Hashable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// `width * height` bytes, row by row.
  public var pixels: [UInt8]

  /// Creates an image from its pixels; `pixels.count` must be `width * height`.
  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(width >= 0 && height >= 0 && pixels.count == width * height, "pixel count mismatch")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// An image filled with one value.
  public init(width: Int, height: Int, filledWith value: UInt8) {
    self.init(width: width, height: height, pixels: [UInt8](repeating: value, count: width * height))
  }

  /// The pixel at column `x`, row `y`.
  public subscript(x: Int, y: Int) -> UInt8 {
    get { pixels[y * width + x] }
    set { pixels[y * width + x] = newValue }
  }
}
