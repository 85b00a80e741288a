extension GrayImage {
  /// Doubled in both directions by Catmull-Rom (bicubic) interpolation. Unlike
  /// ``smoothlyDoubled()``, which blends two neighbours and so softens every edge, the
  /// cubic's negative side lobes steepen an edge a little: the thin light ring of a blurred
  /// finder at about two pixels a module comes out as a light pixel between two dark ones,
  /// which the finder census needs.
  public func bicubicallyDoubled() -> GrayImage {
    let outWidth = width * 2
    let outHeight = height * 2
    guard width > 0, height > 0 else {
      return GrayImage(width: outWidth, height: outHeight, pixels: [])
    }
    // Output 2i sits a quarter pixel before input i, output 2i + 1 a quarter after; the
    // Catmull-Rom weights at a quarter step are −9, 111, 29, −3 (of 128) for inputs i − 1,
    // i, i + 1, i + 2 (mirrored for the point before). Across the rows first, in Int32 to
    // keep the lobes' negative sums, then down, rounded and clamped once at the end.
    var rows = [Int32](repeating: 0, count: outWidth * height)
    pixels.withUnsafeBufferPointer { pixels in
      rows.withUnsafeMutableBufferPointer { rows in
        for y in 0..<height {
          let source = y * width
          let target = y * outWidth
          let sample = { (x: Int) in Int32(pixels[source &+ Swift.min(width &- 1, Swift.max(0, x))]) }
          for x in 0..<width {
            let (before2, before, centre, after, after2) =
              (sample(x &- 2), sample(x &- 1), sample(x), sample(x &+ 1), sample(x &+ 2))
            rows[target &+ 2 &* x] = -3 &* before2 &+ 29 &* before &+ 111 &* centre &- 9 &* after
            rows[target &+ 2 &* x &+ 1] = -9 &* before &+ 111 &* centre &+ 29 &* after &- 3 &* after2
          }
        }
      }
    }
    var output = [UInt8](repeating: 0, count: outWidth * outHeight)
    rows.withUnsafeBufferPointer { rows in
      output.withUnsafeMutableBufferPointer { output in
        let line = { (y: Int) in Swift.min(height &- 1, Swift.max(0, y)) &* outWidth }
        for y in 0..<height {
          let (before2, before, centre, after, after2) = (line(y - 2), line(y - 1), line(y), line(y + 1), line(y + 2))
          let upper = 2 * y * outWidth
          let lower = upper + outWidth
          for x in 0..<outWidth {
            let top =
              -3 &* rows[before2 &+ x] &+ 29 &* rows[before &+ x] &+ 111 &* rows[centre &+ x]
              &- 9 &* rows[after &+ x]
            let bottom =
              -9 &* rows[before &+ x] &+ 111 &* rows[centre &+ x] &+ 29 &* rows[after &+ x]
              &- 3 &* rows[after2 &+ x]
            // Scaled by 128 · 128 = 2^14; half of that rounds.
            output[upper &+ x] = UInt8(clamping: (top &+ 8192) >> 14)
            output[lower &+ x] = UInt8(clamping: (bottom &+ 8192) >> 14)
          }
        }
      }
    }
    return GrayImage(width: outWidth, height: outHeight, pixels: output)
  }
}
