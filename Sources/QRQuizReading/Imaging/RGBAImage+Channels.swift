extension RGBAImage {
  /// The red, green and blue channels (over white where transparent) of a colour image,
  /// the one whose levels spread widest first; empty for a grey image. Dark ink of some
  /// hue on coloured paper can differ little in brightness and much in one channel (blue
  /// ink on yellow paper: 23 against 205 in brightness, 0 against 230 in red). Which
  /// channel keeps a code's contrast the spread over the whole photo cannot always tell
  /// (a dark surround spreads a channel the code barely uses), so a reader that found
  /// nothing tries each. The spread is between the 5th and the 95th percentile of the
  /// levels, which a few stray pixels do not move.
  package func channelsByContrast() -> [GrayImage] {
    var histograms = [[Int]](repeating: [Int](repeating: 0, count: 256), count: 3)
    var coloured = false
    for pixel in pixels {
      let (red, green, blue) = Self.overWhite(pixel)
      histograms[0][red] += 1
      histograms[1][green] += 1
      histograms[2][blue] += 1
      coloured = coloured || red != green || green != blue
    }
    guard coloured, !pixels.isEmpty else { return [] }
    let spreads = histograms.map { Self.spread($0, count: pixels.count) }
    return (0..<3).sorted { spreads[$0] > spreads[$1] }.map { channel in
      GrayImage(
        width: width, height: height,
        pixels: pixels.map { pixel in
          let (red, green, blue) = Self.overWhite(pixel)
          return UInt8([red, green, blue][channel])
        })
    }
  }

  /// A pixel's red, green and blue composited over white.
  @inline(__always)
  private static func overWhite(_ pixel: UInt32) -> (Int, Int, Int) {
    let bytes = pixel.littleEndian
    let alpha = Int(bytes >> 24 & 0xFF)
    func channel(_ shift: UInt32) -> Int { (Int(bytes >> shift & 0xFF) * alpha + 255 * (255 - alpha) + 127) / 255 }
    return (channel(0), channel(8), channel(16))
  }

  /// Levels between the 5th and the 95th percentile of `histogram`.
  private static func spread(_ histogram: [Int], count: Int) -> Int {
    let tail = count / 20
    var low = 0
    var seen = histogram[0]
    while low < 255, seen <= tail {
      low += 1
      seen += histogram[low]
    }
    var high = 255
    seen = histogram[255]
    while high > 0, seen <= tail {
      high -= 1
      seen += histogram[high]
    }
    return max(0, high - low)
  }
}
