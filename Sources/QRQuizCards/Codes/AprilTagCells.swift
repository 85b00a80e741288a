internal import CQRQuizCards

/// A tag36h11 code's cells as libapriltag draws it upright: `side` × `side` (10), the
/// white border included, `true` for black, row by row from the top.
struct AprilTagCells: Equatable {
  let side: Int
  let black: [Bool]

  /// The cells of code `id`.
  ///
  /// - Throws: ``CardLibraryError`` when libapriltag cannot be loaded.
  init(tagID id: Int) throws(CardLibraryError) {
    try CardLibraries.aprilTag()
    var cells = [UInt8](repeating: 255, count: 16 * 16)
    let side = Int(CQRQuizCards_code_cells(Int32(id), &cells, cells.count))
    // Every id the cards use is a code of the family, whose side is 10.
    precondition(side > 0, "tag36h11 has no code \(id)")
    self.side = side
    black = cells.prefix(side * side).map { $0 < 128 }
  }

  /// The number of codes in the family (587).
  static func codeCount() throws(CardLibraryError) -> Int {
    try CardLibraries.aprilTag()
    return Int(CQRQuizCards_code_count())
  }

  subscript(row: Int, column: Int) -> Bool { black[row * side + column] }
}
