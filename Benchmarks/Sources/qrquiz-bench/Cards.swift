import Foundation
import QRQuiz
import QRQuizCards

/// `qrquiz-bench cards [--runs N] FILE…`: one JSON line per photo with the answer cards read
/// (number, answer, corners) and the time from the file's bytes to the answers (decoding
/// included, as `qrquiz answer-cards scan` does it), the median of N runs: `ms` on the wall
/// clock and `cpu_ms` of this thread's CPU time (what one core spends, whatever else the
/// machine runs), and `decode_cpu_ms`, the decoding alone.
func runCards(_ arguments: [String]) throws {
  var files = arguments
  var runs = 1
  if files.first == "--runs", files.count > 1, let count = Int(files[1]) {
    runs = max(1, count)
    files.removeFirst(2)
  }
  let scanner = try AnswerCardScanner(timeLimit: 60)
  for file in files {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
    var walls: [Double] = []
    var cpus: [Double] = []
    var decodes: [Double] = []
    var scan: AnswerCardScan?
    for _ in 0..<runs {
      let start = (wall: DispatchTime.now().uptimeNanoseconds, cpu: threadCPUNanoseconds())
      _ = try ImageDecoder.decode(bytes)
      decodes.append(Double(threadCPUNanoseconds() - start.cpu) / 1e6)
      let between = (wall: DispatchTime.now().uptimeNanoseconds, cpu: threadCPUNanoseconds())
      scan = try scanner.scan(imageData: bytes)
      walls.append(Double(DispatchTime.now().uptimeNanoseconds - between.wall) / 1e6)
      cpus.append(Double(threadCPUNanoseconds() - between.cpu) / 1e6)
    }
    func median(_ values: [Double]) -> JSONValue { .number((values.sorted()[values.count / 2] * 100).rounded() / 100) }
    let cards = (scan?.cards ?? []).map { card -> JSONValue in
      .object([
        ("card", .number(card.card)), ("answer", .string(card.answer.rawValue)),
        ("corners", .array(card.corners.map { .array([.number($0.x), .number($0.y)]) })),
      ])
    }
    let line: JSONValue = .object([
      ("file", .string(file)), ("ms", median(walls)), ("cpu_ms", median(cpus)), ("decode_cpu_ms", median(decodes)),
      ("cards", .array(cards)), ("ignored", .number(scan?.ignored.total ?? 0)),
    ])
    print(line.compactText)
  }
}

/// This thread's CPU time so far.
func threadCPUNanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}
