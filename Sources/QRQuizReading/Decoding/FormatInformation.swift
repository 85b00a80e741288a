/// A symbol's format information (ISO/IEC 18004 §7.9): its error-correction level and data
/// mask, five bits protected by a BCH(15, 5) code and XORed with 101010000010010, stored
/// twice (around the top-left finder, and split between the other two).
struct FormatInformation: Sendable, Hashable {
  let level: QRErrorCorrection
  /// The data mask pattern, 0–7.
  let mask: Int

  /// The 15 bits stored in the symbol for `level` and `mask`.
  static func bits(level: QRErrorCorrection, mask: Int) -> Int {
    let data = levelBits(level) << 3 | mask
    var remainder = data << 10
    for bit in stride(from: 14, through: 10, by: -1) where remainder & (1 << bit) != 0 {
      remainder ^= 0x537 << (bit - 10)
    }
    return (data << 10 | remainder) ^ 0x5412
  }

  /// The standard's two bits for each level: L 01, M 00, Q 11, H 10.
  private static func levelBits(_ level: QRErrorCorrection) -> Int {
    switch level {
    case .low: 1
    case .medium: 0
    case .quartile: 3
    case .high: 2
    }
  }

  /// Every valid format: all 32 and their bits.
  private static let all: [(format: FormatInformation, bits: Int)] = QRErrorCorrection.allCases.flatMap { level in
    (0..<8).map { mask in (FormatInformation(level: level, mask: mask), bits(level: level, mask: mask)) }
  }

  /// The format nearest either copy read from `matrix`, if at most three bits are wrong
  /// (the code's distance is seven).
  init?(reading matrix: QRMatrix) {
    guard let (format, _) = Self.nearest(in: matrix) else { return nil }
    self = format
  }

  /// The format nearest either copy read from `matrix` (or from its mirror image, the
  /// grid transposed, when `mirrored`), and how many of that copy's bits are wrong; nil
  /// when more than three are.
  static func nearest(in matrix: QRMatrix, mirrored: Bool = false) -> (format: FormatInformation, wrongBits: Int)? {
    let size = matrix.size
    func dark(_ x: Int, _ y: Int) -> Int { (mirrored ? matrix[y, x] : matrix[x, y]) ? 1 : 0 }
    var first = 0
    var second = 0
    // Around the top-left finder, most significant bit first.
    let around: [(Int, Int)] = (0..<6).map { ($0, 8) } + [(7, 8), (8, 8), (8, 7)] + (0..<6).reversed().map { (8, $0) }
    for (x, y) in around { first = first << 1 | dark(x, y) }
    // Down the bottom-left finder's side, then along the top-right one's.
    let split: [(Int, Int)] = (size - 7..<size).reversed().map { (8, $0) } + (size - 8..<size).map { ($0, 8) }
    for (x, y) in split { second = second << 1 | dark(x, y) }
    var best: (format: FormatInformation, wrongBits: Int)?
    for (format, bits) in Self.all {
      let distance = min((bits ^ first).nonzeroBitCount, (bits ^ second).nonzeroBitCount)
      if distance < best?.wrongBits ?? 4 { best = (format, distance) }
    }
    return best
  }

  init(level: QRErrorCorrection, mask: Int) {
    self.level = level
    self.mask = mask
  }

  /// Whether the mask flips the module at column `x`, row `y` (ISO/IEC 18004 Table 10).
  @inline(__always)
  func flips(x: Int, y: Int) -> Bool {
    switch mask {
    case 0: (y + x) % 2 == 0
    case 1: y % 2 == 0
    case 2: x % 3 == 0
    case 3: (y + x) % 3 == 0
    case 4: (y / 2 + x / 3) % 2 == 0
    case 5: (y * x) % 2 + (y * x) % 3 == 0
    case 6: ((y * x) % 2 + (y * x) % 3) % 2 == 0
    default: ((y + x) % 2 + (y * x) % 3) % 2 == 0
    }
  }
}
