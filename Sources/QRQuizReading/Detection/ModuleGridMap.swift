import Foundation

/// Where each module of a symbol lies in the image.
///
/// One perspective map fits a flat symbol photographed by an ideal camera. Paper bends and
/// lenses bulge, and on a large symbol a small error in the map grows to whole modules at
/// the far side, so from version 7 (a 3×3 grid of alignment patterns or more) the symbol is
/// cut into the regions between neighbouring alignment-pattern centres and each region gets
/// its own perspective map through its four corners. A corner whose pattern was not found
/// is placed by the global map; modules outside the outermost centres use the nearest
/// region's map.
struct ModuleGridMap {
  let dimension: Int
  private let global: Homography
  /// Module coordinates of the region corners along each axis (alignment centres).
  private let lines: [Double]
  /// Row-major regions, `(lines.count - 1)²` of them; empty for a single global map.
  private let regions: [Homography]
  /// Offsets measured on the data modules themselves, once the map follows them.
  private var bends: BendField?

  /// A map for a symbol of `dimension` modules through `global`, refined by the alignment
  /// pattern centres `found` (module point → image point) from version 7 on.
  init(dimension: Int, global: Homography, found: [Point: Point]) {
    self.dimension = dimension
    self.global = global
    let version = SymbolGeometry.version(ofDimension: dimension) ?? 1
    let centres = SymbolGeometry.alignmentCentres(ofVersion: version).map { Double($0) + 0.5 }
    guard version >= 7 else {
      (lines, regions) = ([], [])
      return
    }
    var regions: [Homography] = []
    for row in 0..<centres.count - 1 {
      for column in 0..<centres.count - 1 {
        let corners = [(column, row), (column + 1, row), (column, row + 1), (column + 1, row + 1)].map { x, y in
          let module = Point(centres[x], centres[y])
          return (module: module, image: found[module] ?? global.map(module))
        }
        regions.append(Homography(fitting: corners) ?? global)
      }
    }
    (lines, self.regions) = (centres, regions)
  }

  /// The image point of module point `module` (the centre of module (x, y) is x + ½, y + ½).
  func map(_ module: Point) -> Point {
    let point = perspective(module)
    return bends.map { point + $0.offset(at: module) } ?? point
  }

  private func perspective(_ module: Point) -> Point {
    guard !regions.isEmpty else { return global.map(module) }
    return regions[region(module.y) * (lines.count - 1) + region(module.x)].map(module)
  }

  /// The region along one axis holding `coordinate`: the last line at or before it, the
  /// outermost regions reaching past the outermost lines.
  @inline(__always)
  private func region(_ coordinate: Double) -> Int {
    var index = 0
    while index + 2 < lines.count, lines[index + 1] <= coordinate { index += 1 }
    return index
  }

  /// This map bent to follow the symbol where it is not flat. Each isolated dark module of
  /// `matrix` (sampled through this map; light on all four sides, so nothing else dark is
  /// within its reach) is found again in `image` as the centre of the dark pixels around
  /// where the map puts it, and the offsets, smoothed over a few modules, move the map.
  func following(_ matrix: QRMatrix, in image: BinaryImage) -> ModuleGridMap {
    var anchors: [(module: Point, offset: Point)] = []
    for y in 1..<dimension - 1 {
      for x in 1..<dimension - 1
      where matrix[x, y] && !matrix[x - 1, y] && !matrix[x + 1, y] && !matrix[x, y - 1] && !matrix[x, y + 1] {
        let module = Point(Double(x) + 0.5, Double(y) + 0.5)
        let predicted = map(module)
        let size = global.moduleSize(at: module)
        if let centre = Self.darkCentre(near: predicted, moduleSize: size, in: image) {
          anchors.append((module, centre - perspective(module)))
        }
      }
    }
    var bent = self
    bent.bends = BendField(dimension: dimension, anchors: anchors)
    return bent
  }

  /// The centre of the dark module near `point`: the mean of the dark pixels within two
  /// thirds of a module, recentred until it settles; nil if too few are dark.
  private static func darkCentre(near point: Point, moduleSize: Double, in image: BinaryImage) -> Point? {
    let radius = moduleSize * 0.65
    guard point.isUsable, radius >= 1, radius < 1000 else { return nil }
    var centre = point
    for _ in 0..<3 {
      var sum = Point.zero
      var count = 0.0
      for y in Int((centre.y - radius).rounded(.down))...Int((centre.y + radius).rounded(.up)) {
        for x in Int((centre.x - radius).rounded(.down))...Int((centre.x + radius).rounded(.up)) {
          guard x >= 0, y >= 0, x < image.width, y < image.height, image.isDark(x, y) else { continue }
          let pixel = Point(Double(x), Double(y))
          guard length(pixel - centre) <= radius else { continue }
          sum += pixel
          count += 1
        }
      }
      // A module covers about three quarters of the circle; far fewer is noise.
      guard count >= 0.4 * radius * radius * .pi else { return nil }
      centre = sum / count
    }
    // A centre that wandered over half a module away belongs to something else.
    return length(centre - point) <= moduleSize * 0.5 ? centre : nil
  }

  /// The symbol's modules read from `image` at each module's centre (light off the image).
  func sample(_ image: BinaryImage) -> QRMatrix {
    var modules = [Bool](repeating: false, count: dimension * dimension)
    // Each module's region worked out once a row and a column, not once a module.
    let cells = max(1, lines.count - 1)
    let columns = (0..<dimension).map { regions.isEmpty ? 0 : region(Double($0) + 0.5) }
    modules.withUnsafeMutableBufferPointer { modules in
      for y in 0..<dimension {
        let row = regions.isEmpty ? 0 : region(Double(y) + 0.5) * cells
        for x in 0..<dimension {
          let module = Point(Double(x) + 0.5, Double(y) + 0.5)
          var point = regions.isEmpty ? global.map(module) : regions[row + columns[x]].map(module)
          if let bends { point += bends.offset(x: x, y: y) }
          modules[y * dimension + x] = image.isDark(at: point)
        }
      }
    }
    return QRMatrix(size: dimension, version: SymbolGeometry.version(ofDimension: dimension) ?? 1, modules: modules)
  }

  /// The symbol's outer corners in the image, clockwise from its top-left.
  var corners: [Point] {
    let side = Double(dimension)
    return [Point(0, 0), Point(side, 0), Point(side, side), Point(0, side)].map(map)
  }

  /// The bounding box's top-left corner of the symbol in the image.
  var origin: (x: Int, y: Int) {
    let corners = corners
    return (pixelIndex(corners.map(\.x).min()!) ?? 0, pixelIndex(corners.map(\.y).min()!) ?? 0)
  }
}

/// Offsets measured at scattered module points, smoothed: at each module centre, the mean
/// of the offsets within a few modules, weighted by how near they are, pulled towards zero
/// where there are few. Worked out once for every module centre; any other point takes
/// its module's offset.
struct BendField {
  private let dimension: Int
  private let offsets: [Point]
  /// The weight's width, in modules: a bend spans several modules.
  private static let width = 2.5
  /// The weight of "no offset": an anchor about three widths away counts as much.
  private static let prior = 0.01

  init(dimension: Int, anchors: [(module: Point, offset: Point)]) {
    self.dimension = dimension
    // Anchors sorted by module row, with where each row's start: each centre then reads
    // only the rows within reach, as one contiguous run.
    let sorted = anchors.sorted { $0.module.y < $1.module.y }
    var rowStarts = [Int](repeating: sorted.count, count: dimension + 1)
    for (index, anchor) in sorted.enumerated().reversed() {
      rowStarts[min(dimension - 1, max(0, Int(anchor.module.y)))] = index
    }
    for row in stride(from: dimension - 1, through: 0, by: -1) {
      rowStarts[row] = min(rowStarts[row], rowStarts[row + 1])
    }
    let reach = Int((3 * Self.width).rounded(.up))
    let scale = 1 / (Self.width * Self.width)
    var offsets = [Point](repeating: .zero, count: dimension * dimension)
    offsets.withUnsafeMutableBufferPointer { offsets in
      sorted.withUnsafeBufferPointer { sorted in
        for y in 0..<dimension {
          let run = rowStarts[max(0, y - reach)]..<rowStarts[min(dimension, y + reach + 1)]
          let centreY = Double(y) + 0.5
          for x in 0..<dimension {
            let centreX = Double(x) + 0.5
            var sumX = 0.0
            var sumY = 0.0
            var weights = Self.prior
            for index in run {
              let dx = sorted[index].module.x - centreX
              let dy = sorted[index].module.y - centreY
              let squared = (dx * dx + dy * dy) * scale
              guard squared < 9 else { continue }
              // A smooth bump, cheaper than a Gaussian and as good here.
              let weight = 1 / ((1 + squared) * (1 + squared))
              sumX += sorted[index].offset.x * weight
              sumY += sorted[index].offset.y * weight
              weights += weight
            }
            offsets[y * dimension + x] = Point(sumX / weights, sumY / weights)
          }
        }
      }
    }
    self.offsets = offsets
  }

  /// The offset at the centre of module (x, y).
  @inline(__always)
  func offset(x: Int, y: Int) -> Point { offsets[y * dimension + x] }

  func offset(at module: Point) -> Point {
    let x = min(dimension - 1, max(0, Int(module.x.rounded(.down))))
    let y = min(dimension - 1, max(0, Int(module.y.rounded(.down))))
    return offsets[y * dimension + x]
  }
}
