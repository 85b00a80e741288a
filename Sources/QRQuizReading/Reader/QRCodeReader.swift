/// Finds QR symbols in images, returning each symbol's exact bytes. First QRQuiz locates
/// the symbols itself from the finder patterns of the image thresholded once, samples
/// their module grids and decodes them (`GridDecoder`): a few times faster than a zbar
/// pass over the whole image, and it reads large symbols photographed at an angle that
/// zbar's own detector misses. What that does not read goes to zbar: a plain pass, then
/// cheap image transformations, cheapest first, then the rectifying pass at other sizes;
/// the first pass that finds a code ends the scan. A photo of many codes is read whole by
/// the first: what it reads is masked out and it reads on (see `QRCodeReader+Gathering`).
///
/// Hostile images are bounded: the finder census counts the patterns first, and a large
/// image with more than zbar can handle quickly is refused (zbar's time grows faster than
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
      case .timeLimitExceeded(let seconds):
        "gave up after \(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)) s"
      }
    }
  }

  /// The most finder-pattern crossings (rows through a finder's centre) an image may
  /// have before zbar sees it. A sheet of 99 compact symbols at 20 pixels a module has
  /// about 18,000; at this bound zbar needs about a fifth of a second a pass.
  public static let maximumFinderCrossings = 40_000
  /// Images up to this many pixels are never refused for their finder patterns: zbar stays
  /// fast on them whatever they hold (the census then only decides whether locating the
  /// symbols is worth trying).
  static let censusPixels = 2_000_000

  /// Seconds one image may take, decoding and every pass together.
  public let timeLimit: Double
  /// One attempt at reading an image, in the order they are tried.
  public enum Pass: String, Sendable, Hashable, CaseIterable {
    /// The symbols located by their finder and alignment patterns in the image thresholded
    /// once, their module grids sampled (through perspective maps, bent to follow paper
    /// that is not flat) and decoded by QRQuiz (`GridDecoder`; zbar decodes a clean
    /// rendering of a grid holding segments it leaves). Structured-append parts are left
    /// to zbar's passes, which join them. When finders are left that no symbol read
    /// explains, it reads on past those read (a sheet of many codes).
    case located
    /// The image as it is, read by zbar.
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
    /// As ``located``, at half the image's size (against texture inside the modules) and
    /// at twice (far sides of under two pixels a module); at its own size too when
    /// ``located`` is not among the passes.
    case rectified
  }

  /// What a scan found and which pass found it.
  public struct Scan: Sendable {
    /// The symbols, top to bottom, then left to right; empty when no pass found any.
    public var symbols: [QRSymbol]
    /// The pass that found them; `nil` when none did.
    public var pass: Pass?
    /// The symbols with their outlines, when the located pass read several views of the
    /// image (see `QRCodeReader+Gathering`).
    var gathering: SymbolGathering?
    /// Whether finders were left that no symbol read explains: a photo read reduced is
    /// then read again at its full resolution.
    var mayHoldMore = false
    /// The median module of the many small finders for which the located pass left a
    /// photo read reduced to its full size (a sheet photographed whole), at this size:
    /// what the full size's first threshold window is made from.
    var smallFindersModule: Double?
  }

  let scanner = ZBarScanner()
  let passes: [Pass]
  /// How many images got the located pass's last tries from this reader: the costliest
  /// work an image nothing else reads is given, counted for the tests of its order.
  private(set) var lastTriesRun = 0

  /// Creates a reader.
  ///
  /// - Parameters:
  ///   - passes: the passes to try, in order; `[.plain]` for a single pass.
  ///   - timeLimit: seconds one image may take, decoding and every pass together. zbar
  ///     cannot be interrupted inside a pass, so the limit is checked between steps; the
  ///     finder census keeps each pass short. `.infinity` for none: the image limits and
  ///     the finder census still bound the work.
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

  /// - Parameters:
  ///   - fullSizeFollows: `image` is a large photo decoded reduced, which is read again at
  ///     full size when it may hold more than was read: many codes are then left to that
  ///     size rather than looked for further in this one.
  ///   - moduleSize: the module of the many small finders a reduced read saw, at this
  ///     size: the first census then thresholds against a window of a few modules (see
  ///     ``firstView(_:moduleSize:)``).
  ///   - lastTries: whether the located pass's last tries (`scanLastTries(_:deadline:)`)
  ///     end the scan when every pass read nothing; without them they are left to a later
  ///     call, so a colour photo's channels are located before its brightness's costly
  ///     last tries.
  func scan(
    _ image: GrayImage, deadline: Deadline, fullSizeFollows: Bool = false, moduleSize: Double? = nil,
    lastTries: Bool = true
  ) throws(Error) -> Scan {
    // The finder census, for locating the symbols and for refusing a hostile large image.
    let (binary, census, moduleSized) = Self.firstView(image, moduleSize: moduleSize)
    if census.isTruncated, image.width * image.height > Self.censusPixels {
      throw .tooManyFinderPatterns(limit: Self.maximumFinderCrossings)
    }
    let finders = census.isTruncated ? nil : LocatingView(gray: image, binary: binary, census: census, scale: 1)
    var remaining = passes[...]
    while let pass = remaining.popFirst() {
      guard !deadline.hasPassed else { throw .timeLimitExceeded(seconds: timeLimit) }
      switch pass {
      case .located:
        guard let finders else { continue }
        if fullSizeFollows, Self.holdsManySmallFinders(finders.census) {
          // A sheet of codes photographed whole: read at the full size, where their modules
          // are twice as wide or more, rather than tried here first.
          return Scan(
            symbols: [], pass: nil, mayHoldMore: true, smallFindersModule: Self.medianModule(finders.census))
        }
        let (outcome, sawPatterns) = locateAtOwnSize(image, wide: finders, deadline: deadline)
        if outcome.symbols.isEmpty, sawPatterns, let rectified = remaining.firstIndex(of: .rectified) {
          // Finder patterns that gave no symbol: blur, texture or a far side of under two
          // pixels a module, which the rectifying pass's other sizes read more often than
          // zbar's passes (measured on the captures: 18 of 23), so it comes next.
          remaining.remove(at: rectified)
          remaining.insert(.rectified, at: remaining.startIndex)
        }
        if outcome.symbols.isEmpty, !outcome.structuredAppend, fullSizeFollows,
          SymbolGathering().finderPairs(finders.census.patterns, scale: 1, limit: 4).count >= 4
        {
          // Several codes' finders and none read: codes too small at this size (a sheet
          // photographed whole), which the full size reads rather than zbar's passes here.
          return Scan(symbols: [], pass: nil, mayHoldMore: true)
        }
        guard !outcome.structuredAppend, !outcome.symbols.isEmpty else { continue }
        var gathering = SymbolGathering()
        gathering.add(outcome, scale: 1)
        // A photo badly exposed may hold codes whose finders this census missed: read on.
        var more =
          Self.mayHoldMore(gathering, after: outcome, patterns: finders.census.patterns, scale: 1)
          || image.exposure != .normal
        if more, !fullSizeFollows {
          more = readOn(
            image, wide: finders, gathering: &gathering, zbar: passes.contains(.plain), deadline: deadline,
            moduleSized: moduleSized)
        }
        return Scan(symbols: Self.ordered(gathering.symbols), pass: pass, gathering: gathering, mayHoldMore: more)
      case .rectified:
        let symbols = rectify(image, finders: finders, atOwnSize: !passes.contains(.located), deadline: deadline)
        if !symbols.isEmpty { return Scan(symbols: Self.ordered(symbols), pass: pass) }
      default:
        guard let transformed = Self.transform(image, for: pass) else { continue }
        let symbols = scanner.scan(transformed.image)
        if !symbols.isEmpty {
          let scaled = symbols.map { symbol in
            var symbol = symbol
            symbol.x = symbol.x * transformed.scaleNumerator / transformed.scaleDenominator
            symbol.y = symbol.y * transformed.scaleNumerator / transformed.scaleDenominator
            return symbol
          }
          return Scan(symbols: Self.ordered(scaled), pass: pass)
        }
      }
    }
    guard lastTries else { return Scan(symbols: [], pass: nil) }
    return scanLastTries(image, wide: finders, deadline: deadline)
  }

  /// The end of a scan that read nothing, left for later (`lastTries: false`): the image's
  /// first census made again (a threshold and a census, a small share of what the last
  /// tries cost), then as `scanLastTries(_:wide:deadline:)`.
  func scanLastTries(_ image: GrayImage, deadline: Deadline) -> Scan {
    guard passes.contains(.located), !deadline.hasPassed else { return Scan(symbols: [], pass: nil) }
    let wide = Self.view(image, scale: 1)
    return scanLastTries(image, wide: wide.census.isTruncated ? nil : wide, deadline: deadline)
  }

  /// The scan's end when every pass read nothing: a code cropped at its own edge, with no
  /// quiet zone, located again in a light frame; then the located pass's last tries (see
  /// `QRCodeReader+LastTries`). `wide` is the image's first census; none when it ran over
  /// its limit.
  func scanLastTries(_ image: GrayImage, wide finders: LocatingView?, deadline: Deadline) -> Scan {
    if passes.contains(.located), finders != nil, !deadline.hasPassed { lastTriesRun += 1 }
    if passes.contains(.located), let finders, Self.isCroppedTight(finders.binary), !deadline.hasPassed {
      let symbols = readFramed(image, deadline: deadline)
      if !symbols.isEmpty { return Scan(symbols: Self.ordered(symbols), pass: .located) }
    }
    if passes.contains(.located), let finders, !deadline.hasPassed {
      let symbols = readLastTries(image, wide: finders, deadline: deadline)
      if !symbols.isEmpty { return Scan(symbols: Self.ordered(symbols), pass: .located) }
    }
    return Scan(symbols: [], pass: nil)
  }

  /// Whether `census` found the finders of several codes (nine or more seen across rows),
  /// most of them under two and a half pixels a module: too small to read well at this
  /// size.
  static func holdsManySmallFinders(_ census: FinderPatternScan) -> Bool {
    let sizes = census.patterns.filter { $0.rows >= 2 }.map(\.moduleSize).sorted()
    return sizes.count >= 9 && sizes[sizes.count / 2] < 2.5
  }

  /// The median module of the finders `census` saw across rows; nil when it saw none.
  static func medianModule(_ census: FinderPatternScan) -> Double? {
    let sizes = census.patterns.filter { $0.rows >= 2 }.map(\.moduleSize).sorted()
    return sizes.isEmpty ? nil : sizes[sizes.count / 2]
  }

  /// The first view's thresholded image and census, and whether its window was
  /// module-sized: against the wide window (the image's default), or, given the module of
  /// the many small finders a reduced read of this photo saw, against a window of three
  /// of them each way (``moduleSizedRadius(_:)``, when that is well inside the narrow
  /// window and its census stays under the crossing limit), which keeps the one-module
  /// light ring of a blurred finder light where the wide one closes it. A sheet of small
  /// codes photographed whole is then read from one threshold and one census of its full
  /// size, where the wide window first and then the narrow and module-sized ones cost
  /// three of each, their rectifiers trying again the same triples of finders of
  /// different codes (measured: `Fixtures/sheet-scenes`, 60 codes, 0.50 s of processor
  /// before).
  static func firstView(
    _ image: GrayImage, moduleSize: Double?
  ) -> (binary: BinaryImage, census: FinderPatternScan, moduleSized: Bool) {
    if let moduleSize, case let radius = moduleSizedRadius(moduleSize), 3 * radius <= 2 * narrowRadius(image) {
      let binary = image.binarized(radius: radius)
      let census = FinderPatternScan(binary, crossingLimit: maximumFinderCrossings, mergedRings: true)
      if !census.isTruncated { return (binary, census, true) }
    }
    let binary = image.binarized()
    return (binary, FinderPatternScan(binary, crossingLimit: maximumFinderCrossings), false)
  }

  static func ordered(_ symbols: [QRSymbol]) -> [QRSymbol] {
    symbols.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
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
    case .located, .rectified: return nil
    }
  }
}

/// A point in time by which work must be done.
package struct Deadline {
  /// Nil when there is none.
  let instant: ContinuousClock.Instant?

  /// `seconds` from now; none for `.infinity` (or anything over a year).
  package init(seconds: Double) {
    instant = seconds < 31_536_000 ? .now + .milliseconds(Int64(max(0, seconds) * 1000)) : nil
  }

  /// No deadline: for work bounded by counting it, such as tests whose subject is not time.
  package static var none: Deadline { Deadline(seconds: .infinity) }

  package var hasPassed: Bool { instant.map { ContinuousClock.now >= $0 } ?? false }
  /// Seconds left, at least a millisecond; nil when there is no deadline.
  package var remaining: Double? {
    guard let instant else { return nil }
    let left = instant - .now
    return max(0.001, Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18)
  }
}

@available(*, unavailable, message: "owns a zbar scanner, which is not thread-safe")
extension QRCodeReader: Sendable {}
