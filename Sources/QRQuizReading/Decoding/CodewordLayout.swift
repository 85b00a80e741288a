import QRQuizLocking

/// Where a symbol's codewords lie (ISO/IEC 18004 §7.7.3): every module that is not part of
/// a function pattern (finders and their separators, format and version information,
/// timing, alignment patterns, the dark module) holds one data bit, read in two-module
/// columns from the bottom-right, up and down in turn, skipping the vertical timing column.
enum CodewordLayout {
  /// Whether module (x, y) of a `version` symbol belongs to a function pattern.
  static func functionModules(version: Int) -> [Bool] {
    let size = SymbolGeometry.dimension(ofVersion: version)
    var function = [Bool](repeating: false, count: size * size)
    func mark(_ xs: Range<Int>, _ ys: Range<Int>) {
      for y in ys { for x in xs { function[y * size + x] = true } }
    }
    // Finders with their separators and the format information beside them (the dark
    // module lies in the bottom-left block).
    mark(0..<9, 0..<9)
    mark(size - 8..<size, 0..<9)
    mark(0..<9, size - 8..<size)
    // Timing patterns.
    mark(6..<7, 0..<size)
    mark(0..<size, 6..<7)
    let centres = SymbolGeometry.alignmentCentres(ofVersion: version)
    for row in centres {
      for column in centres {
        let underFinder =
          (row == 6 && (column == 6 || column == centres.last)) || (column == 6 && row == centres.last)
        if !underFinder { mark(column - 2..<column + 3, row - 2..<row + 3) }
      }
    }
    if version >= 7 {
      mark(0..<6, size - 11..<size - 8)
      mark(size - 11..<size - 8, 0..<6)
    }
    return function
  }

  /// The indices (y · size + x) of the modules holding data bits, in the order the bits
  /// are placed: two-module columns from the bottom-right, up and down in turn. Worked
  /// out once a version (a photo's symbols are sampled and decoded many times).
  static func dataModules(version: Int) -> [Int] {
    if let known = placements.withLock({ $0[version] }) { return known }
    let order = placementOrder(version: version)
    placements.withLock { $0[version] = order }
    return order
  }

  private static let placements = Locked<[Int: [Int]]>([:])

  private static func placementOrder(version: Int) -> [Int] {
    let size = SymbolGeometry.dimension(ofVersion: version)
    let function = functionModules(version: version)
    var order: [Int] = []
    order.reserveCapacity(size * size)
    var upwards = true
    var column = size - 1
    while column > 0 {
      if column == 6 { column -= 1 }
      for step in 0..<size {
        let y = upwards ? size - 1 - step : step
        for x in [column, column - 1] where !function[y * size + x] { order.append(y * size + x) }
      }
      upwards.toggle()
      column -= 2
    }
    return order
  }

  /// The codewords of `matrix`, unmasked with `format`'s mask, in the order they are
  /// placed (interleaved across blocks); the few remainder bits are dropped.
  static func codewords(of matrix: QRMatrix, format: FormatInformation) -> [UInt8] {
    let size = matrix.size
    let order = dataModules(version: matrix.version)
    guard size == SymbolGeometry.dimension(ofVersion: matrix.version) else {
      return (0..<order.count / 8).map { codeword in
        var value = 0
        for index in order[codeword * 8..<codeword * 8 + 8] {
          let flipped = format.flips(x: index % size, y: index / size)
          value = value << 1 | (matrix.modules[index] != flipped ? 1 : 0)
        }
        return UInt8(value)
      }
    }
    // Every grid a photo's triples give is decoded this way, most of them look-alikes: the
    // mask's bits come from a table worked out once a version and mask, not two divisions
    // and the mask's formula a module.
    let flips = maskBits(version: matrix.version, mask: format.mask)
    var codewords = [UInt8](repeating: 0, count: order.count / 8)
    matrix.modules.withUnsafeBufferPointer { modules in
      order.withUnsafeBufferPointer { order in
        flips.withUnsafeBufferPointer { flips in
          for codeword in 0..<codewords.count {
            var value: UInt8 = 0
            for bit in codeword &* 8..<codeword &* 8 &+ 8 {
              value = value << 1 | ((modules[order[bit]] ? 1 : 0) ^ flips[bit])
            }
            codewords[codeword] = value
          }
        }
      }
    }
    return codewords
  }

  /// Whether `mask` flips each data module of a `version` symbol (1) or not (0), in the
  /// order of ``dataModules(version:)``. Worked out once a version and mask.
  static func maskBits(version: Int, mask: Int) -> [UInt8] {
    let key = version * 8 + mask
    if let known = masks.withLock({ $0[key] }) { return known }
    let size = SymbolGeometry.dimension(ofVersion: version)
    let format = FormatInformation(level: .low, mask: mask)
    let bits = dataModules(version: version).map { index in
      UInt8(format.flips(x: index % size, y: index / size) ? 1 : 0)
    }
    masks.withLock { $0[key] = bits }
    return bits
  }

  private static let masks = Locked<[Int: [UInt8]]>([:])

  /// How sure each codeword is, in the same order: the least sure of its eight modules
  /// (one wrong bit is enough to make it wrong).
  static func confidences(_ confidence: [UInt8], version: Int) -> [UInt8] {
    let order = dataModules(version: version)
    return (0..<order.count / 8).map { codeword in order[codeword * 8..<codeword * 8 + 8].map { confidence[$0] }.min()!
    }
  }
}
