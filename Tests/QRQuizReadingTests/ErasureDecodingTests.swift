import Foundation
import QRQuizTestPhotos
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizReading

/// Errors-and-erasures decoding: Reed–Solomon told which codewords are doubtful, the
/// limit on what it may believe, and the grid decoder choosing erasures by module
/// confidence — checked on thousands of mutated symbols for wrong bytes, of which there
/// must be none.
@Suite struct ErasureDecodingTests {
  @Test func reedSolomonCorrectsErrorsAndErasuresUpToItsCodewords() {
    var random = SeededBytes(state: 11)
    // Version 5-Q's second group: 16 data and 18 error-correction codewords.
    for erased in stride(from: 0, through: 18, by: 2) {
      for errors in 0...(18 - erased) / 2 {
        let data = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
        let original = GridDecoderTests.encoded(data, errorCorrection: 18)
        var block = original
        let positions = Array(0..<34).shuffled(using: &random)
        let erasures = Array(positions.prefix(erased))
        // Erased codewords may or may not be wrong; the errors are elsewhere.
        for position in erasures where Bool.random(using: &random) { block[position] ^= 0x5A }
        for position in positions.dropFirst(erased).prefix(errors) {
          block[position] ^= UInt8.random(in: 1...255, using: &random)
        }
        let corrected = ReedSolomonDecoder.correct(
          &block, errorCorrectionCount: 18, erasures: erasures, accepts: { _ in true })
        #expect(corrected, "\(erased) erasures, \(errors) errors")
        #expect(block == original, "\(erased) erasures, \(errors) errors")
      }
    }
  }

  @Test func oneErrorPastWhatErasuresLeaveIsRefused() {
    var random = SeededBytes(state: 12)
    var refused = 0
    for _ in 0..<200 {
      let data = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
      let original = GridDecoderTests.encoded(data, errorCorrection: 18)
      var block = original
      // 10 erasures leave 8 codewords to find 4 errors with; 5 is one too many.
      let positions = Array(0..<34).shuffled(using: &random)
      for position in positions.dropFirst(10).prefix(5) { block[position] ^= UInt8.random(in: 1...255, using: &random) }
      if !ReedSolomonDecoder.correct(
        &block, errorCorrectionCount: 18, erasures: Array(positions.prefix(10)), accepts: { _ in true })
      {
        refused += 1
      } else {
        // Past its distance a code can land on another codeword, never on the original.
        #expect(block != original)
      }
    }
    // Most such blocks show they are beyond repair (rarely another codeword is that close).
    #expect(refused >= 190, "\(refused) of 200 refused")
  }

  @Test func theChanceOfAFalseCorrectionBoundsWhatErasuresMayClaim() {
    // The smallest symbol's blind limit, 2 errors in 1-L (26 codewords, 7 for correction),
    // is what a random block passes about once in 10¹⁰; a large symbol's 15 of 30 far less.
    let small = ErrorCorrectionBlocks(version: 1, level: .low)
    #expect((1e-11...1e-9).contains(small.chanceOfFalseCorrection(errors: 2, erasures: 0, length: 26)))
    let large = ErrorCorrectionBlocks(version: 40, level: .low)
    #expect(large.chanceOfFalseCorrection(errors: 15, erasures: 0, length: 148) < 1e-15)
    // Erasing nearly every check leaves a block that almost anything passes.
    #expect(large.chanceOfFalseCorrection(errors: 0, erasures: 28, length: 148) > 1e-6)
    #expect(large.chanceOfFalseCorrection(errors: 9, erasures: 10, length: 148) < 1e-12)
    #expect(large.chanceOfFalseCorrection(errors: 10, erasures: 10, length: 148) > 1e-12)
  }

  /// A symbol with `wrong` of its data modules flipped and marked doubtful, as many
  /// right ones marked a little less doubtful, and `misleading` further ones flipped but
  /// claiming to be sure; everything else sure.
  static func damaged(
    _ matrix: QRMatrix, wrong: Int, misleading: Int = 0, using random: inout SeededBytes
  ) -> (matrix: QRMatrix, confidence: [UInt8]) {
    let function = CodewordLayout.functionModules(version: matrix.version)
    let data = function.indices.filter { !function[$0] }.shuffled(using: &random)
    var modules = matrix.modules
    var confidence = [UInt8](repeating: 255, count: modules.count)
    for index in data.prefix(wrong) {
      modules[index].toggle()
      confidence[index] = UInt8.random(in: 0...30, using: &random)
    }
    for index in data.dropFirst(wrong).prefix(wrong) { confidence[index] = UInt8.random(in: 20...60, using: &random) }
    for index in data.dropFirst(2 * wrong).prefix(misleading) { modules[index].toggle() }
    return (QRMatrix(size: matrix.size, version: matrix.version, modules: modules), confidence)
  }

  @Test func doubtfulCodewordsLetABlockBeReadPastItsBlindLimit() throws {
    var random = SeededBytes(state: 21)
    // Version 4-L: one block of 100 codewords, 20 of them for correction: 10 wrong ones
    // corrected blind; with the wrong ones known for doubtful, up to 14.
    let text = Array(String(repeating: "erasures ", count: 8).utf8)
    let matrix = try QRSymbolEncoder.encode(text, mode: .byte, level: .low, minimumVersion: 4, maximumVersion: 4)
    let order = CodewordLayout.dataModules(version: 4)
    for wrong in [11, 13] {
      for _ in 0..<20 {
        // One module wrong in each of `wrong` codewords, those modules doubtful.
        var modules = matrix.modules
        var confidence = [UInt8](repeating: 255, count: modules.count)
        for codeword in Array(0..<100).shuffled(using: &random).prefix(wrong) {
          let module = order[codeword * 8 + Int.random(in: 0..<8, using: &random)]
          modules[module].toggle()
          confidence[module] = UInt8.random(in: 0...40, using: &random)
        }
        let damaged = QRMatrix(size: matrix.size, version: 4, modules: modules)
        #expect(throws: GridDecoder.Failure.unreadable) { try GridDecoder.bytes(of: damaged) }
        #expect(try GridDecoder.bytes(of: SampledGrid(matrix: damaged, confidence: confidence)) == text)
      }
    }
  }

  /// Thousands of small symbols (the versions where a misread is likeliest) at every
  /// level, mutated from lightly to far past repair, with confidence that points at the
  /// wrong modules or misleads: the decoder gives back the original bytes or nothing.
  @Test func thousandsOfMutatedSymbolsGiveTheirBytesOrNothing() throws {
    var random = SeededBytes(state: 30)
    var read = 0
    var refused = 0
    var wrong = 0
    for trial in 0..<4000 {
      let level = QRErrorCorrection.allCases[trial % 4]
      let version = 1 + trial / 4 % 6
      let capacity = QRSymbolEncoder.capacity(mode: .byte, level: level, version: version)
      let data = (0..<Int.random(in: 1...capacity, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random)
      }
      let matrix = try QRSymbolEncoder.encode(
        data, mode: .byte, level: level, minimumVersion: version, maximumVersion: version)
      let modules = matrix.size * matrix.size
      let (damaged, confidence) = Self.damaged(
        matrix, wrong: Int.random(in: 0...modules / 12, using: &random),
        misleading: Int.random(in: 0...modules / 60, using: &random), using: &random)
      let grid = SampledGrid(matrix: damaged, confidence: trial % 3 == 0 ? nil : confidence)
      if let bytes = try? GridDecoder.bytes(of: grid) {
        if bytes == data { read += 1 } else { wrong += 1 }
      } else {
        refused += 1
      }
    }
    #expect(wrong == 0, "\(wrong) wrong of 4000")
    // Both outcomes happen often: the mutations span repairable to hopeless (measured:
    // 724 read, the rest refused).
    #expect(read >= 600, "read \(read), refused \(refused)")
    #expect(refused >= 800, "read \(read), refused \(refused)")
  }
}
