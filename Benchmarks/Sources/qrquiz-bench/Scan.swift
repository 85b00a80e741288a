import Foundation
import QRQuiz

/// `qrquiz-bench scan [--passes located,plain,…] [--repeat N] FILE…`: one JSON line per
/// image with the texts found, the pass that found them and the in-process times of
/// `QRCodeReader.scan(imageData:)`, what `qrquiz decode` runs: `ms` in all, `decode_ms`
/// the file to grey pixels (large JPEGs at reduced size), `scan_ms` the rest, pixels to
/// texts (what zxing-cpp's read_barcodes does from a decoded image, a colour photo's
/// second look at each colour channel included); `cpu_ms` and `scan_cpu_ms` are `ms` and
/// `scan_ms` on the processor (this thread's), which other work on a shared machine does
/// not inflate as it does the elapsed time. With `--repeat N` each image is read N times after a warm-up
/// and the times are the fastest: the run least disturbed by the machine's other work.
func runScan(_ arguments: [String]) throws {
  var files = arguments
  var passes = QRCodeReader.Pass.allCases
  var repeats = 1
  while files.count > 1, files[0].hasPrefix("--") {
    if files[0] == "--passes" {
      passes = files[1].split(separator: ",").compactMap { QRCodeReader.Pass(rawValue: String($0)) }
    } else if files[0] == "--repeat" {
      repeats = max(1, Int(files[1]) ?? 1)
    }
    files.removeFirst(2)
  }
  let reader = QRCodeReader(passes: passes)
  for file in files {
    var texts: [JSONValue] = []
    var pass: JSONValue = .null
    var error: JSONValue = .null
    var decode = Timing()
    var total = Timing()
    do {
      let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
      if repeats > 1 { _ = try? reader.scan(imageData: bytes) }
      var scan: QRCodeReader.Scan?
      for _ in 0..<repeats {
        try decode.measure { _ = try ImageDecoder.decode(bytes, targetPixels: QRCodeReader.fastScanPixels) }
        try total.measure { scan = try reader.scan(imageData: bytes) }
      }
      texts = scan?.symbols.map { .string($0.text) } ?? []
      pass = scan?.pass.map { .string($0.rawValue) } ?? .null
    } catch let failure {
      error = .string("\(failure)")
    }
    func rounded(_ value: Double) -> JSONValue { .number((max(0, value) * 1000).rounded() / 1000) }
    let line: JSONValue = .object([
      ("file", .string(file)), ("ms", rounded(total.elapsed)), ("decode_ms", rounded(decode.elapsed)),
      ("scan_ms", rounded(total.elapsed - decode.elapsed)),
      ("cpu_ms", rounded(total.processor)), ("scan_cpu_ms", rounded(total.processor - decode.processor)),
      ("pass", pass), ("texts", .array(texts)), ("error", error),
    ])
    print(line.compactText)
  }
}

/// The fastest of the runs measured: elapsed and processor milliseconds.
struct Timing {
  var elapsed = Double.infinity
  var processor = Double.infinity

  mutating func measure(_ work: () throws -> Void) throws {
    let processorStart = threadProcessorNanoseconds()
    let start = DispatchTime.now().uptimeNanoseconds
    try work()
    elapsed = min(elapsed, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    processor = min(processor, Double(threadProcessorNanoseconds() - processorStart) / 1e6)
  }
}

/// Nanoseconds this thread has run on a processor.
func threadProcessorNanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}
