import Foundation
import QRQuizTestPhotos
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizReading

/// QRQuiz's own decoder of sampled module grids, checked against libqrencode's symbols
/// (every version and level), against zbar (the same bytes from the same grids, every
/// segment mode qrencode writes) and against damage (what Reed–Solomon corrects, and what
/// it must refuse rather than guess).
@Suite struct GridDecoderTests {
  @Test func theBlockTableFillsEverySymbolExactly() {
    for version in 1...40 {
      let function = CodewordLayout.functionModules(version: version)
      let capacity = function.filter { !$0 }.count / 8
      for level in QRErrorCorrection.allCases {
        let blocks = ErrorCorrectionBlocks(version: version, level: level)
        #expect(blocks.totalCodewords == capacity, "version \(version) \(level)")
        // The second group's blocks hold one data codeword more, and come last.
        let lengths = blocks.dataCodewordsPerBlock
        #expect(lengths == lengths.sorted() && lengths.max()! - lengths.min()! <= 1, "version \(version) \(level)")
      }
    }
  }

  /// The codewords read through the mask tables are those of the mask's formula, module by
  /// module (ISO/IEC 18004 Table 10), for every version and mask.
  @Test func maskTablesGiveTheFormulasCodewords() {
    var generator = SystemRandomNumberGenerator()
    for version in 1...40 {
      let size = SymbolGeometry.dimension(ofVersion: version)
      let modules = (0..<size * size).map { _ in Bool.random(using: &generator) }
      let matrix = QRMatrix(size: size, version: version, modules: modules)
      let order = CodewordLayout.dataModules(version: version)
      for mask in 0..<8 {
        let format = FormatInformation(level: .medium, mask: mask)
        let expected = (0..<order.count / 8).map { codeword in
          order[codeword * 8..<codeword * 8 + 8].reduce(UInt8(0)) { value, index in
            value << 1 | (modules[index] != format.flips(x: index % size, y: index / size) ? 1 : 0)
          }
        }
        #expect(CodewordLayout.codewords(of: matrix, format: format) == expected, "version \(version) mask \(mask)")
      }
    }
  }

  @Test(arguments: QRErrorCorrection.allCases)
  func everyVersionOfLibqrencodeReadsBack(_ level: QRErrorCorrection) throws {
    var random = SeededBytes(state: 40)
    for version in 1...40 {
      // As much as fits, in byte mode: every codeword carries data.
      let capacity = QRSymbolEncoder.capacity(mode: .byte, level: level, version: version)
      let data = (0..<capacity).map { _ in UInt8.random(in: 0...255, using: &random) }
      let matrix = try QRSymbolEncoder.encode(
        data, mode: .byte, level: level, minimumVersion: version, maximumVersion: version)
      #expect(try GridDecoder.bytes(of: matrix) == data, "version \(version) \(level)")
    }
  }

  /// A grid read from qrencode's own PNG (one pixel a module, no margin).
  func qrencodeGrid(_ arguments: [String], text: [UInt8]) throws -> QRMatrix {
    let scratch = try TemporaryDirectory()
    try Data(text).write(to: scratch.url.appendingPathComponent("in"))
    let made = try ProcessRunner.tool(
      "qrencode", arguments + ["-s", "1", "-m", "0", "-r", scratch.path("in"), "-o", scratch.path("out.png")])
    try #require(made.status == 0, "\(made.stderr)")
    let image = try ImageDecoder.decode(contentsOf: scratch.url.appendingPathComponent("out.png"))
    let size = image.width
    let version = try #require(SymbolGeometry.version(ofDimension: size))
    return QRMatrix(
      size: size, version: version, modules: (0..<size * size).map { image.pixels[$0] < 128 })
  }

  /// qrencode chooses numeric, alphanumeric and byte segments itself (and kanji with -k):
  /// the grid decoder gives exactly the bytes zbar gives for the same symbol.
  @Test(arguments: [
    ([], "0123456789012345678901234567890"),
    ([], "HELLO WORLD 123 $%*+-./: MIXED with bytes 42"),
    ([], "https://example.org/quiz?id=12345678901234567890&name=QUIZ"),
    ([], "Grüße, café, 日本語: UTF-8 in byte mode"),
    (["-k"], "\u{65E5}\u{672C}\u{8A9E}\u{306E}\u{30C6}\u{30B9}\u{30C8} kanji mode"),
    (["-v", "12", "-l", "H"], String(repeating: "Version 12 at level H, ", count: 8)),
  ])
  func segmentsReadAsZbarReadsThem(_ arguments: [String], _ text: String) throws {
    // Kanji mode takes Shift_JIS; everything else is given as UTF-8.
    let bytes = arguments.contains("-k") ? Array(text.data(using: .shiftJIS)!) : Array(text.utf8)
    let matrix = try qrencodeGrid(arguments, text: bytes)
    let ours = try GridDecoder.bytes(of: matrix)
    let zbar = try #require(ZBarScanner().scan(matrix.image(scale: 3, margin: 4)).first).bytes
    #expect(ours == zbar)
    #expect(ours == bytes)
  }

  @Test func aMirroredSymbolReads() throws {
    let text = Array("Seen from behind the paper".utf8)
    let matrix = try QRSymbolEncoder.encode(text, mode: .byte, level: .medium)
    #expect(try GridDecoder.bytes(of: matrix.transposed) == text)
  }

  @Test func structuredAppendIsLeftToZbar() throws {
    let scratch = try TemporaryDirectory()
    try Data(String(repeating: "part of a sequence ", count: 20).utf8).write(
      to: scratch.url.appendingPathComponent("in"))
    let made = try ProcessRunner.tool(
      "qrencode",
      ["-S", "-v", "3", "-s", "1", "-m", "0", "-8", "-r", scratch.path("in"), "-o", scratch.path("sa.png")])
    try #require(made.status == 0, "\(made.stderr)")
    let part = try #require(try scratch.contents().first { $0.hasPrefix("sa-") })
    let image = try ImageDecoder.decode(contentsOf: scratch.url.appendingPathComponent(part))
    let matrix = QRMatrix(
      size: image.width, version: 3, modules: (0..<image.width * image.width).map { image.pixels[$0] < 128 })
    #expect(throws: GridDecoder.Failure.unsupported(structuredAppend: true)) { try GridDecoder.bytes(of: matrix) }
  }

  /// Wrong modules up to what the code corrects read back exactly; far more give an
  /// error, never other bytes.
  @Test func damageIsCorrectedOrRefusedNeverGuessed() throws {
    var random = SeededBytes(state: 7)
    let text = Array(String(repeating: "Reed-Solomon ", count: 10).utf8)
    let matrix = try QRSymbolEncoder.encode(text, mode: .byte, level: .medium, minimumVersion: 6)
    let function = CodewordLayout.functionModules(version: matrix.version)
    let data = function.indices.filter { !function[$0] }
    var corrected = 0
    var refused = 0
    for trial in 0..<200 {
      // A few wrong modules (one codeword each at most in most trials) or very many.
      let wrong = trial % 2 == 0 ? 6 : 400
      var modules = matrix.modules
      for index in data.shuffled(using: &random).prefix(wrong) { modules[index].toggle() }
      let damaged = QRMatrix(size: matrix.size, version: matrix.version, modules: modules)
      do {
        #expect(try GridDecoder.bytes(of: damaged) == text, "trial \(trial): other bytes")
        corrected += 1
      } catch {
        refused += 1
      }
    }
    #expect(corrected >= 100, "all lightly damaged grids read: \(corrected)")
    #expect(refused >= 95, "heavily damaged grids are refused: \(refused)")
  }

  /// A version 1-L symbol keeps 3 of its 7 error-correction codewords to detect misreads
  /// (ISO/IEC 18004 Table 9): 2 wrong codewords are corrected, 3 refused, as zbar does.
  @Test func theSmallestSymbolsKeepTheirMisdecodeProtection() throws {
    let text = Array("QRQuiz".utf8)
    let matrix = try QRSymbolEncoder.encode(text, mode: .byte, level: .low)
    #expect(matrix.version == 1)
    func damaged(codewords: Int) -> QRMatrix {
      // The first three codewords fill the two rightmost columns from the bottom up, four
      // rows each.
      var modules = matrix.modules
      for codeword in 0..<codewords {
        for row in 0..<4 {
          for x in [matrix.size - 1, matrix.size - 2] {
            modules[(matrix.size - 1 - codeword * 4 - row) * matrix.size + x].toggle()
          }
        }
      }
      return QRMatrix(size: matrix.size, version: matrix.version, modules: modules)
    }
    #expect(try GridDecoder.bytes(of: damaged(codewords: 2)) == text)
    #expect(throws: GridDecoder.Failure.unreadable) { try GridDecoder.bytes(of: damaged(codewords: 3)) }
    #expect(ErrorCorrectionBlocks(version: 1, level: .low).correctableErrorsPerBlock == 2)
    #expect(ErrorCorrectionBlocks(version: 4, level: .low).correctableErrorsPerBlock == 10)
  }

  @Test func reedSolomonCorrectsUpToHalfItsCodewords() {
    var random = SeededBytes(state: 3)
    // The shape of version 5-Q's second group: 16 data and 18 error-correction codewords.
    for errors in 0...9 {
      let data = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
      var block = Self.encoded(data, errorCorrection: 18)
      let original = block
      for position in Array(0..<34).shuffled(using: &random).prefix(errors) {
        block[position] ^= UInt8.random(in: 1...255, using: &random)
      }
      #expect(ReedSolomonDecoder.correct(&block, errorCorrectionCount: 18), "\(errors) errors")
      #expect(block == original, "\(errors) errors")
      // Asked to correct fewer, it refuses more.
      var limited = original
      for position in 0..<errors { limited[position] ^= 1 }
      #expect(ReedSolomonDecoder.correct(&limited, errorCorrectionCount: 18, maximumErrors: 5) == (errors <= 5))
    }
  }

  /// `data` followed by its Reed–Solomon error-correction codewords (the generator with
  /// roots α⁰ … αⁿ⁻¹), as an encoder computes them.
  static func encoded(_ data: [UInt8], errorCorrection count: Int) -> [UInt8] {
    var generator: [UInt8] = [1]
    for index in 0..<count {
      // Multiply by (x − αⁱ), highest degree first.
      var next = generator + [0]
      for (position, coefficient) in generator.enumerated() {
        next[position + 1] ^= GaloisField.multiply(coefficient, GaloisField.power(index))
      }
      generator = next
    }
    var remainder = data + [UInt8](repeating: 0, count: count)
    for index in 0..<data.count where remainder[index] != 0 {
      let factor = remainder[index]
      for (position, coefficient) in generator.enumerated() {
        remainder[index + position] ^= GaloisField.multiply(factor, coefficient)
      }
    }
    return data + remainder.suffix(count)
  }
}
