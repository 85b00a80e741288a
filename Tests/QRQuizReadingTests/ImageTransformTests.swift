import Foundation
import QRQuizTestPhotos
import QRQuizTestSupport
import Testing

@testable import QRQuiz

/// The image operations the reader runs on every photo, written for speed (sliding sums,
/// integer interpolation), checked against their definitions computed the slow way.
@Suite struct ImageTransformTests {
  static func randomImage(width: Int, height: Int, seed: UInt64) -> GrayImage {
    var random = SeededBytes(state: seed)
    return GrayImage(
      width: width, height: height, pixels: (0..<width * height).map { _ in UInt8.random(in: 0...255, using: &random) })
  }

  /// The thresholding the locating pass starts from, against its definition computed the
  /// slow way: each pixel against the mean of its clipped window.
  @Test func binarisingMatchesItsDefinition() {
    for (width, height, radius) in [(37, 23, 4), (5, 40, 6), (64, 64, 8), (3, 3, 4)] {
      let image = Self.randomImage(width: width, height: height, seed: UInt64(width * height))
      let binary = image.binarized(radius: radius)
      for y in 0..<height {
        for x in 0..<width {
          var sum = 0
          var count = 0
          for wy in max(0, y - radius)...min(height - 1, y + radius) {
            for wx in max(0, x - radius)...min(width - 1, x + radius) {
              sum += Int(image[wx, wy])
              count += 1
            }
          }
          let dark = Int(image[x, y]) * count * 100 < sum * 93
          #expect(binary.isDark(x, y) == dark, "\(width)×\(height) r\(radius) at (\(x), \(y))")
        }
      }
    }
  }

  /// Each output pixel interpolated at its centre's position in the input (a quarter of an
  /// input pixel off each input centre), edges repeated, rounded half up.
  @Test func doublingMatchesItsDefinition() {
    for (width, height) in [(1, 1), (2, 5), (17, 9), (40, 33)] {
      let image = Self.randomImage(width: width, height: height, seed: UInt64(width + 100 * height))
      let doubled = image.smoothlyDoubled()
      #expect(doubled.width == 2 * width && doubled.height == 2 * height)
      for y in 0..<2 * height {
        let sourceY = max(0, Double(y) / 2 - 0.25)
        let top = min(height - 1, Int(sourceY))
        let bottom = min(height - 1, top + 1)
        let fy = sourceY - Double(top)
        for x in 0..<2 * width {
          let sourceX = max(0, Double(x) / 2 - 0.25)
          let left = min(width - 1, Int(sourceX))
          let right = min(width - 1, left + 1)
          let fx = sourceX - Double(left)
          let upper = Double(image[left, top]) * (1 - fx) + Double(image[right, top]) * fx
          let lower = Double(image[left, bottom]) * (1 - fx) + Double(image[right, bottom]) * fx
          let expected = UInt8((upper * (1 - fy) + lower * fy).rounded())
          #expect(doubled[x, y] == expected, "\(width)×\(height) at (\(x), \(y))")
        }
      }
    }
  }

  @Test func upscalingRepeatsEachPixel() {
    let image = Self.randomImage(width: 7, height: 4, seed: 5)
    for factor in 1...3 {
      let upscaled = image.upscaled(by: factor)
      #expect(upscaled.width == 7 * factor && upscaled.height == 4 * factor)
      for y in 0..<upscaled.height {
        for x in 0..<upscaled.width { #expect(upscaled[x, y] == image[x / factor, y / factor]) }
      }
    }
  }
}
