/// The located pass's last tries, when every pass has read nothing: each costs about one
/// more locating at the image's own size (the doubled image four), and only images no
/// pass read pay for them.
///
/// 1. Finders thinned by blur: a symbol seen steeply or blurred at under two pixels a
///    module has finders whose light ring the threshold narrows to a pixel, off the
///    census's 1:1:3:1:1 (see ``FinderPatternScan/hasFinderRatio(_:thinned:)``). A
///    looser census finds them, and look-alikes with them; so a triple holds two finders
///    of the strict census and at most one of the loose one.
/// 2. The image cleaned: levels stretched and noise smoothed. The threshold's bias is a
///    share of the local mean (7%), so in a washed-out photo it sits far from the middle
///    between dark and light; stretching puts it back. Smoothing over 3 × 3 pixels takes
///    out sensor noise that breaks a finder's thin rings, and the rings of a code with a
///    quiet zone under a module wide against a dark surround.
/// 3. The image sharpened (the mild unsharp mask of the `sharpened` pass, which zbar
///    reads): blur that merges a finder's rings at the window that suits the modules.
///    Measured on the captures of seed 303: one image no other try read (283).
/// 4. The image doubled by bicubic interpolation (images up to 1 MP), located and then
///    read with the loose census: a symbol blurred at about two pixels a module, whose
///    finders' light rings only a sharper doubling than the rectifying pass's keeps open.
///    Measured on the captures of seed 202: three images that no other try read (206,
///    260, 273).
extension QRCodeReader {
  func readLastTries(_ image: GrayImage, wide: LocatingView, deadline: Deadline) -> [QRSymbol] {
    var symbols = readThinnedFinders(image, wide: wide, deadline: deadline)
    let cleanings = [{ image.contrastStretched().smoothed() }, { image.sharpened() }]
    for clean in cleanings where symbols.isEmpty && !deadline.hasPassed {
      symbols = locateAtOwnSize(clean(), deadline: deadline)
    }
    if symbols.isEmpty, !deadline.hasPassed, image.width * image.height <= Self.bicubicDoublingPixels {
      symbols = readBicubicallyDoubled(image, deadline: deadline)
    }
    return symbols
  }

  /// Images up to this many pixels get the bicubic try: doubled, at most the 4 MP a photo
  /// is first scanned at (``fastScanPixels``). A larger image costs seconds more when
  /// nothing is there: a 3 MP photo with no code takes 2.2 s without the try, 3.2-4.1 s
  /// with it. No capture of the six measured seeds needs it above 1 MP.
  static let bicubicDoublingPixels = fastScanPixels / 4

  /// The symbols located in `image` at its own size, from a census of its own.
  private func locateAtOwnSize(_ image: GrayImage, deadline: Deadline) -> [QRSymbol] {
    let view = Self.view(image, scale: 1)
    guard !view.census.isTruncated else { return [] }
    return locateAtOwnSize(image, wide: view, deadline: deadline).outcome.symbols
  }

  /// The symbols located in the image doubled by bicubic interpolation, in the image's
  /// own coordinates.
  private func readBicubicallyDoubled(_ image: GrayImage, deadline: Deadline) -> [QRSymbol] {
    let doubled = image.bicubicallyDoubled()
    let view = Self.view(doubled, scale: 2)
    guard !view.census.isTruncated else { return [] }
    var symbols = locateAtOwnSize(doubled, wide: view, deadline: deadline).outcome.symbols
    if symbols.isEmpty, !deadline.hasPassed {
      symbols = readThinnedFinders(doubled, wide: view, deadline: deadline)
    }
    return view.inOriginalCoordinates(symbols)
  }

  /// Symbols whose third finder only the loose census sees, at the image's own size under
  /// the wide window and then the narrow one.
  private func readThinnedFinders(_ image: GrayImage, wide: LocatingView, deadline: Deadline) -> [QRSymbol] {
    let views = [{ wide }, { Self.view(image, scale: 1, radius: Self.narrowRadius(image)) }]
    for makeView in views {
      guard !deadline.hasPassed else { break }
      let view = makeView()
      for inverted in [false, true] {
        let strict = inverted ? view.census.lightOnDarkPatterns : view.census.patterns
        let trusted = strict.filter { $0.rows >= 2 }
        guard trusted.count >= 2, !deadline.hasPassed else { continue }
        let binary = inverted ? view.binary.inverted() : view.binary
        let loose = FinderPatternScan(binary, crossingLimit: Self.maximumFinderCrossings, thinned: true)
        guard !loose.isTruncated else { continue }
        let patterns = Self.merged(trusted, loose.patterns)
        guard patterns.count > trusted.count else { continue }
        var rectifier = SymbolRectifier(
          image: binary, gray: inverted ? image.inverted() : image, patterns: patterns)
        rectifier.anchors = trusted.count
        let outcome = rectifier.read(decode: readGrid, deadline: deadline)
        if !outcome.symbols.isEmpty, !outcome.structuredAppend { return outcome.symbols }
      }
    }
    return []
  }
}
