/// Finds QR symbols in images with zbar, returning each symbol's exact bytes. When a plain
/// pass finds nothing it retries with cheap image transformations, cheapest first, then
/// with the rectifying pass (QRQuiz locates and samples the symbols itself, for large
/// symbols photographed at an angle), and stops at the first that finds a code: the common
/// case stays one zbar pass.
///
/// Hostile images are bounded: a large image is first searched for finder patterns, and
/// one with more than zbar can handle quickly is refused (zbar's time grows faster than
/// linearly with them); decoding and every pass share one time budget.
///
/// A reader owns a zbar scanner, which is not thread-safe: use one reader per task.
///
/// ```swift
/// let reader = QRCodeReader()
/// let image = try ImageDecoder.decode(contentsOf: URL(filePath: "photo.jpg"))
/// for symbol in try reader.scan(image).symbols { print(symbol.text) }
/// ```
public final class QRCodeReader {
  /// Why an image could not be read for QR codes. (No code found is not an error: the
  /// scan is empty.)
  public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not a readable image.
    case image(ImageDecodingError)
    /// More finder-pattern crossings than ``QRCodeReader/maximumFinderCrossings``: an
    /// image made to keep a decoder busy, not a photo of QR codes.
    case tooManyFinderPatterns(limit: Int)
    /// Decoding and scanning did not finish within the reader's ``timeLimit``.
    case timeLimitExceeded(seconds: Double)

    public var description: String {
      switch self {
      case .image(let error): error.description
      case .tooManyFinderPatterns(let limit):
        "more than \(limit) finder-pattern crossings: not a photo of QR codes; refused"
      case .timeLimitExceeded(let seconds): "gave up after \(JSONWriter.format(seconds)) s"
      }
    }
  }

  /// The most finder-pattern crossings (rows through a finder's centre) an image may
  /// have before zbar sees it. A sheet of 99 compact symbols at 20 pixels a module has
  /// about 18,000; at this bound zbar needs about a fifth of a second a pass.
  public static let maximumFinderCrossings = 40_000
  /// Images up to this many pixels skip the finder census: zbar stays fast on them
  /// whatever they hold, and the census would cost more than it saves.
  static let censusPixels = 2_000_000

  /// Seconds one image may take, decoding and every pass together.
  public let timeLimit: Double
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
    /// The symbols located by their finder and alignment patterns, their module grids
    /// sampled through perspective maps, and clean upright renderings decoded: for large
    /// symbols photographed at an angle, which zbar's own detector misses.
    case rectified
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
  /// - Parameters:
  ///   - passes: the passes to try, in order; `[.plain]` for a single pass.
  ///   - timeLimit: seconds one image may take, decoding and every pass together. zbar
  ///     cannot be interrupted inside a pass, so the limit is checked between steps; the
  ///     finder census keeps each pass short.
  public init(passes: [Pass] = Pass.allCases, timeLimit: Double = 5) {
    self.passes = passes
    self.timeLimit = timeLimit
  }

  /// Every QR symbol found in `image` by the first pass that finds any; none when the
  /// image is refused or runs out of time (``scan(_:)`` says why).
  public func symbols(in image: GrayImage) -> [QRSymbol] { (try? scan(image).symbols) ?? [] }

  /// Scans `image`, retrying with each pass until one finds a code.
  ///
  /// - Throws: ``Error/tooManyFinderPatterns(limit:)``, ``Error/timeLimitExceeded(seconds:)``.
  public func scan(_ image: GrayImage) throws(Error) -> Scan {
    try scan(image, deadline: Deadline(seconds: timeLimit))
  }

  func scan(_ image: GrayImage, deadline: Deadline) throws(Error) -> Scan {
    // The finder census of a large image, kept for the rectifying pass.
    var finders: (image: BinaryImage, scan: FinderPatternScan)?
    if image.width * image.height > Self.censusPixels {
      let binary = image.binarized()
      let census = FinderPatternScan(binary, crossingLimit: Self.maximumFinderCrossings)
      if census.isTruncated { throw .tooManyFinderPatterns(limit: Self.maximumFinderCrossings) }
      finders = (binary, census)
    }
    for pass in passes {
      guard !deadline.hasPassed else { throw .timeLimitExceeded(seconds: timeLimit) }
      if pass == .rectified {
        let symbols = rectify(image, finders: finders, deadline: deadline)
        if !symbols.isEmpty { return Scan(symbols: symbols.sorted { ($0.y, $0.x) < ($1.y, $1.x) }, pass: pass) }
        continue
      }
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

  /// Images up to this many pixels get a rectifying pass at twice the size, for symbols
  /// whose far side has under two pixels a module.
  static let doublingPixels = 3_000_000

  /// The rectifying pass at up to three sizes, until one reads a symbol: the image's own
  /// (reusing the census of a large image); half, which averages away texture printed
  /// inside the modules; and, for an image small enough, double.
  private func rectify(
    _ image: GrayImage, finders: (image: BinaryImage, scan: FinderPatternScan)?, deadline: Deadline
  ) -> [QRSymbol] {
    // Each attempt: its scale, and its thresholded image with the finders found in it.
    var attempts: [(scale: Double, find: () -> (BinaryImage, FinderPatternScan))] = [
      (1, { finders ?? Self.findFinders(image.binarized()) })
    ]
    if min(image.width, image.height) >= 200 {
      attempts.append((0.5, { Self.findFinders(image.downscaled(by: 2).binarized()) }))
    }
    if image.width * image.height <= Self.doublingPixels {
      // Thresholded against a small window (12 pixels each way, a finder of two-pixel
      // modules at this size): a wide one averages in the white page, and blur then
      // closes the thin light ring of a finder seen nearly edge-on. Measured on the
      // capture set: 9 of the 12 symbols the wide window missed.
      attempts.append((2, { Self.findFinders(image.smoothlyDoubled().binarized(radius: 12)) }))
    }
    for attempt in attempts {
      guard !deadline.hasPassed else { break }
      let (binary, census) = attempt.find()
      guard !census.isTruncated else { continue }
      let symbols = SymbolRectifier(image: binary, patterns: census.patterns)
        .symbols(decode: { scanner.scan($0) }, deadline: deadline)
      if !symbols.isEmpty {
        return symbols.map { symbol in
          var symbol = symbol
          symbol.x = Int(Double(symbol.x) / attempt.scale)
          symbol.y = Int(Double(symbol.y) / attempt.scale)
          return symbol
        }
      }
    }
    return []
  }

  private static func findFinders(_ binary: BinaryImage) -> (image: BinaryImage, scan: FinderPatternScan) {
    (binary, FinderPatternScan(binary, crossingLimit: maximumFinderCrossings))
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
    case .rectified: return nil
    }
  }
}

/// A point in time by which work must be done.
package struct Deadline {
  let instant: ContinuousClock.Instant

  package init(seconds: Double) { instant = .now + .milliseconds(Int64(seconds * 1000)) }

  var hasPassed: Bool { ContinuousClock.now >= instant }
  /// Seconds left, at least a millisecond.
  var remaining: Double {
    let left = instant - .now
    return max(0.001, Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18)
  }
}

@available(*, unavailable, message: "owns a zbar scanner, which is not thread-safe")
extension QRCodeReader: Sendable {}
