import Foundation
import QRQuiz

/// Answer cards to print: a vector PDF of pages of cards with cut marks, or one card as a
/// PNG image (upright: A at the top, B at the right, C at the bottom, D at the left).
///
/// ```swift
/// let roster = try ClassRosterStore(records: records).roster(named: "7B")
/// let pdf = try AnswerCardPrinter(paper: .a4, cardsPerPage: 2).pdf(AnswerCard.cards(of: roster))
/// try Data(pdf).write(to: URL(filePath: "7B-cards.pdf"))
/// ```
public struct AnswerCardPrinter: Sendable, Hashable {
  /// A sheet of paper.
  public enum Paper: String, Sendable, Hashable, CaseIterable {
    /// ISO A4, 210 × 297 mm.
    case a4
    /// US Letter, 8.5 × 11 in.
    case letter

    /// Width and height in points (1/72 in).
    var size: (width: Double, height: Double) {
      switch self {
      case .a4: (595.276, 841.890)
      case .letter: (612, 792)
      }
    }
  }

  /// Why cards could not be made.
  public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// No cards were asked for.
    case noCards
    /// cairo or libapriltag could not be loaded or used.
    case library(CardLibraryError)

    public var description: String {
      switch self {
      case .noCards: "no cards to print"
      case .library(let error): error.description
      }
    }
  }

  /// The cards a page holds: 1, 2 (one above the other) or 4 (two by two).
  public static let layouts = [1, 2, 4]

  /// The paper.
  public var paper: Paper
  /// Cards on each page: 1, 2 or 4.
  public let cardsPerPage: Int

  /// A printer for `paper` with `cardsPerPage` (1, 2 or 4; others are taken as the
  /// nearest of those below, at least 1).
  public init(paper: Paper = .a4, cardsPerPage: Int = 2) {
    self.paper = paper
    self.cardsPerPage = Self.layouts.last { $0 <= cardsPerPage } ?? 1
  }

  /// The side of each card on the page, in millimetres.
  public var cardSide: Double { grid.side / 72 * 25.4 }

  /// The cards as a PDF, in the order given.
  ///
  /// - Throws: ``Error``.
  public func pdf(_ cards: [AnswerCard]) throws(Error) -> [UInt8] {
    guard !cards.isEmpty else { throw .noCards }
    do throws(CardLibraryError) {
      try CardLibraries.aprilTag()
      let canvas = try CardCanvas(.pdf(width: paper.size.width, height: paper.size.height))
      let pages = stride(from: 0, to: cards.count, by: cardsPerPage).map {
        Array(cards[$0..<min($0 + cardsPerPage, cards.count)])
      }
      for (number, page) in pages.enumerated() {
        if number > 0 { canvas.nextPage() }
        try draw(page, on: canvas)
        footer(page: number + 1, of: pages.count, className: page.first?.className, on: canvas)
      }
      return try canvas.finish()
    } catch {
      throw .library(error)
    }
  }

  /// One card as a PNG image, `side` pixels square, the card filling it.
  ///
  /// - Throws: ``Error/library(_:)``.
  public static func png(_ card: AnswerCard, side: Int = 800) throws(Error) -> [UInt8] {
    do throws(CardLibraryError) {
      try CardLibraries.aprilTag()
      let canvas = try CardCanvas(.png(width: side, height: side))
      try AnswerCardLayout.draw(card, on: canvas, at: CardPoint(x: 0, y: 0), side: Double(side))
      return try canvas.finish()
    } catch {
      throw .library(error)
    }
  }

  /// The margin printers leave, the gap between cards, and the footer's height, in points.
  static let margin = 36.0
  static let gutter = 24.0
  static let footerHeight = 14.0
  /// Cut marks: their length, their distance from the card's corner, and their width.
  static let markLength = 9.0
  static let markGap = 3.0

  /// Columns, rows and the side of a card that fits them on the page.
  var grid: (columns: Int, rows: Int, side: Double) {
    let (columns, rows) = cardsPerPage == 4 ? (2, 2) : (1, cardsPerPage)
    let width = (paper.size.width - 2 * Self.margin - Double(columns - 1) * Self.gutter) / Double(columns)
    let height =
      (paper.size.height - 2 * Self.margin - Self.footerHeight - Double(rows - 1) * Self.gutter) / Double(rows)
    return (columns, rows, min(width, height))
  }

  private func draw(_ cards: [AnswerCard], on canvas: CardCanvas) throws(CardLibraryError) {
    let (columns, rows, side) = grid
    let blockWidth = Double(columns) * side + Double(columns - 1) * Self.gutter
    let blockHeight = Double(rows) * side + Double(rows - 1) * Self.gutter
    let left = (paper.size.width - blockWidth) / 2
    let top = (paper.size.height - Self.footerHeight - blockHeight) / 2
    for (index, card) in cards.enumerated() {
      let origin = CardPoint(
        x: left + Double(index % columns) * (side + Self.gutter),
        y: top + Double(index / columns) * (side + Self.gutter))
      try AnswerCardLayout.draw(card, on: canvas, at: origin, side: side)
      cutMarks(at: origin, side: side, on: canvas)
    }
  }

  /// Two short lines outside each corner, along the card's edges.
  private func cutMarks(at origin: CardPoint, side: Double, on canvas: CardCanvas) {
    for corner in [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)] {
      let point = CardPoint(x: origin.x + corner.0 * side, y: origin.y + corner.1 * side)
      let outward = (x: corner.0 == 0 ? -1.0 : 1.0, y: corner.1 == 0 ? -1.0 : 1.0)
      let start = Self.markGap
      let end = Self.markGap + Self.markLength
      canvas.line(
        from: CardPoint(x: point.x + outward.x * start, y: point.y),
        to: CardPoint(x: point.x + outward.x * end, y: point.y),
        width: 0.5, level: 0.4)
      canvas.line(
        from: CardPoint(x: point.x, y: point.y + outward.y * start),
        to: CardPoint(x: point.x, y: point.y + outward.y * end),
        width: 0.5, level: 0.4)
    }
  }

  private func footer(page: Int, of pages: Int, className: String?, on canvas: CardCanvas) {
    let text = ([className].compactMap { $0 } + ["\(page)/\(pages)"]).joined(separator: " · ")
    canvas.text(
      text, size: 8, at: CardPoint(x: paper.size.width / 2, y: paper.size.height - Self.margin + 4), level: 0.5)
  }
}
