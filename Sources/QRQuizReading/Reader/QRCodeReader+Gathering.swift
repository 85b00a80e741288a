/// Many codes in one photo: once the located pass has read some symbols and finders are
/// left that no symbol explains (see ``SymbolGathering/finderPairs(_:scale:limit:)``, and
/// triples that looked like symbols but did not read), or the photo is under- or
/// over-exposed (``GrayImage/exposure``: its first census misses finders), the search goes on with what was
/// read masked out: the finders of a narrow threshold window beside the wide one's
/// leftovers, those of a window a few modules wide (blurred finders), then (when zbar's
/// passes are among the reader's) a zbar pass over the image with every symbol read
/// painted over; a photo first read reduced is then read again at
/// its full resolution. Each view adds what it reads, until nothing is left or the time
/// budget ends.
extension QRCodeReader {
  /// Whether the image may hold more symbols than `gathering` after a view whose census
  /// found `patterns` (at `scale` times the image's size) gave `outcome`.
  static func mayHoldMore(
    _ gathering: SymbolGathering, after outcome: SymbolRectifier.Outcome, patterns: [FinderPatternScan.Pattern],
    scale: Double
  ) -> Bool {
    outcome.outOfTries || outcome.unreadPlaces.contains { !gathering.covers($0 / scale) }
      || !gathering.finderPairs(patterns, scale: scale, limit: 1).isEmpty
  }

  /// Reads on in `image` (the image's own size) past the symbols of `gathering`, read
  /// already in the view `wide` (the first census, against a wide window): the finders a
  /// narrow window finds beside those `wide` left, then those of a window a few modules
  /// wide (see ``moduleSizedView(_:census:)``), then windows around the pairs of
  /// finders still unexplained, then zbar over the masked image when `zbar`. With no
  /// `wide` (a photo's full size, read reduced before), the narrow window's alone: the
  /// symbols left are then small. With `moduleSized`, `wide`'s window was a few modules
  /// already (see ``firstView(_:moduleSize:)``: a sheet of small codes at its full size),
  /// and neither the narrow view nor the module-sized one is made: the finders `wide` left
  /// are read on around their pairs (measured on the six sheets of `make_scenes.py` seed
  /// 1: the same codes read, and `025`, 59 codes, in 0.21 s of processor rather than 0.24).
  /// Whether more may still be there.
  func readOn(
    _ image: GrayImage, wide: LocatingView?, gathering: inout SymbolGathering, zbar: Bool, deadline: Deadline,
    moduleSized: Bool = false
  ) -> Bool {
    guard !deadline.hasPassed else { return true }
    // Not after a module-sized first view: a sheet's finders were all in that census.
    let narrow = moduleSized ? nil : Self.view(image, scale: 1, radius: Self.narrowRadius(image), mergedRings: true)
    var more = true
    let leftovers = (wide?.census.patterns).map { gathering.open($0, scale: 1) } ?? []
    if let narrow, !narrow.census.isTruncated {
      let patterns = Self.merged(leftovers, gathering.open(narrow.census.patterns, scale: 1))
      let outcome = SymbolRectifier(image: narrow.binary, gray: image, patterns: patterns)
        .read(decode: readGrid, deadline: deadline)
      guard !outcome.structuredAppend else { return joinStructuredAppend(image, into: &gathering) }
      gathering.add(outcome, scale: 1)
      more = Self.mayHoldMore(gathering, after: outcome, patterns: patterns, scale: 1)
      if !deadline.hasPassed, let fine = Self.moduleSizedView(image, census: narrow.census) {
        // Finders whose light ring blur closed under both windows (their centre's dark
        // square runs into the ring): a window of a few modules, the size of those found,
        // keeps the ring light.
        let outcome = SymbolRectifier(
          image: fine.binary, gray: image, patterns: gathering.open(fine.census.patterns, scale: 1)
        ).read(decode: readGrid, deadline: deadline)
        guard !outcome.structuredAppend else { return joinStructuredAppend(image, into: &gathering) }
        gathering.add(outcome, scale: 1)
        more = more || Self.mayHoldMore(gathering, after: outcome, patterns: fine.census.patterns, scale: 1)
      }
    }
    // Again while each round reads more: a sheet's unexplained pairs are more than one
    // round's windows hold. A lattice of look-alikes, which reads nothing, has one round.
    var read = -1
    while more, gathering.symbols.count > read, !deadline.hasPassed {
      read = gathering.symbols.count
      more =
        readAroundFinderPairs(
          image, pairs: gathering.finderPairs(Self.merged(leftovers, narrow?.census.patterns ?? []), scale: 1),
          gathering: &gathering, deadline: deadline)
        || gathering.symbols.count > read
    }
    guard more, zbar, !deadline.hasPassed else { return more }
    gathering.add(unplaced: scanner.scan(gathering.masked(image, level: image.lightLevel)))
    return more
  }

  /// `image` thresholded against a window three modules wide each way, the median module
  /// of the finders `census` saw across rows, and censused; nil when that window is not
  /// much narrower than the narrow one (`narrowRadius`) or the census ran over its limit.
  /// Measured: `make_scenes.py` seed 1 photo 020 (a sheet of 60 codes of four pixels a
  /// module, blurred) held four codes none of whose finders either window found, and all
  /// twelve under a window of 12 pixels.
  static func moduleSizedView(_ image: GrayImage, census: FinderPatternScan) -> LocatingView? {
    guard let module = medianModule(census) else { return nil }
    let radius = moduleSizedRadius(module)
    guard 3 * radius <= 2 * narrowRadius(image) else { return nil }
    let view = Self.view(image, scale: 1, radius: radius, mergedRings: true)
    return view.census.isTruncated ? nil : view
  }

  /// A threshold window's half-width of three modules of `moduleSize`, at least 4.
  static func moduleSizedRadius(_ moduleSize: Double) -> Int { max(4, Int(3 * moduleSize)) }

  /// A structured-append part among the rest: zbar joins the parts, over the whole image
  /// (what it reads again of the rest counts once). Nothing more is looked for.
  private func joinStructuredAppend(_ image: GrayImage, into gathering: inout SymbolGathering) -> Bool {
    gathering.add(unplaced: scanner.scan(image))
    return false
  }

  /// The windows around pairs of finders that no symbol read explains, each read doubled
  /// (thresholded against a small window, as the rectifying pass reads finders of under two
  /// pixels a module): a symbol whose third finder no census at this size found, or whose
  /// modules are too small here. Whether more may still be there.
  private func readAroundFinderPairs(
    _ image: GrayImage, pairs: [(first: Point, second: Point, moduleSize: Double)],
    gathering: inout SymbolGathering, deadline: Deadline
  ) -> Bool {
    var more = false
    for window in Self.windows(around: pairs, in: image) {
      guard !deadline.hasPassed else { return true }
      let doubled = Self.view(image.cropped(to: window).smoothlyDoubled(), scale: 2, radius: 12, mergedRings: true)
      guard !doubled.census.isTruncated else { continue }
      let offset = Point(Double(window.x), Double(window.y))
      let patterns = gathering.open(doubled.census.patterns, scale: 2, offset: offset)
      var outcome = SymbolRectifier(image: doubled.binary, gray: doubled.gray, patterns: patterns)
        .read(decode: readGrid, deadline: deadline)
      guard !outcome.structuredAppend else { return joinStructuredAppend(image, into: &gathering) }
      gathering.add(outcome, scale: 2, offset: offset)
      let trusted = gathering.open(patterns, scale: 2, offset: offset).filter { $0.rows >= 2 }
      if trusted.count >= 2, !deadline.hasPassed {
        // A third finder blur or noise has taken off 1:1:3:1:1: a loose census completes
        // two sure ones (as the last tries do, see `readThinnedFinders`).
        let loose = FinderPatternScan(doubled.binary, crossingLimit: Self.maximumFinderCrossings, thinned: true)
        var rectifier = SymbolRectifier(
          image: doubled.binary, gray: doubled.gray,
          patterns: Self.merged(trusted, gathering.open(loose.patterns, scale: 2, offset: offset)))
        rectifier.anchors = trusted.count
        outcome = rectifier.read(decode: readGrid, deadline: deadline)
        guard !outcome.structuredAppend else { return joinStructuredAppend(image, into: &gathering) }
        gathering.add(outcome, scale: 2, offset: offset)
      }
      more = more || outcome.outOfTries || outcome.unreadPlaces.contains { !gathering.covers($0 / 2 + offset) }
    }
    return more
  }

  /// The most pixels a window around finder pairs holds (it is read doubled).
  static let maximumWindowPixels = 1_000_000

  /// Rectangles of `image` holding the symbols each pair of finders could belong to (a
  /// leg's length around the pair, and four modules of quiet zone), overlapping ones
  /// joined; at most a few dozen, a megapixel each.
  static func windows(
    around pairs: [(first: Point, second: Point, moduleSize: Double)], in image: GrayImage
  ) -> [(x: Int, y: Int, width: Int, height: Int)] {
    var boxes: [(left: Double, top: Double, right: Double, bottom: Double)] = pairs.map { pair in
      let reach = length(pair.second - pair.first) + 4 * pair.moduleSize
      return (
        min(pair.first.x, pair.second.x) - reach, min(pair.first.y, pair.second.y) - reach,
        max(pair.first.x, pair.second.x) + reach, max(pair.first.y, pair.second.y) + reach
      )
    }
    // Join overlapping boxes until none overlap.
    var joined = true
    while joined {
      joined = false
      outer: for first in boxes.indices {
        for second in boxes.indices where second > first {
          let (a, b) = (boxes[first], boxes[second])
          guard a.left < b.right, b.left < a.right, a.top < b.bottom, b.top < a.bottom else { continue }
          let union = (min(a.left, b.left), min(a.top, b.top), max(a.right, b.right), max(a.bottom, b.bottom))
          // Not past a window's largest: on a sheet the pairs of a whole page overlap, and
          // their union, dropped below, read none of them (measured: `make_scenes.py` seed
          // 1 photo 020 read 40 of 60). Overlapping windows then each read their own.
          guard (union.2 - union.0) * (union.3 - union.1) <= Double(maximumWindowPixels) else { continue }
          boxes[first] = union
          boxes.remove(at: second)
          joined = true
          break outer
        }
      }
    }
    return boxes.prefix(24).compactMap { box in
      let left = max(0, Int(box.left))
      let top = max(0, Int(box.top))
      let right = min(image.width, Int(box.right.rounded(.up)))
      let bottom = min(image.height, Int(box.bottom.rounded(.up)))
      guard right - left >= 21, bottom - top >= 21, (right - left) * (bottom - top) <= maximumWindowPixels else {
        return nil
      }
      return (left, top, right - left, bottom - top)
    }
  }
}
