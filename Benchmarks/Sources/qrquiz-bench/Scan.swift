import Foundation
import QRQuiz

/// `qrquiz-bench scan [--passes located,plain,…] FILE…`: one JSON line per image with the
/// texts found, the pass that found them and the in-process times: `decode_ms` (the file
/// to grey pixels, as `qrquiz decode` does it: large JPEGs at reduced size), `scan_ms`
/// (pixels to texts, what zxing-cpp's read_barcodes does from a decoded image) and `ms`,
/// their sum.
func runScan(_ arguments: [String]) throws {
  var files = arguments
  var passes = QRCodeReader.Pass.allCases
  if files.first == "--passes", files.count > 1 {
    passes = files[1].split(separator: ",").compactMap { QRCodeReader.Pass(rawValue: String($0)) }
    files.removeFirst(2)
  }
  let reader = QRCodeReader(passes: passes)
  for file in files {
    var texts: [JSONValue] = []
    var pass: JSONValue = .null
    var error: JSONValue = .null
    var decodeMilliseconds = 0.0
    var scanMilliseconds = 0.0
    do {
      let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
      let start = DispatchTime.now().uptimeNanoseconds
      let image = try ImageDecoder.decode(bytes, targetPixels: QRCodeReader.fastScanPixels)
      let decoded = DispatchTime.now().uptimeNanoseconds
      let scan = try reader.scan(image)
      let scanned = DispatchTime.now().uptimeNanoseconds
      decodeMilliseconds = Double(decoded - start) / 1e6
      scanMilliseconds = Double(scanned - decoded) / 1e6
      texts = scan.symbols.map { .string($0.text) }
      pass = scan.pass.map { .string($0.rawValue) } ?? .null
    } catch let failure {
      error = .string("\(failure)")
    }
    func rounded(_ value: Double) -> JSONValue { .number((value * 1000).rounded() / 1000) }
    let line: JSONValue = .object([
      ("file", .string(file)), ("ms", rounded(decodeMilliseconds + scanMilliseconds)),
      ("decode_ms", rounded(decodeMilliseconds)), ("scan_ms", rounded(scanMilliseconds)),
      ("pass", pass), ("texts", .array(texts)), ("error", error),
    ])
    print(line.compactText)
  }
}
