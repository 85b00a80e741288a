/// The image operations the QR reader retries with when a plain pass finds nothing, in
/// rough order of cost. Each returns a new image; none allocates more than the output.
extension GrayImage {
  /// Light for dark: finds light-on-dark codes, which zbar does not look for by itself.
  public func inverted() -> GrayImage {
    GrayImage(width: width, height: height, pixels: pixels.flipped(by: 255))
  }

  /// Each `factor` × `factor` block averaged into one pixel: removes noise and texture
  /// finer than a module, and makes large photos cheap to scan.
  public func downscaled(by factor: Int) -> GrayImage {
    precondition(factor >= 1, "factor must be >= 1")
    let outWidth = width / factor
    let outHeight = height / factor
    guard factor > 1, outWidth > 0, outHeight > 0 else { return self }
    var sums = [Int](repeating: 0, count: outWidth)
    var output = [UInt8](repeating: 0, count: outWidth * outHeight)
    let area = factor * factor
    pixels.withUnsafeBufferPointer { source in
      for outY in 0..<outHeight {
        for index in sums.indices { sums[index] = 0 }
        for y in outY * factor..<(outY + 1) * factor {
          let row = y * width
          for x in 0..<outWidth * factor { sums[x / factor] += Int(source[row + x]) }
        }
        for x in 0..<outWidth { output[outY * outWidth + x] = UInt8(sums[x] / area) }
      }
    }
    return GrayImage(width: outWidth, height: outHeight, pixels: output)
  }

  /// Each pixel repeated `factor` × `factor` times: gives zbar more than one pixel per
  /// module on tiny codes.
  public func upscaled(by factor: Int) -> GrayImage {
    precondition(factor >= 1, "factor must be >= 1")
    let outWidth = width * factor
    var output = [UInt8](repeating: 0, count: outWidth * height * factor)
    pixels.withUnsafeBufferPointer { pixels in
      output.withUnsafeMutableBufferPointer { output in
        for y in 0..<height {
          // One output row built, then copied to the rows below it.
          let first = y * factor * outWidth
          for x in 0..<width {
            let value = pixels[y * width + x]
            for dx in 0..<factor { output[first + x * factor + dx] = value }
          }
          for dy in 1..<max(factor, 1) {
            (output.baseAddress! + first + dy * outWidth).update(from: output.baseAddress! + first, count: outWidth)
          }
        }
      }
    }
    return GrayImage(width: outWidth, height: height * factor, pixels: output)
  }

  /// The pixels of the rectangle `window` (within the image).
  func cropped(to window: (x: Int, y: Int, width: Int, height: Int)) -> GrayImage {
    var output = [UInt8](repeating: 0, count: window.width * window.height)
    for row in 0..<window.height {
      let source = (window.y + row) * width + window.x
      output[row * window.width..<(row + 1) * window.width] = pixels[source..<source + window.width]
    }
    return GrayImage(width: window.width, height: window.height, pixels: output)
  }

  /// Doubled in both directions, each new pixel interpolated between its neighbours: keeps
  /// a thin light gap between dark modules visible where one pixel spans more than a
  /// module, which thresholding at the original size loses.
  public func smoothlyDoubled() -> GrayImage {
    let outWidth = width * 2
    let outHeight = height * 2
    var output = [UInt8](repeating: 0, count: outWidth * outHeight)
    guard width > 0, height > 0 else { return GrayImage(width: outWidth, height: outHeight, pixels: output) }
    // Output pixel centres sit at quarter positions between input pixel centres: output 2i
    // is ¼ of input i − 1 and ¾ of input i, output 2i + 1 ¾ of input i and ¼ of i + 1
    // (the edges repeat). In integers, scaled by 4 each way and rounded once at the end.
    var rows = [UInt16](repeating: 0, count: outWidth * height)
    pixels.withUnsafeBufferPointer { pixels in
      rows.withUnsafeMutableBufferPointer { rows in
        for y in 0..<height {
          let source = y * width
          let target = y * outWidth
          for x in 0..<width {
            let centre = 3 &* UInt16(pixels[source &+ x])
            rows[target &+ 2 &* x] = centre &+ UInt16(pixels[source &+ Swift.max(0, x &- 1)])
            rows[target &+ 2 &* x &+ 1] = centre &+ UInt16(pixels[source &+ Swift.min(width &- 1, x &+ 1)])
          }
        }
      }
    }
    rows.withUnsafeBufferPointer { rows in
      output.withUnsafeMutableBufferPointer { output in
        for y in 0..<height {
          let centre = y * outWidth
          let above = Swift.max(0, y - 1) * outWidth
          let below = Swift.min(height - 1, y + 1) * outWidth
          let upper = 2 * y * outWidth
          let lower = upper + outWidth
          for x in 0..<outWidth {
            let middle = 3 &* UInt32(rows[centre &+ x])
            output[upper &+ x] = UInt8((middle &+ UInt32(rows[above &+ x]) &+ 8) >> 4)
            output[lower &+ x] = UInt8((middle &+ UInt32(rows[below &+ x]) &+ 8) >> 4)
          }
        }
      }
    }
    return GrayImage(width: outWidth, height: outHeight, pixels: output)
  }

  /// Levels stretched so the darkest 1% becomes black and the lightest 1% white: rescues
  /// washed-out or underexposed photos.
  public func contrastStretched() -> GrayImage {
    var histogram = [Int](repeating: 0, count: 256)
    for value in pixels { histogram[Int(value)] += 1 }
    let clip = pixels.count / 100
    var low = 0
    var seen = 0
    while low < 255, seen + histogram[low] <= clip {
      seen += histogram[low]
      low += 1
    }
    var high = 255
    seen = 0
    while high > 0, seen + histogram[high] <= clip {
      seen += histogram[high]
      high -= 1
    }
    guard high > low else { return self }
    let table = (0..<256).map { UInt8(clamping: ($0 - low) * 255 / (high - low)) }
    return GrayImage(width: width, height: height, pixels: pixels.map { table[Int($0)] })
  }

  /// Black and white by comparing each pixel with the mean of its neighbourhood (a window
  /// of about an eighth of the image): handles shadows and uneven light across a code.
  public func adaptivelyBinarized() -> GrayImage {
    let binary = binarized()
    return GrayImage(width: width, height: height, pixels: binary.bits.map { $0 == 0 ? 255 : 0 })
  }

  /// A mild unsharp mask (centre 5, neighbours −1): restores edges of slightly blurred codes.
  public func sharpened() -> GrayImage {
    guard width > 2, height > 2 else { return self }
    var output = pixels
    for y in 1..<height - 1 {
      for x in 1..<width - 1 {
        let index = y * width + x
        let value =
          5 * Int(pixels[index]) - Int(pixels[index - 1]) - Int(pixels[index + 1]) - Int(pixels[index - width])
          - Int(pixels[index + width])
        output[index] = UInt8(clamping: value)
      }
    }
    return GrayImage(width: width, height: height, pixels: output)
  }

  /// Each pixel the 3 × 3 binomial mean of its neighbourhood (1 2 1 each way; the edges
  /// repeat): takes out pixel noise while keeping edges a pixel sharp.
  public func smoothed() -> GrayImage {
    guard width > 0, height > 0 else { return self }
    // Across the rows first (sums up to 4 · 255), then down (up to 16 · 255), rounded once.
    var rows = [UInt16](repeating: 0, count: pixels.count)
    for y in 0..<height {
      let row = y * width
      for x in 0..<width {
        rows[row + x] =
          2 * UInt16(pixels[row + x]) + UInt16(pixels[row + Swift.max(0, x - 1)])
          + UInt16(pixels[row + Swift.min(width - 1, x + 1)])
      }
    }
    var output = [UInt8](repeating: 0, count: pixels.count)
    for y in 0..<height {
      let row = y * width
      let above = Swift.max(0, y - 1) * width
      let below = Swift.min(height - 1, y + 1) * width
      for x in 0..<width {
        let sum = 2 * UInt32(rows[row + x]) + UInt32(rows[above + x]) + UInt32(rows[below + x])
        output[row + x] = UInt8((sum + 8) >> 4)
      }
    }
    return GrayImage(width: width, height: height, pixels: output)
  }

  /// The image turned clockwise by `quarterTurns` × 90°.
  public func rotated(quarterTurns: Int) -> GrayImage {
    switch ((quarterTurns % 4) + 4) % 4 {
    case 1:
      var output = [UInt8](repeating: 0, count: pixels.count)
      for y in 0..<height { for x in 0..<width { output[x * height + (height - 1 - y)] = pixels[y * width + x] } }
      return GrayImage(width: height, height: width, pixels: output)
    case 2: return GrayImage(width: width, height: height, pixels: pixels.reversed())
    case 3:
      var output = [UInt8](repeating: 0, count: pixels.count)
      for y in 0..<height { for x in 0..<width { output[(width - 1 - x) * height + y] = pixels[y * width + x] } }
      return GrayImage(width: height, height: width, pixels: output)
    default: return self
    }
  }

  /// The image mirrored left to right (EXIF orientations 2, 4, 5, 7 need it).
  public func mirrored() -> GrayImage {
    var output = pixels
    for y in 0..<height {
      output.replaceSubrange(y * width..<(y + 1) * width, with: pixels[y * width..<(y + 1) * width].reversed())
    }
    return GrayImage(width: width, height: height, pixels: output)
  }
}

extension [UInt8] {
  /// Each byte XORed with `mask` (255 − level for 255; dark for light for 1) in a plain loop
  /// over the buffers, which the compiler vectorises: `map` with a closure went a byte at a
  /// time, and the located pass inverts a view's images for its light-on-dark try (measured:
  /// 7% of the hard captures' processor time).
  func flipped(by mask: UInt8) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
      withUnsafeBufferPointer { input in
        for index in 0..<input.count { output[index] = input[index] ^ mask }
      }
      initialized = count
    }
  }
}
