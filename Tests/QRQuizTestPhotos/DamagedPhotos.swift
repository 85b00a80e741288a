import Foundation
import QRQuiz

/// A seeded generator for the tests' random damage: the same seed gives the same photos on
/// every machine, so a failure can be replayed (the system's generator cannot be seeded).
public struct SeededBytes: RandomNumberGenerator {
  public var state: UInt64

  public init(state: UInt64) { self.state = state }

  public mutating func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state >> 11 ^ state
  }
}

/// QR codes damaged on purpose, as the decoder's tests need them by the thousand: blurred,
/// blotted, scratched, noised, coloured.
public enum DamagedPhotos {
  /// A separable Gaussian blur, to make a code soft as an out-of-focus photo.
  public static func blurred(_ image: GrayImage, sigma: Double) -> GrayImage {
    let radius = Int((sigma * 3).rounded(.up))
    let weights = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
    let total = weights.reduce(0, +)
    func pass(_ source: GrayImage, horizontal: Bool) -> GrayImage {
      var output = source
      for y in 0..<source.height {
        for x in 0..<source.width {
          var sum = 0.0
          for (offset, weight) in zip(-radius...radius, weights) {
            let sx = horizontal ? min(max(x + offset, 0), source.width - 1) : x
            let sy = horizontal ? y : min(max(y + offset, 0), source.height - 1)
            sum += weight * Double(source[sx, sy])
          }
          output[x, y] = UInt8(clamping: Int((sum / total).rounded()))
        }
      }
      return output
    }
    return pass(pass(image, horizontal: true), horizontal: false)
  }

  /// Trial `trial`'s photo: a small symbol (versions 1–3 and every level in turn) holding
  /// "`prefix` `trial` " and up to 20 `filler`s, rendered and mutated; nil when it does not fit.
  public static func mutatedPhoto(
    _ trial: Int, text prefix: String, filler: String, using random: inout SeededBytes
  ) -> (text: String, photo: GrayImage)? {
    let version = 1 + trial % 3
    let level = QRErrorCorrection.allCases[trial / 3 % 4]
    let text = "\(prefix) \(trial) " + String(repeating: filler, count: Int.random(in: 0...20, using: &random))
    guard
      let matrix = try? QRSymbolEncoder.encode(
        Array(text.utf8), mode: .byte, level: level, minimumVersion: version, maximumVersion: version)
    else { return nil }
    var photo = matrix.image(scale: 4, margin: 4)
    mutate(&photo, using: &random)
    return (text, photo)
  }

  /// Random damage: grey blotches over the modules, a scratch of flipped pixels, noise,
  /// and sometimes blur.
  public static func mutate(_ photo: inout GrayImage, using random: inout SeededBytes) {
    let side = photo.width
    for _ in 0..<Int.random(in: 0...6, using: &random) {
      let (x, y) = (Int.random(in: 0..<side, using: &random), Int.random(in: 0..<side, using: &random))
      let (w, h) = (Int.random(in: 2...side / 4, using: &random), Int.random(in: 2...side / 4, using: &random))
      let shade = UInt8.random(in: 0...255, using: &random)
      for py in y..<min(side, y + h) { for px in x..<min(side, x + w) { photo[px, py] = shade } }
    }
    if Bool.random(using: &random) {
      let y = Int.random(in: 0..<side, using: &random)
      for px in 0..<side { photo[px, min(side - 1, y + px / 8)] ^= 0xFF }
    }
    let noise = Double.random(in: 0...60, using: &random)
    for index in photo.pixels.indices {
      let offset = (Double.random(in: -1...1, using: &random) + Double.random(in: -1...1, using: &random)) * noise
      photo.pixels[index] = UInt8(clamping: Int(Double(photo.pixels[index]) + offset))
    }
    if Int.random(in: 0..<4, using: &random) == 0 { photo = blurred(photo, sigma: 1.5) }
  }

  /// `photo` printed in colour: each channel goes from the ink's level (`ink`, red, green,
  /// blue) to the paper's as the grey goes from dark to light.
  public static func coloured(_ photo: GrayImage, ink: [Int], paper: [Int]) -> RGBAImage {
    RGBAImage(
      width: photo.width, height: photo.height,
      pixels: photo.pixels.map { grey in
        var pixel: UInt32 = 0xFF00_0000
        for channel in 0..<3 {
          let level: Int = ink[channel] + (paper[channel] - ink[channel]) * Int(grey) / 255
          pixel |= UInt32(level) << UInt32(8 * channel)
        }
        return pixel
      })
  }
}
