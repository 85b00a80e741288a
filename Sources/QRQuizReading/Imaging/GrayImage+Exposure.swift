/// How well a photo is exposed, from its histogram: a photo under- or over-exposed holds
/// codes whose finders the first census often misses (noise amplified with dark levels
/// breaks their thin rings; washed-out ink sits near the threshold), so a photo read in
/// part is read on (see `QRCodeReader+Gathering`).
extension GrayImage {
  enum Exposure: Equatable {
    case normal
    /// The lightest hundredth of the pixels under ``underExposedLevel``: the levels squeezed
    /// into the bottom of the range.
    case under
    /// At least ``clippedShare`` of the pixels clipped to white and the darkest hundredth
    /// over ``washedOutLevel``: the paper clipped, the ink washed out to grey.
    case over
  }

  /// Measured on make_scenes.py's exposure photos (the lightest hundredth at 47-78 under,
  /// the paper 34-61% clipped and the darkest hundredth at 62-226 over) against its other
  /// scenes and the captures (the lightest hundredth at 114 or more; clipped at most 27%
  /// with the darkest hundredth under 47).
  static let underExposedLevel = 96
  static let clippedShare = 0.25
  static let washedOutLevel = 56

  /// The photo's exposure, from every fourth pixel's level.
  var exposure: Exposure {
    var histogram = [Int](repeating: 0, count: 256)
    var index = 0
    while index < pixels.count {
      histogram[Int(pixels[index])] += 1
      index += 4
    }
    let total = histogram.reduce(0, +)
    guard total > 0 else { return .normal }
    // The level below which `share` of the pixels lie.
    func level(below share: Double) -> Int {
      var seen = 0
      for (level, count) in histogram.enumerated() {
        seen += count
        if Double(seen) >= share * Double(total) { return level }
      }
      return 255
    }
    if level(below: 0.99) < Self.underExposedLevel { return .under }
    let clipped = histogram[250...].reduce(0, +)
    if Double(clipped) >= Self.clippedShare * Double(total), level(below: 0.01) > Self.washedOutLevel { return .over }
    return .normal
  }
}
