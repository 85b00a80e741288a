import Foundation
import QRQuiz
import QRQuizCards

/// A phone's photo of a QR code, made in process in a second or two (once a Python script
/// the test waited for with a deadline a busy machine could miss): a frame of sensor noise,
/// the code printed large and turned on a white sheet, softened as a lens softens it.
public enum PhonePhotos {
  /// A `width` × `height` photo of `matrix` (12 pixels a module, turned by 17°, its sheet's
  /// top left at 1700, 1200), with noise of about 13 levels and a blur of 1.2 pixels.
  public static func photo(of matrix: QRMatrix, width: Int = 4000, height: Int = 3000, seed: UInt64 = 12)
    -> GrayImage
  {
    var random = SeededBytes(state: seed)
    var photo = GrayImage(width: width, height: height, filledWith: 128)
    for index in photo.pixels.indices {
      // The sum of two uniform draws: a bell of about 13 levels either side of grey.
      let offset = Int.random(in: -16...16, using: &random) + Int.random(in: -16...16, using: &random)
      photo.pixels[index] = UInt8(clamping: 128 + offset)
    }
    let code = matrix.image(scale: 12, margin: 4)
    let side = Double(code.width)
    let angle = 17 * Double.pi / 180
    let extent = side * (cos(angle) + sin(angle))
    // The sheet: the turned code's bounding box, white, as the code's own margin turned.
    let left = 1700.0
    let top = 1200.0
    for y in Int(top)..<min(height, Int(top + extent)) {
      for x in Int(left)..<min(width, Int(left + extent)) { photo[x, y] = 255 }
    }
    let centre = CardPoint(x: left + extent / 2, y: top + extent / 2)
    let corners = [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map { x, y in
      let (px, py) = (x * side / 2, y * side / 2)
      return CardPoint(
        x: centre.x + px * cos(angle) - py * sin(angle), y: centre.y + px * sin(angle) + py * cos(angle))
    }
    CardPhotos.draw(code, at: corners, on: &photo)
    return DamagedPhotos.blurred(photo, sigma: 1.2)
  }
}
