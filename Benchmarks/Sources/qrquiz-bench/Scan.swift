import Foundation
import QRQuiz

/// `qrquiz-bench scan [--passes located,plain,…] [--repeat N] FILE…`: one JSON line per image with the
/// texts found, the pass that found them and the in-process times: `decode_ms` (the file
/// to grey pixels, as `qrquiz decode` does it: large JPEGs at reduced size), `scan_ms`
/// (pixels to texts, what zxing-cpp's read_barcodes does from a decoded image) and `ms`,
/// their sum; `scan_cpu_ms` is the scan's time on the processor (this thread's), which
/// other work on a shared machine does not inflate as it does the elapsed time. With
/// `--repeat N` each image is scanned N times and the times are the fastest of them: the
/// run least disturbed by the machine's other work.
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
    var decodeMilliseconds = 0.0
    var scanMilliseconds = 0.0
    var scanProcessorMilliseconds = 0.0
    do {
      let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
      let start = DispatchTime.now().uptimeNanoseconds
      let image = try ImageDecoder.decode(bytes, targetPixels: QRCodeReader.fastScanPixels)
      let decoded = DispatchTime.now().uptimeNanoseconds
      decodeMilliseconds = Double(decoded - start) / 1e6
      // One unmeasured scan first when repeating, so every measured one starts warm.
      var scan = repeats > 1 ? try reader.scan(image) : nil
      scanMilliseconds = .infinity
      scanProcessorMilliseconds = .infinity
      for _ in 0..<repeats {
        let processorStart = threadProcessorNanoseconds()
        let wallStart = DispatchTime.now().uptimeNanoseconds
        scan = try reader.scan(image)
        scanMilliseconds = min(scanMilliseconds, Double(DispatchTime.now().uptimeNanoseconds - wallStart) / 1e6)
        scanProcessorMilliseconds = min(
          scanProcessorMilliseconds, Double(threadProcessorNanoseconds() - processorStart) / 1e6)
      }
      texts = scan?.symbols.map { .string($0.text) } ?? []
      pass = scan?.pass.map { .string($0.rawValue) } ?? .null
    } catch let failure {
      error = .string("\(failure)")
    }
    func rounded(_ value: Double) -> JSONValue { .number((value * 1000).rounded() / 1000) }
    let line: JSONValue = .object([
      ("file", .string(file)), ("ms", rounded(decodeMilliseconds + scanMilliseconds)),
      ("decode_ms", rounded(decodeMilliseconds)), ("scan_ms", rounded(scanMilliseconds)),
      ("scan_cpu_ms", rounded(scanProcessorMilliseconds)),
      ("pass", pass), ("texts", .array(texts)), ("error", error),
    ])
    print(line.compactText)
  }
}

/// Nanoseconds this thread has run on a processor.
func threadProcessorNanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}
