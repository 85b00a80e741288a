/// The image operations the QR reader retries with when a plain pass finds nothing, in
/// rough order of cost. Each returns a new image; none allocates more than the output.
extension GrayImage {
  /// Light for dark: finds light-on-dark codes, which zbar does not look for by itself.
  public func inverted() -> GrayImage {
    GrayImage(width: width, height: height, pixels: pixels.map { 255 &- $0 })
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
    for y in 0..<height {
      for x in 0..<width {
        let value = pixels[y * width + x]
        for dx in 0..<factor { output[y * factor * outWidth + x * factor + dx] = value }
      }
      let first = y * factor * outWidth
      for dy in 1..<max(factor, 1) {
        output.replaceSubrange(
          first + dy * outWidth..<first + (dy + 1) * outWidth, with: output[first..<first + outWidth])
      }
    }
    return GrayImage(width: outWidth, height: height * factor, pixels: output)
  }

  /// Doubled in both directions, each new pixel interpolated between its neighbours: keeps
  /// a thin light gap between dark modules visible where one pixel spans more than a
  /// module, which thresholding at the original size loses.
  public func smoothlyDoubled() -> GrayImage {
    let outWidth = width * 2
    let outHeight = height * 2
    var output = [UInt8](repeating: 0, count: outWidth * outHeight)
    guard width > 0, height > 0 else { return GrayImage(width: outWidth, height: outHeight, pixels: output) }
    pixels.withUnsafeBufferPointer { pixels in
      output.withUnsafeMutableBufferPointer { output in
        for y in 0..<outHeight {
          // Output pixel centres sit at quarter positions between input pixel centres.
          let sourceY = max(0, Double(y) / 2 - 0.25)
          let top = min(height - 1, Int(sourceY))
          let bottom = min(height - 1, top + 1)
          let fy = sourceY - Double(top)
          for x in 0..<outWidth {
            let sourceX = max(0, Double(x) / 2 - 0.25)
            let left = min(width - 1, Int(sourceX))
            let right = min(width - 1, left + 1)
            let fx = sourceX - Double(left)
            let upper = Double(pixels[top * width + left]) * (1 - fx) + Double(pixels[top * width + right]) * fx
            let lower = Double(pixels[bottom * width + left]) * (1 - fx) + Double(pixels[bottom * width + right]) * fx
            output[y * outWidth + x] = UInt8((upper * (1 - fy) + lower * fy).rounded())
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
