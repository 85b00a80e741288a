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
    let straight = read(matrix)
    if case .success(let bytes) = straight { return bytes }
    if case .success(let bytes) = read(matrix.transposed) { return bytes }
    switch straight {
    case .failure(.unsupported(let structuredAppend)): throw .unsupported(structuredAppend: structuredAppend)
    default: throw .unreadable
    }
  }

  private static func read(_ matrix: QRMatrix) -> Result<[UInt8], Failure> {
    guard let format = FormatInformation(reading: matrix) else { return .failure(.unreadable) }
    let blocks = ErrorCorrectionBlocks(version: matrix.version, level: format.level)
    let codewords = CodewordLayout.codewords(of: matrix, format: format)
    guard codewords.count >= blocks.totalCodewords else { return .failure(.unreadable) }
    // Codewords are interleaved: the i-th data codeword of every block in turn (the longer
    // blocks' last one after all the others), then the error-correction codewords alike.
    let lengths = blocks.dataCodewordsPerBlock
    var split = lengths.map { length in
      var block = [UInt8]()
      block.reserveCapacity(length + blocks.errorCorrectionPerBlock)
      return block
    }
    var next = 0
    for index in 0..<(lengths.max() ?? 0) {
      for block in split.indices where index < lengths[block] {
        split[block].append(codewords[next])
        next += 1
      }
    }
    for _ in 0..<blocks.errorCorrectionPerBlock {
      for block in split.indices {
        split[block].append(codewords[next])
        next += 1
      }
    }
    var data: [UInt8] = []
    data.reserveCapacity(lengths.reduce(0, +))
    for (index, var block) in split.enumerated() {
      guard
        ReedSolomonDecoder.correct(
          &block, errorCorrectionCount: blocks.errorCorrectionPerBlock,
          maximumErrors: blocks.correctableErrorsPerBlock)
      else {
        return .failure(.unreadable)
      }
      data += block.prefix(lengths[index])
    }
    do throws(SegmentParser.Failure) {
      return .success(try SegmentParser.bytes(data, version: matrix.version))
    } catch .unsupported(let structuredAppend) {
      return .failure(.unsupported(structuredAppend: structuredAppend))
    } catch {
      return .failure(.unreadable)
    }
  }
}

extension QRMatrix {
  /// The grid mirrored across its main diagonal: how a symbol seen from behind samples.
  var transposed: QRMatrix {
    var modules = [Bool](repeating: false, count: size * size)
    for y in 0..<size { for x in 0..<size { modules[x * size + y] = self[x, y] } }
    return QRMatrix(size: size, version: version, modules: modules)
  }
}
