/// QR codes of several topics on printed pages, A4 or US Letter, each code captioned
/// with its topic's name ("1 of 3" beneath when a topic takes several codes): all codes
/// the same size, as large as the fewest pages allow and never smaller than a phone reads
/// from a desk (``TopicQREncoder/printedModuleMillimetres`` a module). Laid out here once,
/// in millimetres; drawn as SVG (``svg(page:)``) or as an image (``pngData(page:dotsPerInch:)``).
public struct PrintSheet: Sendable {
  /// A paper size.
  public enum Paper: String, Sendable, CaseIterable {
    case a4, letter

    /// Width and height in millimetres, portrait.
    public var millimetres: (width: Double, height: Double) {
      switch self {
      case .a4: (210, 297)
      case .letter: (215.9, 279.4)
      }
    }

    /// Its name as printers say it: "A4", "US Letter".
    public var name: String { self == .a4 ? "A4" : "US Letter" }
  }

  /// One code on the sheet.
  public struct Code: Sendable {
    /// The symbol.
    public var matrix: QRMatrix
    /// What is printed under it (the topic's name); `nil` for nothing.
    public var caption: String?
    /// Which of its topic's symbols it is (1-based) and of how many; a topic of one
    /// symbol says nothing.
    public var part: (number: Int, count: Int)

    /// Creates a code.
    public init(matrix: QRMatrix, caption: String?, part: (number: Int, count: Int) = (1, 1)) {
      self.matrix = matrix
      self.caption = caption
      self.part = part
    }
  }

  /// Where codes go: `columns` × `rows` cells a page, each code `side` millimetres square
  /// (its quiet zone included).
  public struct Layout: Sendable, Equatable {
    public var columns: Int
    public var rows: Int
    public var side: Double
    public var pages: Int
  }

  /// The codes, in order.
  public let codes: [Code]
  /// The paper.
  public let paper: Paper
  /// Where they go.
  public let layout: Layout

  /// Modules of quiet zone around each code, as the standard asks.
  public static let quietZone = 4
  /// White margin of the page, in millimetres: what printers leave blank, and then some.
  public static let pageMargin = 12.0
  /// Space between cells, in millimetres.
  public static let gap = 8.0
  /// From one caption line to the next, in millimetres; the capitals are 3 mm tall.
  public static let lineAdvance = 5.0
  /// The most codes a sheet takes.
  public static let maximumCodes = 200

  /// Lays `codes` out on `paper`.
  public init(codes: [Code], paper: Paper) {
    precondition(!codes.isEmpty && codes.count <= Self.maximumCodes, "a sheet has 1...\(Self.maximumCodes) codes")
    self.codes = codes
    self.paper = paper
    let modules = codes.map { $0.matrix.size + 2 * Self.quietZone }.max()!
    layout = Self.layout(count: codes.count, modules: modules, band: Self.band(codes), paper: paper)
  }

  /// The module size of the densest code, in millimetres.
  public var moduleMillimetres: Double {
    layout.side / Double(codes.map { $0.matrix.size + 2 * Self.quietZone }.max()!)
  }

  /// Lines of text under each code: two for a name, one for the part.
  static func captionLines(_ codes: [Code]) -> Int {
    (codes.contains { $0.caption != nil } ? 2 : 0) + (codes.contains { $0.part.count > 1 } ? 1 : 0)
  }

  /// Millimetres under each code for its caption.
  static func band(_ codes: [Code]) -> Double {
    let lines = captionLines(codes)
    return lines == 0 ? 0 : 2 + Double(lines) * lineAdvance
  }

  /// The fewest pages, then the largest codes: every grid of up to 12 × 12 cells whose
  /// codes keep modules a phone reads is tried.
  static func layout(count: Int, modules: Int, band: Double, paper: Paper) -> Layout {
    let width = paper.millimetres.width - 2 * pageMargin
    let height = paper.millimetres.height - 2 * pageMargin
    let smallest = Double(modules) * TopicQREncoder.printedModuleMillimetres
    var best = Layout(columns: 1, rows: 1, side: min(width, height - band), pages: count)
    for columns in 1...min(count, 12) {
      for rows in 1...min((count + columns - 1) / columns, 12) {
        let side = min(
          (width - Double(columns - 1) * gap) / Double(columns),
          (height - Double(rows - 1) * gap) / Double(rows) - band)
        guard side >= smallest else { continue }
        let pages = (count + columns * rows - 1) / (columns * rows)
        if pages < best.pages || (pages == best.pages && side > best.side) {
          best = Layout(columns: columns, rows: rows, side: side, pages: pages)
        }
      }
    }
    return best
  }

  /// The indices of the codes on `page` (0-based).
  public func codes(onPage page: Int) -> Range<Int> {
    let perPage = layout.columns * layout.rows
    return page * perPage..<min(codes.count, (page + 1) * perPage)
  }

  /// The top-left corner of code `index`'s cell on its page, in millimetres: the grid
  /// centred on the page, its rows as many as the page holds.
  func cellOrigin(_ index: Int) -> (x: Double, y: Double) {
    let perPage = layout.columns * layout.rows
    let onPage = codes(onPage: index / perPage).count
    let place = index % perPage
    let usedColumns = min(layout.columns, onPage)
    let usedRows = (onPage + layout.columns - 1) / layout.columns
    let cellHeight = layout.side + Self.band(codes)
    let blockWidth = Double(usedColumns) * layout.side + Double(usedColumns - 1) * Self.gap
    let blockHeight = Double(usedRows) * cellHeight + Double(usedRows - 1) * Self.gap
    let left = (paper.millimetres.width - blockWidth) / 2
    let top = (paper.millimetres.height - blockHeight) / 2
    return (
      left + Double(place % layout.columns) * (layout.side + Self.gap),
      top + Double(place / layout.columns) * (cellHeight + Self.gap)
    )
  }

  /// The width of code `index` without its quiet zone: what its caption may fill.
  func codeWidth(_ index: Int) -> Double {
    let matrix = codes[index].matrix
    return layout.side * Double(matrix.size) / Double(matrix.size + 2 * Self.quietZone)
  }

  /// Code `index`'s caption: its name in at most two lines broken by `measure` to `room`,
  /// then its part ("1 of 3").
  func caption(_ index: Int, room: Double, prepare: (String) -> String, measure: (String) -> Double) -> [String] {
    let code = codes[index]
    var lines: [String] = []
    if let caption = code.caption {
      lines = CaptionText.lines(prepare(CaptionText.cleaned(caption)), width: room, maximumLines: 2, measure: measure)
    }
    if code.part.count > 1 { lines.append(prepare("\(code.part.number) of \(code.part.count)")) }
    return lines
  }
}
