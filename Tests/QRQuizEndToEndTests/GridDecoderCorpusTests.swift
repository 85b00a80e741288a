import Foundation
import QRQuizServerTesting
import QRQuizTestPhotos
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizReading

/// The grid decoder checked against zbar and zxing-cpp on every grid the rectifier samples
/// from the zxing photo corpus, at the sizes the reader samples them: whatever it reads,
/// zxing-cpp reads the same bytes from the grid's rendering and zbar nothing else; what
/// zbar reads, it reads too.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct GridDecoderCorpusTests {
  @Test func everyCorpusGridReadsAsZbarAndZxingReadIt() throws {
    let scanner = ZBarScanner()
    let scratch = try TemporaryDirectory()
    var ours: [String: [UInt8]] = [:]
    var grids = 0
    var disagreements: [String] = []
    for image in try Self.corpusImages() {
      let gray = try ImageDecoder.decode(Array(Data(contentsOf: image)), targetPixels: QRCodeReader.fastScanPixels)
      for (scale, binary) in [(1, gray.binarized()), (2, gray.downscaled(by: 2).binarized())] {
        let rectifier = SymbolRectifier(image: binary, patterns: FinderPatternScan(binary).patterns)
        _ = rectifier.read(
          decode: { sampled in
            grids += 1
            let name = "\(image.deletingPathExtension().lastPathComponent)-\(scale)-\(grids)"
            // Their detectors need whole finders, which a photo's sampling may have
            // chipped; only the data, format and version modules are the decoders' to judge.
            guard let matrix = try? Self.withCleanFunctionPatterns(sampled.matrix) else { return .unreadable }
            // zbar does not read mirrored symbols; the grid decoder and zxing-cpp do.
            let zbar = [matrix, matrix.transposed].lazy.compactMap {
              scanner.scan($0.image(scale: 3, margin: 4)).first?.bytes
            }.first
            do throws(GridDecoder.Failure) {
              let bytes = try GridDecoder.bytes(of: sampled)
              // zbar's detector misses a few renderings of damaged grids (zxing-cpp,
              // below, reads every one); what it does read must be the same bytes.
              if let zbar, zbar != bytes { disagreements.append("\(name): zbar read other bytes") }
              let file = scratch.path("\(name).png")
              ours[file] = bytes
              try? Data(matrix.pngData(scale: 3, margin: 4)).write(to: URL(fileURLWithPath: file))
              return .symbol(QRSymbol(bytes: bytes))
            } catch {
              // Segments it leaves to zbar are fine; a grid zbar reads and it does not is not.
              if zbar != nil, error == .unreadable { disagreements.append("\(name): only zbar read it") }
              return .unreadable
            }
          }, deadline: .none)
      }
    }
    #expect(ours.count >= 170, "\(ours.count) grids read of \(grids) sampled")
    #expect(disagreements.isEmpty, "\(disagreements)")

    let zxing = try ProcessRunner.tool("python3", [Fixtures.url("zxing_read_each.py").path] + ours.keys.sorted())
    #expect(zxing.status == 0, "\(zxing.stderr)")
    let lines = zxing.stdoutText.split(separator: "\n")
    #expect(lines.count == ours.count)
    for line in lines {
      let fields = line.split(separator: "\t").map(String.init)
      let hex = ours[fields[0]].map { $0.map { String(format: "%02x", $0) }.joined() }
      #expect(fields[1] == hex, "\(fields[0]): zxing-cpp read \(fields[1])")
    }
  }

  /// `sampled` with its finders, separators, timing and alignment patterns as libqrencode
  /// draws them for its version, and its data, format and version information as sampled.
  static func withCleanFunctionPatterns(_ sampled: QRMatrix) throws -> QRMatrix {
    let size = sampled.size
    let reference = try QRSymbolEncoder.encode([0x41], mode: .byte, level: .low, minimumVersion: sampled.version)
    let function = CodewordLayout.functionModules(version: sampled.version)
    func isInformation(_ x: Int, _ y: Int) -> Bool {
      let format = x == 8 && (y < 9 || y >= size - 8) || y == 8 && (x < 9 || x >= size - 8)
      let versionBlock = size - 11..<size - 8
      let version = sampled.version >= 7 && (x < 6 && versionBlock.contains(y) || y < 6 && versionBlock.contains(x))
      return format || version
    }
    var modules = sampled.modules
    for y in 0..<size {
      for x in 0..<size where function[y * size + x] && !isInformation(x, y) {
        modules[y * size + x] = reference.modules[y * size + x]
      }
    }
    return QRMatrix(size: size, version: sampled.version, modules: modules)
  }

  static func corpusImages() throws -> [URL] {
    let corpus = Fixtures.corpus
    return try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted()
      .filter { $0.hasPrefix("qrcode-") || $0.hasPrefix("multi-") }.flatMap { folder in
        let directory = corpus.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
          .filter { $0.hasSuffix(".png") }.map { directory.appendingPathComponent($0) }
      }
  }
}
