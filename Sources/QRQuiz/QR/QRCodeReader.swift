/// Finds QR symbols in images with zbar, returning each symbol's exact bytes. When a plain
/// pass finds nothing it retries with cheap image transformations, cheapest first, and
/// stops at the first that finds a code: the common case stays one zbar pass.
///
/// A reader owns a zbar scanner, which is not thread-safe: use one reader per task.
///
/// ```swift
/// let reader = QRCodeReader()
/// let image = try ImageDecoder.decode(contentsOf: URL(filePath: "photo.jpg"))
/// for symbol in reader.symbols(in: image) { print(symbol.text) }
/// ```
public final class QRCodeReader {
  /// One attempt at reading an image, in the order they are tried.
  public enum Pass: String, Sendable, Hashable, CaseIterable {
    /// The image as it is.
    case plain
    /// Light and dark swapped, for light-on-dark codes.
    case inverted
    /// Averaged down by 2, against noise and fine texture.
    case downscaled
    /// Doubled, for codes with about one pixel per module.
    case upscaled
    /// Levels stretched, for washed-out or dark photos.
    case contrast
    /// Thresholded against the local mean, for uneven light.
    case binarized
    /// Edges sharpened, for slightly blurred codes.
    case sharpened
  }

  /// What a scan found and which pass found it.
  public struct Scan: Sendable {
    /// The symbols, top to bottom, then left to right; empty when no pass found any.
    public var symbols: [QRSymbol]
    /// The pass that found them; `nil` when none did.
    public var pass: Pass?
  }

  private let scanner = ZBarScanner()
  private let passes: [Pass]

  /// Creates a reader.
  ///
  /// - Parameter passes: the passes to try, in order; `[.plain]` for a single pass.
  public init(passes: [Pass] = Pass.allCases) {
    self.passes = passes
  }

  /// Every QR symbol found in `image` by the first pass that finds any.
  public func symbols(in image: GrayImage) -> [QRSymbol] { scan(image).symbols }

  /// Scans `image`, retrying with each pass until one finds a code.
  public func scan(_ image: GrayImage) -> Scan {
    for pass in passes {
      guard let transformed = Self.transform(image, for: pass) else { continue }
      let symbols = scanner.scan(transformed.image)
      if !symbols.isEmpty {
        let scaled = symbols.map { symbol in
          var symbol = symbol
          symbol.x = symbol.x * transformed.scaleNumerator / transformed.scaleDenominator
          symbol.y = symbol.y * transformed.scaleNumerator / transformed.scaleDenominator
          return symbol
        }
        return Scan(symbols: scaled.sorted { ($0.y, $0.x) < ($1.y, $1.x) }, pass: pass)
      }
    }
    return Scan(symbols: [], pass: nil)
  }

  /// The image for a pass, with the factor that maps its coordinates back; `nil` when the
  /// pass does not apply (a small image is not downscaled, a large one not upscaled).
  static func transform(
    _ image: GrayImage, for pass: Pass
  ) -> (image: GrayImage, scaleNumerator: Int, scaleDenominator: Int)? {
    switch pass {
    case .plain: return (image, 1, 1)
    case .inverted: return (image.inverted(), 1, 1)
    case .downscaled:
      guard min(image.width, image.height) >= 200 else { return nil }
      return (image.downscaled(by: 2), 2, 1)
    case .upscaled:
      guard max(image.width, image.height) <= 1000 else { return nil }
      return (image.upscaled(by: 2), 1, 2)
    case .contrast: return (image.contrastStretched(), 1, 1)
    case .binarized: return (image.adaptivelyBinarized(), 1, 1)
    case .sharpened: return (image.sharpened(), 1, 1)
    }
  }
}

@available(*, unavailable, message: "owns a zbar scanner, which is not thread-safe")
extension QRCodeReader: Sendable {}
