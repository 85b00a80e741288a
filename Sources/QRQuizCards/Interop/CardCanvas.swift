internal import CQRQuizCards
import Foundation
import QRQuiz

/// A PDF document or a PNG image drawn with cairo, owned: made by `init`, freed with it.
/// Units are points for a PDF, pixels for a PNG, from the top-left corner. Not thread-safe.
final class CardCanvas {
  private let handle: OpaquePointer

  /// What is made.
  enum Kind {
    /// A vector PDF of pages `width` × `height` points.
    case pdf(width: Double, height: Double)
    /// A PNG image of `width` × `height` pixels, white.
    case png(width: Int, height: Int)
  }

  /// A new canvas.
  ///
  /// - Throws: ``CardLibraryError`` when cairo cannot be loaded or make the surface.
  init(_ kind: Kind) throws(CardLibraryError) {
    try CardLibraries.cairo()
    let made: OpaquePointer? =
      switch kind {
      case .pdf(let width, let height): CQRQuizCards_canvas_pdf(width, height)
      case .png(let width, let height): CQRQuizCards_canvas_png(Int32(width), Int32(height))
      }
    guard let made else { throw CardLibraryError(message: "cairo could not make a drawing surface: out of memory") }
    handle = made
  }

  deinit { CQRQuizCards_canvas_free(handle) }

  /// Fills rectangles (x, y, width, height) in grey `level` (0 black, 1 white), as one
  /// shape: rectangles that touch merge without seams.
  func fill(_ rectangles: [(x: Double, y: Double, width: Double, height: Double)], level: Double = 0) {
    let flat = rectangles.flatMap { [$0.x, $0.y, $0.width, $0.height] }
    CQRQuizCards_fill_rectangles(handle, flat, Int32(rectangles.count), level)
  }

  /// A straight line `width` wide.
  func line(from start: CardPoint, to end: CardPoint, width: Double, level: Double) {
    CQRQuizCards_stroke_line(handle, start.x, start.y, end.x, end.y, width, level)
  }

  /// Text in DejaVu Sans, its baseline through `point` turned `angle` radians clockwise,
  /// `align` of the way along it (0 start, 0.5 middle, 1 end).
  func text(
    _ text: String, size: Double, bold: Bool = false, at point: CardPoint, angle: Double = 0, align: Double = 0.5,
    level: Double = 0
  ) {
    CQRQuizCards_show_text(handle, text, size, bold ? 1 : 0, point.x, point.y, angle, align, level)
  }

  /// How wide `text` is at `size`.
  func width(of text: String, size: Double, bold: Bool = false) -> Double {
    CQRQuizCards_text_width(handle, text, size, bold ? 1 : 0)
  }

  /// Ends a PDF page; what is drawn next is on a new one.
  func nextPage() { CQRQuizCards_next_page(handle) }

  /// The finished file.
  ///
  /// - Throws: ``CardLibraryError`` with cairo's words.
  func finish() throws(CardLibraryError) -> [UInt8] {
    var bytes: UnsafeMutablePointer<UInt8>?
    var length = 0
    var message = [CChar](repeating: 0, count: 256)
    guard CQRQuizCards_canvas_finish(handle, &bytes, &length, &message, message.count) == 1 else {
      throw CardLibraryError(message: CMessage.text(message))
    }
    defer { free(bytes) }
    return bytes.map { Array(UnsafeBufferPointer(start: $0, count: length)) } ?? []
  }
}

@available(*, unavailable, message: "owns a cairo surface, which is not thread-safe")
extension CardCanvas: Sendable {}
