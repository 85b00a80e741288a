import Foundation
import QRQuiz

/// `qrquiz-bench scan [--passes plain,inverted,…] FILE…`: one JSON line per image with the
/// texts found, the pass that found them and the in-process time (decode + scan).
func runScan(_ arguments: [String]) throws {
  var files = arguments
  var passes = QRCodeReader.Pass.allCases
  if files.first == "--passes", files.count > 1 {
    passes = files[1].split(separator: ",").compactMap { QRCodeReader.Pass(rawValue: String($0)) }
    files.removeFirst(2)
  }
  let reader = QRCodeReader(passes: passes)
  for file in files {
    let start = DispatchTime.now().uptimeNanoseconds
    var texts: [JSONValue] = []
    var pass: JSONValue = .null
    var error: JSONValue = .null
    do {
      let scan = try reader.scan(imageData: Array(try Data(contentsOf: URL(fileURLWithPath: file))))
      texts = scan.symbols.map { .string($0.text) }
      pass = scan.pass.map { .string($0.rawValue) } ?? .null
    } catch let failure {
      error = .string("\(failure)")
    }
    let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    let line: JSONValue = .object([
      ("file", .string(file)), ("ms", .number((milliseconds * 100).rounded() / 100)),
      ("pass", pass), ("texts", .array(texts)), ("error", error),
    ])
    print(line.compactText)
  }
}
