import Foundation

/// How a symbol's codewords are cut into Reed–Solomon blocks, for each version and error
/// correction level (ISO/IEC 18004 Table 9): the error-correction codewords per block,
/// then the blocks and their data codewords, in up to two groups (the second group's
/// blocks hold one data codeword more). Checked in the tests against every symbol size's
/// capacity and against libqrencode's symbols at every version and level.
struct ErrorCorrectionBlocks: Sendable, Hashable {
  /// Error-correction codewords in each block.
  let errorCorrectionPerBlock: Int
  /// Data codewords of every block, in block order (the shorter blocks first).
  let dataCodewordsPerBlock: [Int]

  /// Wrong codewords a block may have corrected: half its error-correction codewords, less
  /// those that the smallest symbols keep to detect a misread rather than correct it
  /// (ISO/IEC 18004 Table 9, "p": 3 in 1-L, 2 in 1-M and 2-L, 1 in 1-Q, 1-H and 3-L).
  /// zbar keeps the same limit; a correction past it is far more likely a wrong text.
  let correctableErrorsPerBlock: Int

  /// Every codeword of the symbol: data and error correction.
  var totalCodewords: Int { dataCodewordsPerBlock.reduce(0, +) + dataCodewordsPerBlock.count * errorCorrectionPerBlock }

  /// The blocks of `version` (1–40) at `level`.
  init(version: Int, level: QRErrorCorrection) {
    let row = Self.table[version - 1]
    let entry: [Int] =
      switch level {
      case .low: row.0
      case .medium: row.1
      case .quartile: row.2
      case .high: row.3
      }
    errorCorrectionPerBlock = entry[0]
    var blocks = [Int](repeating: entry[2], count: entry[1])
    if entry.count == 5 { blocks += [Int](repeating: entry[4], count: entry[3]) }
    dataCodewordsPerBlock = blocks
    let misdecodeProtection =
      switch (version, level) {
      case (1, .low): 3
      case (1, .medium), (2, .low): 2
      case (1, _), (3, .low): 1
      default: 0
      }
    correctableErrorsPerBlock = (errorCorrectionPerBlock - misdecodeProtection) / 2
  }

  /// For each block, the positions of its codewords (data, then error correction) in the
  /// symbol's codeword sequence, which interleaves them: the i-th data codeword of every
  /// block in turn (the longer blocks' last one after all the others), then the
  /// error-correction codewords alike.
  func interleavedPositions() -> [[Int]] {
    let lengths = dataCodewordsPerBlock
    var positions = lengths.map { length in
      var block = [Int]()
      block.reserveCapacity(length + errorCorrectionPerBlock)
      return block
    }
    var next = 0
    for index in 0..<(lengths.max() ?? 0) {
      for block in positions.indices where index < lengths[block] {
        positions[block].append(next)
        next += 1
      }
    }
    for _ in 0..<errorCorrectionPerBlock {
      for block in positions.indices {
        positions[block].append(next)
        next += 1
      }
    }
    return positions
  }

  /// The chance that a block of `length` random codewords, `erasures` of them erased,
  /// would be corrected into some codeword by changing at most `errors` others: the
  /// codewords within that many changes, C(length − s, e) · 255ᵉ of them about each of
  /// the 256ⁿ⁻ˢ words the unerased error-correction codewords tell apart. What a
  /// correction is worth: for the smallest symbols' blind limits (1-L, 2 errors) about
  /// 10⁻¹⁰, for a large symbol's 15 of 30 about 10⁻¹⁷.
  func chanceOfFalseCorrection(errors: Int, erasures: Int, length: Int) -> Double {
    let checks = Double(errorCorrectionPerBlock - erasures)
    let unerased = Double(length - erasures)
    let e = Double(errors)
    let ways = lgamma(unerased + 1) - lgamma(e + 1) - lgamma(unerased - e + 1)
    return exp(ways + e * log(255) - checks * log(256))
  }

  /// Per version, for L, M, Q and H: [error-correction codewords per block, blocks, data
  /// codewords each] and, when there is a second group, [its blocks, their data codewords].
  private static let table: [([Int], [Int], [Int], [Int])] = [
    ([7, 1, 19], [10, 1, 16], [13, 1, 13], [17, 1, 9]),
    ([10, 1, 34], [16, 1, 28], [22, 1, 22], [28, 1, 16]),
    ([15, 1, 55], [26, 1, 44], [18, 2, 17], [22, 2, 13]),
    ([20, 1, 80], [18, 2, 32], [26, 2, 24], [16, 4, 9]),
    ([26, 1, 108], [24, 2, 43], [18, 2, 15, 2, 16], [22, 2, 11, 2, 12]),
    ([18, 2, 68], [16, 4, 27], [24, 4, 19], [28, 4, 15]),
    ([20, 2, 78], [18, 4, 31], [18, 2, 14, 4, 15], [26, 4, 13, 1, 14]),
    ([24, 2, 97], [22, 2, 38, 2, 39], [22, 4, 18, 2, 19], [26, 4, 14, 2, 15]),
    ([30, 2, 116], [22, 3, 36, 2, 37], [20, 4, 16, 4, 17], [24, 4, 12, 4, 13]),
    ([18, 2, 68, 2, 69], [26, 4, 43, 1, 44], [24, 6, 19, 2, 20], [28, 6, 15, 2, 16]),
    ([20, 4, 81], [30, 1, 50, 4, 51], [28, 4, 22, 4, 23], [24, 3, 12, 8, 13]),
    ([24, 2, 92, 2, 93], [22, 6, 36, 2, 37], [26, 4, 20, 6, 21], [28, 7, 14, 4, 15]),
    ([26, 4, 107], [22, 8, 37, 1, 38], [24, 8, 20, 4, 21], [22, 12, 11, 4, 12]),
    ([30, 3, 115, 1, 116], [24, 4, 40, 5, 41], [20, 11, 16, 5, 17], [24, 11, 12, 5, 13]),
    ([22, 5, 87, 1, 88], [24, 5, 41, 5, 42], [30, 5, 24, 7, 25], [24, 11, 12, 7, 13]),
    ([24, 5, 98, 1, 99], [28, 7, 45, 3, 46], [24, 15, 19, 2, 20], [30, 3, 15, 13, 16]),
    ([28, 1, 107, 5, 108], [28, 10, 46, 1, 47], [28, 1, 22, 15, 23], [28, 2, 14, 17, 15]),
    ([30, 5, 120, 1, 121], [26, 9, 43, 4, 44], [28, 17, 22, 1, 23], [28, 2, 14, 19, 15]),
    ([28, 3, 113, 4, 114], [26, 3, 44, 11, 45], [26, 17, 21, 4, 22], [26, 9, 13, 16, 14]),
    ([28, 3, 107, 5, 108], [26, 3, 41, 13, 42], [30, 15, 24, 5, 25], [28, 15, 15, 10, 16]),
    ([28, 4, 116, 4, 117], [26, 17, 42], [28, 17, 22, 6, 23], [30, 19, 16, 6, 17]),
    ([28, 2, 111, 7, 112], [28, 17, 46], [30, 7, 24, 16, 25], [24, 34, 13]),
    ([30, 4, 121, 5, 122], [28, 4, 47, 14, 48], [30, 11, 24, 14, 25], [30, 16, 15, 14, 16]),
    ([30, 6, 117, 4, 118], [28, 6, 45, 14, 46], [30, 11, 24, 16, 25], [30, 30, 16, 2, 17]),
    ([26, 8, 106, 4, 107], [28, 8, 47, 13, 48], [30, 7, 24, 22, 25], [30, 22, 15, 13, 16]),
    ([28, 10, 114, 2, 115], [28, 19, 46, 4, 47], [28, 28, 22, 6, 23], [30, 33, 16, 4, 17]),
    ([30, 8, 122, 4, 123], [28, 22, 45, 3, 46], [30, 8, 23, 26, 24], [30, 12, 15, 28, 16]),
    ([30, 3, 117, 10, 118], [28, 3, 45, 23, 46], [30, 4, 24, 31, 25], [30, 11, 15, 31, 16]),
    ([30, 7, 116, 7, 117], [28, 21, 45, 7, 46], [30, 1, 23, 37, 24], [30, 19, 15, 26, 16]),
    ([30, 5, 115, 10, 116], [28, 19, 47, 10, 48], [30, 15, 24, 25, 25], [30, 23, 15, 25, 16]),
    ([30, 13, 115, 3, 116], [28, 2, 46, 29, 47], [30, 42, 24, 1, 25], [30, 23, 15, 28, 16]),
    ([30, 17, 115], [28, 10, 46, 23, 47], [30, 10, 24, 35, 25], [30, 19, 15, 35, 16]),
    ([30, 17, 115, 1, 116], [28, 14, 46, 21, 47], [30, 29, 24, 19, 25], [30, 11, 15, 46, 16]),
    ([30, 13, 115, 6, 116], [28, 14, 46, 23, 47], [30, 44, 24, 7, 25], [30, 59, 16, 1, 17]),
    ([30, 12, 121, 7, 122], [28, 12, 47, 26, 48], [30, 39, 24, 14, 25], [30, 22, 15, 41, 16]),
    ([30, 6, 121, 14, 122], [28, 6, 47, 34, 48], [30, 46, 24, 10, 25], [30, 2, 15, 64, 16]),
    ([30, 17, 122, 4, 123], [28, 29, 46, 14, 47], [30, 49, 24, 10, 25], [30, 24, 15, 46, 16]),
    ([30, 4, 122, 18, 123], [28, 13, 46, 32, 47], [30, 48, 24, 14, 25], [30, 42, 15, 32, 16]),
    ([30, 20, 117, 4, 118], [28, 40, 47, 7, 48], [30, 43, 24, 22, 25], [30, 10, 15, 67, 16]),
    ([30, 19, 118, 6, 119], [28, 18, 47, 31, 48], [30, 34, 24, 34, 25], [30, 20, 15, 61, 16]),
  ]
}
