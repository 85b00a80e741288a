import Foundation

/// Where everything on one card goes, in fractions of its side (the card is square): one
/// large marker in the middle, the letters A, B, C, D on its four edges (A at the top, B
/// at the right, C at the bottom, D at the left; each letter's top towards its edge, so
/// the letter on top reads upright), the card number in the top-left corner, and the
/// student's name and the class small along the bottom. Everything but the marker keeps
/// more than one cell of white around it: libapriltag reads a code against a white border
/// of one cell.
enum AnswerCardLayout {
  /// The marker's black square: from 0.2 to 0.8 of the side (a cell is 0.075).
  static let markerOrigin = 0.2
  static let markerSide = 0.6
  /// Letters: their size and the distance of their centres from the edges.
  static let letterSize = 0.09
  static let letterInset = 0.085
  /// DejaVu Sans Bold's capital height, as a fraction of the font size.
  static let capitalHeight = 0.73
  /// The card number, in the top-left corner.
  static let numberSize = 0.06
  /// The name and the class, along the bottom edge on either side of C.
  static let labelSize = 0.034
  static let smallestLabelSize = 0.022
  static let labelWidth = 0.36
  static let labelInset = 0.06

  /// Draws `card` with its top-left corner at `origin`, `side` units wide.
  static func draw(_ card: AnswerCard, on canvas: CardCanvas, at origin: CardPoint, side: Double)
    throws(CardLibraryError)
  {
    let point = { (x: Double, y: Double) in CardPoint(x: origin.x + x * side, y: origin.y + y * side) }
    try drawMarker(card, on: canvas, at: point(markerOrigin, markerOrigin), side: markerSide * side)
    for (index, letter) in AnswerCard.Letter.allCases.enumerated() {
      // A, B, C, D clockwise from the top; each turned so its top faces its own edge.
      let angle = Double(index) * .pi / 2
      let centre = point(0.5 + (0.5 - letterInset) * sin(angle), 0.5 - (0.5 - letterInset) * cos(angle))
      let drop = letterSize * side * capitalHeight / 2
      let baseline = CardPoint(x: centre.x - drop * sin(angle), y: centre.y + drop * cos(angle))
      canvas.text(letter.rawValue, size: letterSize * side, bold: true, at: baseline, angle: angle)
    }
    let numberDrop = numberSize * side * capitalHeight / 2
    canvas.text(
      "\(card.number)", size: numberSize * side, bold: true,
      at: CardPoint(x: point(0.1, 0.1).x, y: point(0.1, 0.1).y + numberDrop), level: 0.2)
    let labelBaseline = 1 - letterInset + labelSize * capitalHeight / 2
    if let name = card.name {
      label(name, on: canvas, at: point(labelInset, labelBaseline), side: side, align: 0)
    }
    if let className = card.className {
      label(className, on: canvas, at: point(1 - labelInset, labelBaseline), side: side, align: 1)
    }
  }

  /// The marker's black cells, as one shape.
  private static func drawMarker(
    _ card: AnswerCard, on canvas: CardCanvas, at origin: CardPoint, side: Double
  ) throws(CardLibraryError) {
    let cells = try AprilTagCells(tagID: card.tagID)
    // The black square spans every cell but the white border's.
    let cell = side / Double(cells.side - 2)
    var runs: [(x: Double, y: Double, width: Double, height: Double)] = []
    for row in 1..<(cells.side - 1) {
      var column = 1
      while column < cells.side - 1 {
        guard cells[row, column] else {
          column += 1
          continue
        }
        let start = column
        while column < cells.side - 1, cells[row, column] { column += 1 }
        runs.append(
          (
            origin.x + Double(start - 1) * cell, origin.y + Double(row - 1) * cell, Double(column - start) * cell,
            cell
          ))
      }
    }
    canvas.fill(runs)
  }

  /// A name or a class: as large as fits in the label's width, down to the smallest size,
  /// then shortened with an ellipsis.
  private static func label(_ text: String, on canvas: CardCanvas, at point: CardPoint, side: Double, align: Double) {
    let room = labelWidth * side
    var size = labelSize * side
    while size > smallestLabelSize * side, canvas.width(of: text, size: size) > room { size *= 0.95 }
    var shown = text
    while shown.count > 1, canvas.width(of: shown, size: size) > room { shown = String(shown.dropLast(2)) + "…" }
    canvas.text(shown, size: size, at: point, align: align, level: 0.2)
  }
}
