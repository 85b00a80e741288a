/// Where a QR symbol of a given version has its fixed patterns (ISO/IEC 18004 §6.3, Annex
/// D and E): what the rectifying pass looks for once it knows a symbol's size.
enum SymbolGeometry {
  /// Modules per side of `version`.
  static func dimension(ofVersion version: Int) -> Int { 17 + 4 * version }

  /// The version of a symbol `dimension` modules wide; `nil` unless it is 21, 25, … 177.
  static func version(ofDimension dimension: Int) -> Int? {
    guard dimension >= 21, dimension <= 177, (dimension - 17) % 4 == 0 else { return nil }
    return (dimension - 17) / 4
  }

  /// The rows (and columns) of the alignment patterns' centres of `version`, ascending:
  /// none for version 1; 6 and the last at dimension − 7, the ones between evenly spaced
  /// by an even step (the standard's table, Annex E, follows this rule except version 32,
  /// whose step is 26 rather than 28).
  static func alignmentCentres(ofVersion version: Int) -> [Int] {
    guard version >= 2 else { return [] }
    let count = version / 7 + 2
    let last = dimension(ofVersion: version) - 7
    let step = version == 32 ? 26 : (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
    return [6] + (0..<count - 1).reversed().map { last - $0 * step }
  }

  /// The 18-bit version information of `version` (7 or more): the version in the top six
  /// bits, then the remainder of a BCH(18, 6) code with generator x¹²+x¹¹+x¹⁰+x⁹+x⁸+x⁵+x²+1.
  static func versionInformation(_ version: Int) -> Int {
    let generator = 0x1F25
    var remainder = version << 12
    for bit in stride(from: 17, through: 12, by: -1) where remainder & (1 << bit) != 0 {
      remainder ^= generator << (bit - 12)
    }
    return version << 12 | remainder
  }

  /// The version whose information is nearest to `bits`, if at most three bits differ (the
  /// code corrects three errors).
  static func version(fromInformation bits: Int) -> Int? {
    var best: (version: Int, distance: Int)?
    for version in 7...40 {
      let distance = (versionInformation(version) ^ bits).nonzeroBitCount
      if distance < best?.distance ?? 4 { best = (version, distance) }
    }
    return best?.version
  }

  /// The modules holding version information bit `bit` (0 is the least significant): one
  /// in the block above the bottom-left finder, one left of the top-right finder.
  static func versionInformationModules(bit: Int, dimension: Int) -> (
    topRight: (x: Int, y: Int), bottomLeft: (x: Int, y: Int)
  ) {
    let topRight = (x: dimension - 11 + bit % 3, y: bit / 3)
    return (topRight, (x: topRight.y, y: topRight.x))
  }
}
