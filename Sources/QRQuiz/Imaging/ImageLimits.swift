/// Bounds on untrusted images, checked from the header before any pixel is allocated.
public struct ImageLimits: Sendable, Hashable {
  /// The most pixels (width × height) decoded: 40 MP by default, room for a 12 MP photo
  /// and a large poster scan.
  public var maximumPixels: Int
  /// The largest image file read: 64 MiB by default.
  public var maximumFileSize: Int

  /// Creates limits.
  public init(maximumPixels: Int = 40_000_000, maximumFileSize: Int = 64 << 20) {
    self.maximumPixels = maximumPixels
    self.maximumFileSize = maximumFileSize
  }

  /// The defaults.
  public static let `default` = ImageLimits()
}
