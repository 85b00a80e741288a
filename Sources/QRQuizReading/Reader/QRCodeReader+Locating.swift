/// An image at one size as the locating passes read it: grey, thresholded, and the finder
/// census of the thresholded image.
struct LocatingView {
  let gray: GrayImage
  let binary: BinaryImage
  let census: FinderPatternScan
  /// This view's size over the original image's.
  let scale: Double

  /// Whether the census saw any pattern across more than one row, of either polarity:
  /// finders worth trying to read.
  var hasSupportedPatterns: Bool {
    census.patterns.contains { $0.rows >= 2 } || census.lightOnDarkPatterns.contains { $0.rows >= 2 }
  }

  /// `symbols` found in this view, placed where they are in the original image.
  func inOriginalCoordinates(_ symbols: [QRSymbol]) -> [QRSymbol] {
    symbols.map { symbol in
      var symbol = symbol
      symbol.x = Int(Double(symbol.x) / scale)
      symbol.y = Int(Double(symbol.y) / scale)
      return symbol
    }
  }
}

extension QRCodeReader {
  /// The symbols located in `view`: dark-on-light symbols first, then, when nothing read
  /// and the census saw light-on-dark finders, the image with light and dark swapped (so
  /// the rectifier only ever reads dark modules on a light ground).
  func locate(in view: LocatingView, deadline: Deadline) -> SymbolRectifier.Outcome {
    let outcome = SymbolRectifier(image: view.binary, gray: view.gray, patterns: view.census.patterns)
      .read(decode: readGrid, deadline: deadline)
    let inverted = view.census.lightOnDarkPatterns
    guard outcome.symbols.isEmpty, !outcome.structuredAppend, inverted.count(where: { $0.rows >= 2 }) >= 3,
      !deadline.hasPassed
    else { return outcome }
    var swapped = SymbolRectifier(image: view.binary.inverted(), gray: view.gray.inverted(), patterns: inverted)
      .read(decode: readGrid, deadline: deadline)
    swapped.unreadPlaces += outcome.unreadPlaces
    swapped.outOfTries = swapped.outOfTries || outcome.outOfTries
    return swapped
  }

  /// The symbols located in the image at its own size: thresholded against a wide window
  /// (`wide`, the census's), then, if that reads nothing, against a narrow one. Neither
  /// window suits every photo: a wide one averages in the white page around a small or
  /// blurred finder and closes its light ring, a narrow one sits inside the large dark
  /// modules of a code that fills the frame. Measured at this size on the captures (seed
  /// 15) and the corpus: the wide window reads 216 and 161, the narrow 184 and 35, both
  /// 260 and 162. When both saw finders and neither read, two last tries (see
  /// ``locateBetweenWindows(_:wide:narrow:deadline:)``). Also whether either census saw
  /// finder patterns worth another size.
  func locateAtOwnSize(
    _ image: GrayImage, wide: LocatingView, deadline: Deadline
  ) -> (outcome: SymbolRectifier.Outcome, sawPatterns: Bool) {
    let outcome = locate(in: wide, deadline: deadline)
    guard outcome.symbols.isEmpty, !outcome.structuredAppend, !deadline.hasPassed else {
      return (outcome, wide.hasSupportedPatterns)
    }
    let narrow = Self.view(image, scale: 1, radius: Self.narrowRadius(image))
    guard !narrow.census.isTruncated else { return (outcome, wide.hasSupportedPatterns) }
    var second = locate(in: narrow, deadline: deadline)
    if !second.symbols.isEmpty {
      second.unreadPlaces += outcome.unreadPlaces
      second.outOfTries = second.outOfTries || outcome.outOfTries
    }
    let sawPatterns = wide.hasSupportedPatterns || narrow.hasSupportedPatterns
    guard second.symbols.isEmpty, !second.structuredAppend, sawPatterns, !deadline.hasPassed else {
      return (second, sawPatterns)
    }
    let between = locateBetweenWindows(image, wide: wide, narrow: narrow, deadline: deadline)
    return (between.symbols.isEmpty ? second : between, sawPatterns)
  }

  /// The last tries at the image's own size, for low-contrast photos where each window
  /// sees only some of the finders. First the finders of both censuses together: noise
  /// breaks a finder's rings under one window and not the other, so a symbol may have two
  /// finders in one census and its third only in the other. Then a window halfway
  /// between the two (their geometric mean): a blurred, washed-out code whose finders
  /// the narrow window finds but whose modules it thresholds badly. Measured on the
  /// captures of seed 101: one image each (066, 248) that every other pass missed and
  /// zxing-cpp read.
  private func locateBetweenWindows(
    _ image: GrayImage, wide: LocatingView, narrow: LocatingView, deadline: Deadline
  ) -> SymbolRectifier.Outcome {
    let dark = Self.merged(wide.census.patterns, narrow.census.patterns)
    let light = Self.merged(wide.census.lightOnDarkPatterns, narrow.census.lightOnDarkPatterns)
    var outcome = SymbolRectifier.Outcome()
    // Only worth a try when the two together hold a finder that neither held alone.
    let supported = { (patterns: [FinderPatternScan.Pattern]) in patterns.count(where: { $0.rows >= 2 }) }
    if dark.count > max(supported(wide.census.patterns), supported(narrow.census.patterns)) {
      outcome = SymbolRectifier(image: narrow.binary, gray: image, patterns: dark).read(
        decode: readGrid, deadline: deadline)
    }
    if outcome.symbols.isEmpty, !outcome.structuredAppend, !deadline.hasPassed,
      light.count > max(supported(wide.census.lightOnDarkPatterns), supported(narrow.census.lightOnDarkPatterns))
    {
      outcome = SymbolRectifier(image: narrow.binary.inverted(), gray: image.inverted(), patterns: light)
        .read(decode: readGrid, deadline: deadline)
    }
    guard outcome.symbols.isEmpty, !outcome.structuredAppend, !deadline.hasPassed else { return outcome }
    let wideRadius = image.defaultBinarizationRadius
    let narrowRadius = Self.narrowRadius(image)
    let radius = Int((Double(wideRadius) * Double(narrowRadius)).squareRoot())
    guard radius > narrowRadius, radius < wideRadius else { return outcome }
    let middle = Self.view(image, scale: 1, radius: radius)
    guard !middle.census.isTruncated else { return outcome }
    return locate(in: middle, deadline: deadline)
  }

  /// The patterns of `first`, then those of `second` that are not the same finder seen
  /// again (a centre within two modules of one already kept).
  static func merged(
    _ first: [FinderPatternScan.Pattern], _ second: [FinderPatternScan.Pattern]
  ) -> [FinderPatternScan.Pattern] {
    var kept = first.filter { $0.rows >= 2 }
    for pattern in second where pattern.rows >= 2 {
      let seen = kept.contains { other in
        let reach = 2 * max(other.moduleSize, pattern.moduleSize)
        return abs(other.x - pattern.x) <= reach && abs(other.y - pattern.y) <= reach
      }
      if !seen { kept.append(pattern) }
    }
    return kept
  }

  /// The narrow threshold window's half-width: about a hundredth of the shorter side
  /// (9 pixels for a 900-pixel photo), at least 4.
  static func narrowRadius(_ image: GrayImage) -> Int { max(4, min(image.width, image.height) / 96) }

  /// One sampled grid read by QRQuiz's decoder, or by zbar on a clean rendering when it
  /// holds segments the decoder leaves to zbar.
  func readGrid(_ grid: SampledGrid) -> SymbolRectifier.GridReading {
    do throws(GridDecoder.Failure) {
      return .symbol(QRSymbol(bytes: try GridDecoder.bytes(of: grid)))
    } catch .unsupported(structuredAppend: true) {
      return .structuredAppend
    } catch .unsupported(structuredAppend: false) {
      return scanner.scan(grid.matrix.image(scale: 3, margin: 4)).first.map { .symbol($0) } ?? .unreadable
    } catch {
      return .unreadable
    }
  }

  /// Images up to this many pixels get a rectifying pass at twice the size, for symbols
  /// whose far side has under two pixels a module.
  static let doublingPixels = 3_000_000

  /// The rectifying pass: half the image's size, which averages away texture printed
  /// inside the modules, and, for an image small enough, double; the image's own size
  /// first when asked (reusing its census).
  func rectify(_ image: GrayImage, finders: LocatingView?, atOwnSize: Bool, deadline: Deadline) -> [QRSymbol] {
    // Each attempt: its view of the image, made when it is reached.
    var attempts: [() -> LocatingView?] = []
    if atOwnSize {
      attempts.append { finders }
      attempts.append { Self.view(image, scale: 1, radius: Self.narrowRadius(image)) }
    }
    if min(image.width, image.height) >= 200 {
      attempts.append { Self.view(image.downscaled(by: 2), scale: 0.5) }
    }
    if image.width * image.height <= Self.doublingPixels {
      // Thresholded against a small window (12 pixels each way, a finder of two-pixel
      // modules at this size): a wide one averages in the white page, and blur then
      // closes the thin light ring of a finder seen nearly edge-on. Measured on the
      // capture set: 9 of the 12 symbols the wide window missed.
      attempts.append { Self.view(image.smoothlyDoubled(), scale: 2, radius: 12) }
    }
    for attempt in attempts {
      guard !deadline.hasPassed else { break }
      guard let view = attempt(), !view.census.isTruncated else { continue }
      let outcome = locate(in: view, deadline: deadline)
      if !outcome.symbols.isEmpty, !outcome.structuredAppend {
        return view.inOriginalCoordinates(outcome.symbols)
      }
    }
    return []
  }

  /// `gray` thresholded against a window of `radius` and censused, a view `scale` times
  /// the image's size; with `mergedRings`, its census also takes finders whose dark ring
  /// runs into the data (see ``FinderPatternScan/mergedFinderTotal(_:)``).
  static func view(_ gray: GrayImage, scale: Double, radius: Int? = nil, mergedRings: Bool = false) -> LocatingView {
    let binary = gray.binarized(radius: radius)
    return LocatingView(
      gray: gray, binary: binary,
      census: FinderPatternScan(binary, crossingLimit: maximumFinderCrossings, mergedRings: mergedRings), scale: scale)
  }
}

extension BinaryImage {
  /// Light and dark swapped.
  func inverted() -> BinaryImage { BinaryImage(width: width, height: height, bits: bits.flipped(by: 1)) }
}
