import Foundation
import QRQuiz

/// Slips to hand out: each student's own link (`/s/SECRET`) as a QR code and as text, with
/// their name, eight to a page with cut lines, as a vector PDF. A student scans their slip
/// and reaches their own page; nobody else's slip opens it.
///
/// ```swift
/// let slips = [StudentSlip(name: "Ada Lovelace", className: "9B", link: "http://10.0.0.2:8080/s/…")]
/// let pdf = try StudentSlipPrinter(paper: .a4).pdf(slips, words: .english)
/// ```
public struct StudentSlipPrinter: Sendable, Hashable {
  /// The paper.
  public var paper: AnswerCardPrinter.Paper

  public init(paper: AnswerCardPrinter.Paper = .a4) {
    self.paper = paper
  }

  /// The words printed on every slip, in the class's language.
  public struct Words: Sendable, Hashable {
    /// Under the name: what the code opens.
    public var purpose: String
    /// At the bottom: keep it to yourself.
    public var privacy: String

    public init(purpose: String, privacy: String) {
      self.purpose = purpose
      self.privacy = privacy
    }

    public static let english = Words(
      purpose: "Your own page: your results and your review", privacy: "Keep this slip to yourself")
  }

  /// Slips on a page: two columns of four.
  static let columns = 2
  static let rows = 4
  static let margin = 36.0

  /// The slips as a PDF, in the order given.
  ///
  /// - Throws: ``AnswerCardPrinter/Error``: no slips, a link too long for a QR code, or
  ///   cairo failing.
  public func pdf(_ slips: [StudentSlip], words: Words = .english) throws(AnswerCardPrinter.Error) -> [UInt8] {
    guard !slips.isEmpty else { throw .noCards }
    var codes: [QRMatrix] = []
    for slip in slips {
      do {
        codes.append(try QRSymbolEncoder.encode(Array(slip.link.utf8), mode: .byte, level: .medium))
      } catch {
        throw .library(CardLibraryError(message: "the link \(slip.link) does not fit a QR code"))
      }
    }
    do throws(CardLibraryError) {
      let canvas = try CardCanvas(.pdf(width: paper.size.width, height: paper.size.height))
      let perPage = Self.columns * Self.rows
      for start in stride(from: 0, to: slips.count, by: perPage) {
        if start > 0 { canvas.nextPage() }
        cutLines(on: canvas)
        for index in start..<min(start + perPage, slips.count) {
          draw(slips[index], code: codes[index], at: index - start, words: words, on: canvas)
        }
      }
      return try canvas.finish()
    } catch {
      throw .library(error)
    }
  }

  /// A slip's width and height in points.
  var slipSize: (width: Double, height: Double) {
    (
      (paper.size.width - 2 * Self.margin) / Double(Self.columns),
      (paper.size.height - 2 * Self.margin) / Double(Self.rows)
    )
  }

  /// The slip's top-left corner on the page.
  func origin(of position: Int) -> CardPoint {
    let (width, height) = slipSize
    return CardPoint(
      x: Self.margin + Double(position % Self.columns) * width,
      y: Self.margin + Double(position / Self.columns) * height)
  }

  /// Dashed-looking grey lines between the slips, to cut along.
  private func cutLines(on canvas: CardCanvas) {
    let (width, height) = slipSize
    let right = Self.margin + Double(Self.columns) * width
    let bottom = Self.margin + Double(Self.rows) * height
    for row in 0...Self.rows {
      let y = Self.margin + Double(row) * height
      canvas.line(from: CardPoint(x: Self.margin, y: y), to: CardPoint(x: right, y: y), width: 0.4, level: 0.6)
    }
    for column in 0...Self.columns {
      let x = Self.margin + Double(column) * width
      canvas.line(from: CardPoint(x: x, y: Self.margin), to: CardPoint(x: x, y: bottom), width: 0.4, level: 0.6)
    }
  }

  /// One slip: the name and class across the top, the code below on the left (four
  /// modules of quiet zone), what it opens and the link as text beside it.
  private func draw(_ slip: StudentSlip, code: QRMatrix, at position: Int, words: Words, on canvas: CardCanvas) {
    let corner = origin(of: position)
    let (width, height) = slipSize
    let padding = 12.0
    let fullWidth = width - 2 * padding
    func fitted(_ text: String, size: Double, bold: Bool = false, width: Double) -> String {
      guard canvas.width(of: text, size: size, bold: bold) > width else { return text }
      var characters = Array(text)
      while !characters.isEmpty, canvas.width(of: String(characters) + "…", size: size, bold: bold) > width {
        characters.removeLast()
      }
      return String(characters) + "…"
    }
    let left = corner.x + padding
    // A long name gets smaller type before it loses its end.
    let name = TerminalText.safe(slip.name)
    var nameSize = 14.0
    while nameSize > 10, canvas.width(of: name, size: nameSize, bold: true) > fullWidth { nameSize -= 1 }
    canvas.text(
      fitted(name, size: nameSize, bold: true, width: fullWidth), size: nameSize, bold: true,
      at: CardPoint(x: left, y: corner.y + padding + 12), align: 0)
    canvas.text(
      fitted(TerminalText.safe(slip.className), size: 10, width: fullWidth), size: 10,
      at: CardPoint(x: left, y: corner.y + padding + 27), align: 0, level: 0.3)

    let codeTop = corner.y + padding + 36
    let side = min(height - (codeTop - corner.y) - padding, fullWidth * 0.5)
    let module = side / Double(code.size + 8)
    var dark: [(x: Double, y: Double, width: Double, height: Double)] = []
    for row in 0..<code.size {
      for column in 0..<code.size where code[column, row] {
        dark.append(
          (left + Double(column + 4) * module, codeTop + Double(row + 4) * module, module, module))
      }
    }
    canvas.fill(dark)

    let textLeft = left + side + 8
    let textWidth = corner.x + width - padding - textLeft
    var y = codeTop + 18
    for line in lines(of: words.purpose, size: 9, width: textWidth, on: canvas, breakingWords: false) {
      canvas.text(line, size: 9, at: CardPoint(x: textLeft, y: y), align: 0)
      y += 11
    }
    // The link as text too, for a phone without a camera.
    y += 4
    for line in lines(of: slip.link, size: 7, width: textWidth, on: canvas, breakingWords: true) {
      canvas.text(line, size: 7, at: CardPoint(x: textLeft, y: y), align: 0, level: 0.2)
      y += 9
    }
    canvas.text(
      fitted(words.privacy, size: 7, width: textWidth), size: 7,
      at: CardPoint(x: textLeft, y: corner.y + height - padding - 2), align: 0, level: 0.4)
  }

  /// `text` in lines no wider than `width`: broken between words, or anywhere
  /// (`breakingWords`, for a link).
  private func lines(of text: String, size: Double, width: Double, on canvas: CardCanvas, breakingWords: Bool)
    -> [String]
  {
    var lines: [String] = []
    var line = ""
    let pieces = breakingWords ? text.map(String.init) : text.split(separator: " ").map(String.init)
    for piece in pieces {
      let joined = line.isEmpty || breakingWords ? line + piece : line + " " + piece
      if !line.isEmpty, canvas.width(of: joined, size: size) > width {
        lines.append(line)
        line = piece
      } else {
        line = joined
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}

/// One student's slip: who, their class, and the link to their own page.
public struct StudentSlip: Sendable, Hashable {
  public var name: String
  public var className: String
  public var link: String

  public init(name: String, className: String, link: String) {
    self.name = name
    self.className = className
    self.link = link
  }
}
