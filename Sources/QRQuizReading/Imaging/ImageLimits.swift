/// Bounds on untrusted images, checked from the header before any pixel is allocated.
public struct ImageLimits: Sendable, Hashable {
  /// The most pixels (width × height) decoded: 40 MP by default, room for a 12 MP photo
  /// and a large poster scan.
  public var maximumPixels: Int
  /// The largest image file read: 64 MiB by default.
  public var maximumFileSize: Int
  /// The most scans a progressive JPEG may have: 100 by default. Real files have about
  /// ten; each scan costs a pass over every block, so a file of ten thousand tiny scans
  /// (670 KB) took 46 seconds to decode without this bound.
  public var maximumScans: Int

  /// Creates limits.
  public init(maximumPixels: Int = 40_000_000, maximumFileSize: Int = 64 << 20, maximumScans: Int = 100) {
    self.maximumPixels = maximumPixels
    self.maximumFileSize = maximumFileSize
    self.maximumScans = maximumScans
  }

  /// The defaults.
  public static let `default` = ImageLimits()
}
