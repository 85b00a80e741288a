/// Decodes a sampled module grid into the symbol's bytes, without rendering it for zbar:
/// format information, the data mask, the codewords de-interleaved into their blocks, each
/// block corrected by ``ReedSolomonDecoder``, and the segments read by ``SegmentParser``.
/// A grid read as a mirror image (the symbol photographed from behind, or a selfie camera)
/// is tried transposed when it does not read as it is.
///
/// Checked against zbar and zxing-cpp on every grid the rectifying pass samples from the
/// photo corpus, and against libqrencode's symbols at every version and level.
package enum GridDecoder {
  package enum Failure: Error, Hashable {
    /// Neither the grid nor its mirror image reads: too many wrong modules.
    case unreadable
    /// The symbol holds segments left to zbar (see ``SegmentParser``).
    case unsupported(structuredAppend: Bool)
  }

  package static func bytes(of matrix: QRMatrix) throws(Failure) -> [UInt8] {
    try bytes(of: SampledGrid(matrix: matrix))
  }

  /// The bytes of a sampled grid; its modules' confidence, when it has one, chooses the
  /// erasures of blocks with more wrong codewords than their code corrects blind.
  ///
  /// The mirror image is decoded only when its format information reads with fewer wrong
  /// bits than the grid's own: a grid that is not mirrored reads its format nearly
  /// exactly, and a failed decode costs as much as a good one.
  package static func bytes(of grid: SampledGrid) throws(Failure) -> [UInt8] {
    let format = FormatInformation.nearest(in: grid.matrix)
    let straight = format.map { read(grid, format: $0.format) } ?? .failure(.unreadable)
    if case .success(let bytes) = straight { return bytes }
    if let mirrored = FormatInformation.nearest(in: grid.matrix, mirrored: true),
      mirrored.wrongBits < format?.wrongBits ?? 4,
      case .success(let bytes) = read(grid.transposed, format: mirrored.format)
    {
      return bytes
    }
    switch straight {
    case .failure(.unsupported(let structuredAppend)): throw .unsupported(structuredAppend: structuredAppend)
    default: throw .unreadable
    }
  }

  private static func read(_ grid: SampledGrid, format: FormatInformation) -> Result<[UInt8], Failure> {
    let matrix = grid.matrix
    let blocks = ErrorCorrectionBlocks(version: matrix.version, level: format.level)
    let codewords = CodewordLayout.codewords(of: matrix, format: format)
    guard codewords.count >= blocks.totalCodewords else { return .failure(.unreadable) }
    let confidences = grid.confidence.map { CodewordLayout.confidences($0, version: matrix.version) }
    var data: [UInt8] = []
    data.reserveCapacity(blocks.dataCodewordsPerBlock.reduce(0, +))
    for (index, positions) in blocks.interleavedPositions().enumerated() {
      var block = positions.map { codewords[$0] }
      guard
        correct(
          &block, blocks: blocks, confidences: confidences.map { confidences in positions.map { confidences[$0] } })
      else { return .failure(.unreadable) }
      data += block.prefix(blocks.dataCodewordsPerBlock[index])
    }
    do throws(SegmentParser.Failure) {
      return .success(try SegmentParser.bytes(data, version: matrix.version))
    } catch .unsupported(let structuredAppend) {
      return .failure(.unsupported(structuredAppend: structuredAppend))
    } catch {
      return .failure(.unreadable)
    }
  }

  /// One block corrected: blind first, as the standard's decoders do; then, given how
  /// sure each codeword is, with the least sure ones erased, more of them each time. An
  /// erasure costs half what an unknown error does, so a block whose wrong codewords are
  /// among its least sure ones can have far more of them corrected. Each such correction
  /// must be one that a block of random bytes would pass by chance less than once in 10¹²
  /// (see ``ErrorCorrectionBlocks/chanceOfFalseCorrection(errors:erasures:length:)``): the
  /// more erasures, the fewer further errors are believed.
  private static func correct(_ block: inout [UInt8], blocks: ErrorCorrectionBlocks, confidences: [UInt8]?) -> Bool {
    let count = blocks.errorCorrectionPerBlock
    if ReedSolomonDecoder.correct(
      &block, errorCorrectionCount: count, maximumErrors: blocks.correctableErrorsPerBlock)
    {
      return true
    }
    guard let confidences else { return false }
    let doubtful = confidences.indices.sorted { confidences[$0] < confidences[$1] }
    let length = block.count
    for erased in stride(from: 2, through: count, by: 2) {
      guard blocks.chanceOfFalseCorrection(errors: 0, erasures: erased, length: length) <= 1e-12 else { break }
      let erasures = Array(doubtful.prefix(erased))
      if ReedSolomonDecoder.correct(
        &block, errorCorrectionCount: count, erasures: erasures,
        accepts: { blocks.chanceOfFalseCorrection(errors: $0, erasures: erased, length: length) <= 1e-12 })
      {
        return true
      }
    }
    return false
  }
}

extension QRMatrix {
  /// The grid mirrored across its main diagonal: how a symbol seen from behind samples.
  package var transposed: QRMatrix {
    var modules = [Bool](repeating: false, count: size * size)
    for y in 0..<size { for x in 0..<size { modules[x * size + y] = self[x, y] } }
    return QRMatrix(size: size, version: version, modules: modules)
  }
}
