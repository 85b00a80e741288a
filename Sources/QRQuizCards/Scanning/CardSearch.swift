import QRQuiz

/// Where in an image libapriltag looks, and how finely. Its detector run over a whole
/// 12 MP photo spends most of its time fitting quads to every edge of the clutter (text,
/// posters, furniture), at the resolution the smallest markers need and the large ones do
/// not. Here it looks only where a marker may be, each time at the coarsest level of the
/// image's pyramid that still gives the marker enough pixels a cell:
///
/// 1. the image's pyramid of halves (box-filtered, `ImagePyramid`);
/// 2. dark regions of a coarse level shaped and sized as a marker's black border
///    (`DarkBlobs`, `MarkerShape`): most of the clutter is left out here, in linear time;
/// 3. the largest first, each region read by libapriltag in a window around it on the level
///    where the marker keeps ``targetSide`` pixels, quads fitted only to edges as long as
///    the marker's; regions inside a card already read (its letters, its number) and
///    windows inside one already read are skipped.
///
/// Measured on the benchmark's classroom photos (`Benchmarks/cards.py`): a quarter of
/// libapriltag's own detection time at `quad_decimate` 2, decoding included, and it reads
/// the markers decimation misses.
struct CardSearch {
  let image: GrayImage
  let detector: TagDetector
  let deadline: Deadline
  let timeLimit: Double

  /// The smallest marker side (in the image's pixels) looked for.
  static let smallestSide = 20
  /// A window is read on the coarsest level where its marker keeps this many pixels (3 a
  /// cell).
  static let targetSide = 24
  /// The most windows one image gets: an image made to keep the detector busy ends here.
  static let maximumWindows = 2000

  /// A window read: its level, its pixels there, and the shortest edge fitted in it.
  private struct Window {
    var level: Int
    var region: PixelRegion
    var shortestEdge: Int
  }

  /// What a search found, and the work it took.
  struct Outcome {
    /// Every tag36h11 code found, its corners in the image's pixels.
    var detections: [TagDetector.Detection]
    /// The windows libapriltag read (at most ``CardSearch/maximumWindows``).
    var windows: Int
  }

  /// Every tag36h11 code found.
  ///
  /// - Throws: ``AnswerCardScanner/Error/timeLimitExceeded(seconds:)``.
  func run() throws(AnswerCardScanner.Error) -> Outcome {
    let searchLevel = Self.searchLevel(pixels: image.width * image.height)
    let pyramid = ImagePyramid(image, depth: 8)
    var found: [TagDetector.Detection] = []
    var cards: [CardArea] = []
    var windows: [Window] = []
    for candidate in Self.candidates(in: pyramid, from: searchLevel) {
      if cards.contains(where: { $0.contains(candidate.centre) }) { continue }
      guard !deadline.hasPassed else { throw .timeLimitExceeded(seconds: timeLimit) }
      let window = Self.window(for: candidate, in: pyramid)
      // A window read already that holds this one, fitting edges as short, read it too
      // (the letters of a word, the parts of a poster).
      if windows.contains(where: {
        $0.level == window.level && $0.region.contains(window.region) && $0.shortestEdge <= window.shortestEdge
      }) {
        continue
      }
      guard windows.count < Self.maximumWindows else { break }
      windows.append(window)
      let levelImage = pyramid.levels[window.level]
      let windowScale = Double(ImagePyramid.scale(of: window.level))
      for detection in detector.detect(
        in: levelImage, region: window.region, tuning: TagDetector.Tuning(minimumEdge: window.shortestEdge))
      {
        var full = detection
        // libapriltag's coordinates run along pixel edges (a pixel spans x to x + 1), as
        // the pyramid's levels do: a level's point is the image's point times its scale.
        full.corners = detection.corners.map { CardPoint(x: $0.x * windowScale, y: $0.y * windowScale) }
        guard !found.contains(where: { $0.id == full.id && $0.centre.distance(to: full.centre) < full.side / 2 }) else {
          continue
        }
        found.append(full)
        cards.append(CardArea(full))
      }
    }
    return Outcome(detections: found, windows: windows.count)
  }

  /// A dark region that may be a marker, in the image's pixels (along their edges, as
  /// libapriltag's points are: a pixel spans x to x + 1).
  struct Candidate {
    /// The middle of its box.
    var centre: CardPoint
    /// The larger side of its box.
    var box: Double
    /// The side of the marker it would be: its border and dark cells fill about three
    /// quarters of it, and a square turned 45° has a box 1.41 times its side.
    var side: Double

    init(_ blob: DarkBlobs.Blob, scale: Double) {
      centre = CardPoint(
        x: (Double(blob.minX + blob.maxX) / 2 + 0.5) * scale, y: (Double(blob.minY + blob.maxY) / 2 + 0.5) * scale)
      box = Double(blob.side) * scale
      side = max((Double(blob.count) / 0.75).squareRoot() * scale, box / 1.45)
    }
  }

  /// The largest side of a region looked for on one level: past it, a marker's black cells
  /// are wider than the threshold's neighbourhood, their middles go unmarked, and the
  /// border falls apart; such markers are looked for two levels up, where they are a
  /// quarter as wide.
  static let largestSide = 40

  /// The regions that may be markers, largest first: on `first` level from the smallest
  /// marker's side, then every second level above it for the larger ones.
  static func candidates(in pyramid: ImagePyramid, from first: Int) -> [Candidate] {
    var candidates: [Candidate] = []
    for level in stride(from: min(first, pyramid.levels.count - 1), to: pyramid.levels.count, by: 2) {
      let image = pyramid.levels[level]
      let scale = Double(ImagePyramid.scale(of: level))
      // Two levels up, a region is a quarter as wide, and its box a pixel more or less for
      // where the level's pixels fall: the ranges overlap by more than that.
      let smallest = level == first ? max(3, Int(Double(smallestSide) * 0.75 / scale)) : largestSide / 4 - 2
      let largest = level + 2 < pyramid.levels.count ? largestSide : max(largestSide, image.width, image.height)
      candidates += DarkBlobs.find(in: image, sides: smallest...largest).filter(mayBeMarker).map {
        Candidate($0, scale: scale)
      }
    }
    return candidates.sorted { $0.side > $1.side }
  }

  /// The window around `candidate`: on the coarsest level where the marker keeps
  /// ``targetSide`` pixels, holding the marker, its white border and a little more.
  private static func window(for candidate: Candidate, in pyramid: ImagePyramid) -> Window {
    var level = 0
    while level + 1 < pyramid.levels.count,
      candidate.side / Double(ImagePyramid.scale(of: level + 1)) >= Double(targetSide)
    {
      level += 1
    }
    let levelScale = Double(ImagePyramid.scale(of: level))
    // The white border is an eighth of the side; a little more for where the region's box
    // was cut on its level.
    let half = (candidate.box * 0.5 + candidate.side * 0.18) / levelScale + 1
    let region = PixelRegion.around(
      CardPoint(x: candidate.centre.x / levelScale, y: candidate.centre.y / levelScale), halfSide: half,
      within: pyramid.levels[level])
    // A marker's outer edge is four sides long: edges shorter than one side are not its.
    return Window(level: level, region: region, shortestEdge: max(5, Int(candidate.side / levelScale)))
  }

  /// The pyramid level dark regions are looked for on: the first of 600,000 pixels or
  /// fewer, and at most a quarter of the image's side (where the smallest markers are still
  /// regions of five pixels).
  static func searchLevel(pixels: Int) -> Int {
    var level = 0
    while level < 2, pixels >> (2 * level) > 600_000 { level += 1 }
    return level
  }

  /// A region about as wide as high, filled enough to be a marker's black border with its
  /// dark cells (a square turned and seen at an angle fills at least about a third of its
  /// box), and, when it is large enough for its shape to tell, shaped as one.
  static func mayBeMarker(_ blob: DarkBlobs.Blob) -> Bool {
    let aspect = Double(blob.width) / Double(blob.height)
    guard aspect >= 0.4, aspect <= 2.5, blob.count * 4 >= blob.width * blob.height else { return false }
    return blob.side < shapedSide || MarkerShape.mayBeMarker(blob, counters: blob.side >= counteredSide)
  }

  /// Regions this many pixels wide or more (on the level searched) are judged by their
  /// shape too.
  static let shapedSide = 12
  /// Regions this many pixels wide or more show a marker's light cells as counters.
  static let counteredSide = 16
}

/// The card around a marker read: where the regions its own letters and number make need
/// no window of their own.
struct CardArea {
  let centre: CardPoint
  let radius: Double

  init(_ detection: TagDetector.Detection) {
    centre = detection.centre
    // The card's side is 1/0.6 of its marker's; its half-diagonal is within this.
    radius = detection.side / 0.6 * 0.72
  }

  func contains(_ point: CardPoint) -> Bool { centre.distance(to: point) <= radius }
}

extension TagDetector.Detection {
  /// The marker's centre: the mean of its corners.
  var centre: CardPoint {
    CardPoint(x: corners.map(\.x).reduce(0, +) / 4, y: corners.map(\.y).reduce(0, +) / 4)
  }

  /// The marker's mean side.
  var side: Double { (0..<4).map { corners[$0].distance(to: corners[($0 + 1) % 4]) }.reduce(0, +) / 4 }
}

extension PixelRegion {
  /// Whether `other` lies wholly inside this region.
  func contains(_ other: PixelRegion) -> Bool {
    other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
  }

  /// The square of `halfSide` around `centre`, cut to `image`.
  static func around(_ centre: CardPoint, halfSide: Double, within image: GrayImage) -> PixelRegion {
    let minX = max(0, Int((centre.x - halfSide).rounded(.down)))
    let minY = max(0, Int((centre.y - halfSide).rounded(.down)))
    let maxX = min(image.width, Int((centre.x + halfSide).rounded(.up)) + 1)
    let maxY = min(image.height, Int((centre.y + halfSide).rounded(.up)) + 1)
    return PixelRegion(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
  }
}
