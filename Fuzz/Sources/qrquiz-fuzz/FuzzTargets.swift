import Foundation
import QRQuiz
import QRQuizInterchange

/// The parsers that read untrusted bytes, each as one entry point for the fuzzer
/// (Fuzz/run) and its regression replay. `package` access: the fuzz target in this
/// package calls them; they are not public API.
package enum FuzzTargets {
  /// The names `Fuzz/run` knows.
  package static let names = [
    "image", "topic", "payload", "charset", "cache", "detect", "grid", "terminal", "import", "http",
  ]

  /// Runs `bytes` through the parser called `name`. Any error is fine; a crash, a hang or
  /// a broken invariant (checked with `precondition`) is a finding.
  package static func run(_ name: String, _ bytes: [UInt8]) {
    switch name {
    case "image": image(bytes)
    case "topic": topic(bytes)
    case "payload": payload(bytes)
    case "charset": charset(bytes)
    case "cache": cache(bytes)
    case "detect": detect(bytes)
    case "grid": grid(bytes)
    case "terminal": terminal(bytes)
    case "import": importFile(bytes)
    case "http": http(bytes)
    default: preconditionFailure("unknown fuzz target \(name); one of \(names)")
    }
  }

  /// PNG and JPEG decoding with small limits (so the fuzzer explores rather than
  /// allocates), then the locating pass, zbar's plain pass and the rectifying pass within
  /// a time budget.
  static func image(_ bytes: [UInt8]) {
    let limits = ImageLimits(maximumPixels: 4_000_000, maximumFileSize: 1 << 20)
    guard let image = try? ImageDecoder.decode(bytes, limits: limits, targetPixels: 1_000_000) else { return }
    precondition(image.pixels.count == image.width * image.height)
    _ = try? QRCodeReader(passes: [.located, .plain, .rectified], timeLimit: 1).scan(image)
  }

  /// The decoder of sampled grids: the first byte picks the version (1–40), the rest are
  /// the modules, eight a byte, row by row (light past the end). Reed–Solomon correction
  /// and the segment parser meet every pattern of bits here.
  static func grid(_ bytes: [UInt8]) {
    guard let first = bytes.first else { return }
    let version = Int(first) % 40 + 1
    let size = 17 + 4 * version
    let modules = (0..<size * size).map { index in
      let byte = 1 + index / 8
      return byte < bytes.count && bytes[byte] >> (7 - UInt8(index % 8)) & 1 == 1
    }
    _ = try? GridDecoder.bytes(of: QRMatrix(size: size, version: version, modules: modules))
  }

  /// Binarising, the finder-pattern scan and the rectifying pass's geometry on raw pixels
  /// (the fuzzer shapes finders directly): the first two bytes give the width, the rest
  /// are grey values row by row.
  static func detect(_ bytes: [UInt8]) {
    guard bytes.count > 2 else { return }
    let width = max(1, Int(bytes[0]) << 8 | Int(bytes[1]))
    let pixels = Array(bytes.dropFirst(2))
    let height = pixels.count / width
    guard height > 0 else { return }
    let image = GrayImage(width: width, height: height, pixels: Array(pixels.prefix(width * height)))
    let binary = image.binarized()
    precondition(binary.bits.count == width * height && binary.bits.allSatisfy { $0 <= 1 })
    let scan = FinderPatternScan(binary, crossingLimit: 1000)
    precondition(scan.crossings <= 1000)
    for pattern in scan.patterns {
      precondition(pattern.x >= 0 && pattern.x <= Double(width) && pattern.y >= 0 && pattern.y <= Double(height))
    }
    _ = SymbolRectifier(image: binary, gray: image, patterns: scan.patterns).read(
      decode: { grid in
        guard let bytes = try? GridDecoder.bytes(of: grid) else { return .unreadable }
        return .symbol(QRSymbol(bytes: bytes))
      }, deadline: Deadline(seconds: 1))
  }

  /// The importers (GIFT, Aiken, CSV, Open Trivia DB, Moodle XML, Quizlet): the first byte
  /// picks the format, the rest is the file. What is imported is a topic the app accepts,
  /// whose exports (Moodle XML, GIFT) read back without a crash.
  static func importFile(_ bytes: [UInt8]) {
    guard let first = bytes.first else { return }
    let formats = ImportFormat.allCases
    let format = formats[Int(first) % formats.count]
    guard
      let imported = try? TopicImporter.importTopic(
        Array(bytes.dropFirst()), format: format, options: .init(skipInvalid: true))
    else { return }
    precondition((try? TopicDocument(bytes: Array(imported.topic.normalizedJSON.utf8)))?.isValid == true)
    precondition(imported.pictures.count <= 200)
    for export in [ExportFormat.moodleXML, .gift] {
      _ = try? TopicImporter.importTopic(
        TopicExporter.export(imported.topic, to: export).bytes, format: export == .gift ? .gift : .moodleXML)
    }
  }

  /// Terminal-safe text: nothing unsafe survives, safe text is unchanged, and the result
  /// is safe to escape again.
  static func terminal(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    let safe = TerminalText.safe(text)
    precondition(!safe.unicodeScalars.contains(where: TerminalText.needsEscaping))
    if !text.unicodeScalars.contains(where: TerminalText.needsEscaping) { precondition(safe == text) }
    precondition(TerminalText.safe(safe) == safe)
    let json = JSONValue.string(text).compactText
    precondition(!json.unicodeScalars.contains(where: TerminalText.needsEscaping))
    precondition(try! JSONParser.parse(Array(json.utf8)) == .string(text))
  }

  /// Topic JSON: parsing, decoding, validation, linting and normalising, which must be
  /// idempotent for every valid topic.
  static func topic(_ bytes: [UInt8]) {
    guard let document = try? TopicDocument(bytes: bytes, sourceName: "fuzz.json") else { return }
    _ = document.warnings
    guard document.isValid, let topic = document.topic else { return }
    let once = topic.normalizedJSON
    let again = try? TopicDocument(bytes: Array(once.utf8)).topic?.normalizedJSON
    precondition(again == once, "normalising is not idempotent")
  }

  /// Compact parts, one per line, reassembled with a small inflate limit.
  static func payload(_ bytes: [UInt8]) {
    var collector = TopicCollector(inflateLimit: 1 << 20)
    for line in bytes.split(separator: 0x0A) {
      try? collector.add(QRSymbol(bytes: Array(line)), from: "fuzz")
    }
    _ = try? collector.finish()
    if let text = String(validating: bytes, as: UTF8.self), let part = try? CompactPart(text: text) {
      precondition((try? CompactPart(text: part.text)) == part, "part text does not round-trip")
    }
  }

  /// Charset detection: always some text, and UTF-8 input unchanged.
  static func charset(_ bytes: [UInt8]) {
    let (text, charset) = SymbolText.decode(bytes)
    if charset == .utf8 { precondition(Array(text.utf8) == bytes) }
  }

  /// The cache's entry files and the HTTP caching headers: `NAME: value` lines, then a
  /// blank line, then an entry file.
  static func cache(_ bytes: [UInt8]) {
    let split = bytes.firstRange(of: [0x0A, 0x0A])
    let headerBytes = split.map { bytes[..<$0.lowerBound] } ?? bytes[...]
    var headers: [String: String] = [:]
    for line in String(decoding: headerBytes, as: UTF8.self).split(separator: "\n") {
      let pieces = line.split(separator: ":", maxSplits: 1)
      if pieces.count == 2 { headers[pieces[0].lowercased()] = pieces[1].trimmingCharacters(in: .whitespaces) }
    }
    _ = HTTPFreshness.policy(headers: headers, now: Date(timeIntervalSince1970: 1_700_000_000))
    _ = HTTPFreshness.retryAfter(headers["retry-after"], now: Date(timeIntervalSince1970: 1_700_000_000))
    if let entry = CacheEntryFile.decode(split.map { Array(bytes[$0.upperBound...]) } ?? bytes) {
      precondition(entry.body.count == entry.metadata.size)
    }
  }
}
