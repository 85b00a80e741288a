import QRQuiz

/// The dark connected regions of an image, as libapriltag thresholds it (each pixel
/// against the midpoint of the darkest and lightest pixels around it, regions of too
/// little contrast left out): where a marker may be. A marker, with the white border and
/// the card's margin around it, is one dark region about as wide as high; text, lines and
/// large areas are not, and most are left out by their size and shape before a detector
/// looks at them.
enum DarkBlobs {
  /// One row of a region: its leftmost and rightmost pixels.
  struct Span {
    var row: Int
    var left: Int
    var right: Int
  }

  /// One dark region: its bounding box, its number of pixels and its rows.
  struct Blob {
    var minX: Int
    var minY: Int
    var maxX: Int
    var maxY: Int
    var count: Int
    /// Its leftmost and rightmost pixel in each of its rows, top to bottom: its outline
    /// with every hole and dent along the rows filled.
    var rows: [Span]

    var width: Int { maxX - minX + 1 }
    var height: Int { maxY - minY + 1 }
    /// The larger of its width and height.
    var side: Int { max(width, height) }
  }

  /// Tiles whose darkest and lightest pixels are the threshold's neighbourhood (with the
  /// eight tiles around each), as libapriltag's 4-pixel tiles.
  static let tile = 4
  /// Less contrast than this in a neighbourhood, and it holds no marker (libapriltag's
  /// `min_white_black_diff` is 5 on its own scale of a tile; this is its pixels' range).
  static let minimumContrast = 24

  /// The dark regions of `image` whose bounding box's larger side is within `sides`.
  static func find(in image: GrayImage, sides: ClosedRange<Int>) -> [Blob] {
    let dark = threshold(image)
    return regions(dark, width: image.width, height: image.height).filter { blob in
      sides.contains(blob.side)
    }
  }

  /// One byte a pixel, 1 for dark.
  static func threshold(_ image: GrayImage) -> [UInt8] {
    let width = image.width
    let height = image.height
    let columns = (width + tile - 1) / tile
    let rows = (height + tile - 1) / tile
    var low = [UInt8](repeating: 255, count: columns * rows)
    var high = [UInt8](repeating: 0, count: columns * rows)
    var dark = [UInt8](repeating: 0, count: width * height)
    image.pixels.withUnsafeBufferPointer { pixels in
      low.withUnsafeMutableBufferPointer { low in
        high.withUnsafeMutableBufferPointer { high in
          for y in 0..<height {
            let row = pixels.baseAddress! + y * width
            let tiles = (y / tile) * columns
            for x in 0..<width {
              let value = row[x]
              let index = tiles + x / tile
              if value < low[index] { low[index] = value }
              if value > high[index] { high[index] = value }
            }
          }
        }
      }
      // Each tile's range widened to the eight around it.
      let spreadLow = spread(low, columns: columns, rows: rows, by: min)
      let spreadHigh = spread(high, columns: columns, rows: rows, by: max)
      dark.withUnsafeMutableBufferPointer { dark in
        for y in 0..<height {
          let row = pixels.baseAddress! + y * width
          let tiles = (y / tile) * columns
          for x in 0..<width {
            let index = tiles + x / tile
            let lowest = Int(spreadLow[index])
            let highest = Int(spreadHigh[index])
            if highest - lowest >= minimumContrast, Int(row[x]) * 2 < lowest + highest { dark[y * width + x] = 1 }
          }
        }
      }
    }
    return dark
  }

  /// `values` (a grid of tiles), each replaced by `combine` of it and its eight neighbours.
  private static func spread(
    _ values: [UInt8], columns: Int, rows: Int, by combine: (UInt8, UInt8) -> UInt8
  ) -> [UInt8] {
    var across = values
    for y in 0..<rows {
      for x in 0..<columns {
        var value = values[y * columns + x]
        if x > 0 { value = combine(value, values[y * columns + x - 1]) }
        if x + 1 < columns { value = combine(value, values[y * columns + x + 1]) }
        across[y * columns + x] = value
      }
    }
    var result = across
    for y in 0..<rows {
      for x in 0..<columns {
        var value = across[y * columns + x]
        if y > 0 { value = combine(value, across[(y - 1) * columns + x]) }
        if y + 1 < rows { value = combine(value, across[(y + 1) * columns + x]) }
        result[y * columns + x] = value
      }
    }
    return result
  }

  /// The 8-connected regions of dark pixels: runs of each row joined with the runs of the
  /// row above that touch them (union-find), then measured.
  static func regions(_ dark: [UInt8], width: Int, height: Int) -> [Blob] {
    var runs = Runs()
    dark.withUnsafeBufferPointer { dark in
      var above = 0..<0
      for y in 0..<height {
        let first = runs.count
        let row = dark.baseAddress! + y * width
        var x = 0
        // The runs of the row above are in order: one pointer walks them.
        var next = above.lowerBound
        while x < width {
          guard row[x] != 0 else {
            x += 1
            continue
          }
          let start = x
          while x < width, row[x] != 0 { x += 1 }
          let index = runs.append(start: start, end: x - 1, row: y)
          while next < above.upperBound, runs.end[next] < start - 1 { next += 1 }
          var touching = next
          while touching < above.upperBound, runs.start[touching] <= x {
            runs.join(touching, index)
            touching += 1
          }
          // The last run touched may touch the next run of this row too.
          next = max(next, touching - 1)
        }
        above = first..<runs.count
      }
    }
    return runs.regions()
  }

  /// Runs of dark pixels and the regions they join into.
  private struct Runs {
    var start: [Int] = []
    var end: [Int] = []
    var row: [Int] = []
    var parent: [Int] = []

    var count: Int { start.count }

    mutating func append(start: Int, end: Int, row: Int) -> Int {
      self.start.append(start)
      self.end.append(end)
      self.row.append(row)
      parent.append(parent.count)
      return parent.count - 1
    }

    mutating func root(_ index: Int) -> Int {
      var index = index
      while parent[index] != index {
        parent[index] = parent[parent[index]]
        index = parent[index]
      }
      return index
    }

    mutating func join(_ a: Int, _ b: Int) {
      let first = root(a)
      let second = root(b)
      if first != second { parent[max(first, second)] = min(first, second) }
    }

    /// Each region's box and size.
    mutating func regions() -> [Blob] {
      var blobs: [Blob] = []
      var blobOfRoot = [Int](repeating: -1, count: count)
      for index in 0..<count {
        let owner = root(index)
        if blobOfRoot[owner] < 0 {
          blobOfRoot[owner] = blobs.count
          blobs.append(
            Blob(minX: start[index], minY: row[index], maxX: end[index], maxY: row[index], count: 0, rows: []))
        }
        let blob = blobOfRoot[owner]
        // Runs come row by row: a region's rows in order.
        if let last = blobs[blob].rows.last, last.row == row[index] {
          blobs[blob].rows[blobs[blob].rows.count - 1].left = min(last.left, start[index])
          blobs[blob].rows[blobs[blob].rows.count - 1].right = max(last.right, end[index])
        } else {
          blobs[blob].rows.append(Span(row: row[index], left: start[index], right: end[index]))
        }
        blobs[blob].minX = min(blobs[blob].minX, start[index])
        blobs[blob].maxX = max(blobs[blob].maxX, end[index])
        blobs[blob].minY = min(blobs[blob].minY, row[index])
        blobs[blob].maxY = max(blobs[blob].maxY, row[index])
        blobs[blob].count += end[index] - start[index] + 1
      }
      return blobs
    }
  }
}
