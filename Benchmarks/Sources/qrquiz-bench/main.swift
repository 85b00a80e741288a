import Foundation
import QRQuiz

// In-process benchmark of the library, the counterpart of Benchmarks/c/encode_png.c.
// usage: qrquiz-bench encode ITERATIONS SCALE MARGIN FILE...   median ns per topic (bytes → PNG)
//        qrquiz-bench encode-topic ITERATIONS SCALE MARGIN FILE...   (validate + normalise + PNG)
//        qrquiz-bench scan [--passes a,b] [--repeat N] FILE...   JSON lines: texts, pass, ms
//        qrquiz-bench cards [--runs N] FILE...   JSON lines: answer cards, ms, cpu_ms (Cards.swift)
//        qrquiz-bench cache-put DIR URL FILE | cache-key URL   (CacheTools.swift)
let arguments = CommandLine.arguments
if arguments.count >= 2, arguments[1] == "scan" {
  try runScan(Array(arguments.dropFirst(2)))
  exit(0)
}
if arguments.count >= 2, arguments[1] == "cards" {
  try runCards(Array(arguments.dropFirst(2)))
  exit(0)
}
if arguments.count >= 2, arguments[1].hasPrefix("cache-") {
  try runCacheTool(Array(arguments.dropFirst()))
  exit(0)
}
guard arguments.count >= 6, let iterations = Int(arguments[2]), let scale = Int(arguments[3]),
  let margin = Int(arguments[4])
else {
  FileHandle.standardError.write(Data("usage: qrquiz-bench encode|encode-topic ITERATIONS SCALE MARGIN FILE...\n".utf8))
  exit(2)
}
let files = arguments[5...].map { URL(fileURLWithPath: $0) }
let texts = try files.map { url in
  var bytes = Array(try Data(contentsOf: url))
  while bytes.last == 0x0A { bytes.removeLast() }
  return bytes
}
let topics = try files.map { try TopicReader.topic(json: Data(contentsOf: $0), source: $0.path).topic }
// Version 40 and plain JSON, as the C reference (libqrencode picks the version).
let encoder = TopicQREncoder(maximumVersion: 40, format: .json)

func encodeBytes() throws -> Int {
  var total = 0
  for text in texts { total += try encoder.encode(bytes: text).pngData(scale: scale, margin: margin).count }
  return total
}

func encodeTopics() throws -> Int {
  var total = 0
  for topic in topics {
    total += try encoder.encode(ValidTopic(topic)).matrices[0].pngData(scale: scale, margin: margin).count
  }
  return total
}

let work = arguments[1] == "encode-topic" ? encodeTopics : encodeBytes
var samples: [Double] = []
var checksum = 0
for _ in 0..<iterations {
  let start = DispatchTime.now().uptimeNanoseconds
  checksum &+= try work()
  samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(texts.count))
}
samples.sort()
print(Int(samples[samples.count / 2]))
if checksum == 0 { exit(1) }
