import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz

@Suite struct Base45Tests {
  // RFC 9285 section 4.3 and 4.4 examples.
  @Test(arguments: [("AB", "BB8"), ("Hello!!", "%69 VD92EX0"), ("base-45", "UJCLQE7W581"), ("ietf!", "QED8WEX0")])
  func rfcVectors(_ plain: String, _ encoded: String) throws {
    #expect(Base45.encode(Array(plain.utf8)) == encoded)
    #expect(try Base45.decode(encoded) == Array(plain.utf8))
  }

  @Test func everyByteRoundTrips() throws {
    let bytes = (0..<256).map(UInt8.init) + [0xFF, 0xFF, 0xFF]
    let text = Base45.encode(bytes)
    #expect(text.utf8.count == Base45.encodedLength(of: bytes.count))
    #expect(try Base45.decode(text) == bytes)
  }

  @Test(arguments: [
    ("GGW", Base45.DecodingError.valueOutOfRange(offset: 0)),
    ("AB", .valueOutOfRange(offset: 0)),  // 10 + 11 × 45 = 505: over one byte
    ("A", .invalidLength),
    ("ab", .invalidCharacter(offset: 0)),
    ("BB8_", .invalidLength),
    ("BB8__", .invalidCharacter(offset: 3)),
  ])
  func malformedTextIsRejected(_ text: String, _ error: Base45.DecodingError) {
    #expect(throws: error) { _ = try Base45.decode(text) }
  }
}

@Suite struct ZlibTests {
  @Test func roundTrip() throws {
    let text = Array(String(repeating: "quiz topic ", count: 500).utf8)
    let compressed = Zlib.compress(text)
    #expect(compressed.count < text.count / 10)
    #expect(try Zlib.inflate(compressed, limit: text.count) == text)
  }

  @Test func zipBombIsRefusedNotInflated() {
    let bomb = Zlib.compress([UInt8](repeating: 0, count: 50_000_000))
    #expect(bomb.count < 100_000)
    #expect(throws: Zlib.InflateError.tooLarge(limit: 1_000_000)) { _ = try Zlib.inflate(bomb, limit: 1_000_000) }
  }

  @Test func damageIsAnError() {
    let compressed = Zlib.compress(Array("some quiz text, some quiz text".utf8))
    #expect(throws: Zlib.InflateError.corrupt("truncated compressed data")) {
      _ = try Zlib.inflate(Array(compressed.dropLast(5)), limit: 1000)
    }
    var flipped = compressed
    flipped[flipped.count - 1] ^= 0xFF  // the Adler-32 check
    #expect(throws: Zlib.InflateError.corrupt("incorrect data check")) { _ = try Zlib.inflate(flipped, limit: 1000) }
    #expect(throws: Zlib.InflateError.corrupt("data after the end of the compressed stream")) {
      _ = try Zlib.inflate(compressed + [0], limit: 1000)
    }
  }

  @Test func crc32MatchesTheStandardCheckValue() {
    #expect(Zlib.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
  }
}

@Suite struct CompactPartTests {
  @Test func textRoundTrips() throws {
    let part = CompactPart(id: 0x3FA2_C91B, index: 2, count: 5, data: [1, 2, 3, 250])
    #expect(part.text.hasPrefix("QRQ1:3FA2C91B:2:5:"))
    #expect(try CompactPart(text: part.text) == part)
    #expect(part.text.utf8.allSatisfy { Base45.alphabet.contains($0) })
  }

  @Test(arguments: [
    ("QRQ2:3FA2C91B:1:1:BB8", "compact format version 2 is newer than this qrquiz reads (version 1); update qrquiz"),
    ("QRQ1:3FA2C91B:1:1", "malformed compact part header: expected QRQ1:ID:INDEX:COUNT:DATA"),
    ("QRQ1:3fa2c91b:1:1:BB8", "malformed compact part header: id '3fa2c91b' is not eight hex digits"),
    ("QRQ1:3FA2C9:1:1:BB8", "malformed compact part header: id '3FA2C9' is not eight hex digits"),
    ("QRQ1:3FA2C91B:0:1:BB8", "malformed compact part header: part index '0' is not 1 to 1"),
    ("QRQ1:3FA2C91B:3:2:BB8", "malformed compact part header: part index '3' is not 1 to 2"),
    ("QRQ1:3FA2C91B:1:100:BB8", "malformed compact part header: part count '100' is not 1 to 99"),
    ("QRQ1:3FA2C91B:01:2:BB8", "malformed compact part header: part index '01' is not 1 to 2"),
    ("QRQ1:3FA2C91B:+1:+1:BB8", "malformed compact part header: part count '+1' is not 1 to 99"),
    ("QRQ1:3FA2C91B:+1:2:BB8", "malformed compact part header: part index '+1' is not 1 to 2"),
    ("QRQ1:3FA2C91B:1:1:A", "malformed compact part data: a length that leaves one lone character"),
  ])
  func malformedPartsAreNamed(_ text: String, _ message: String) {
    #expect {
      _ = try CompactPart(text: text)
    } throws: { error in
      String(describing: error) == message
    }
  }
}

@Suite struct CompactAssemblerTests {
  var generator = TopicGenerator(seed: 11)

  mutating func parts(bytes: Int, capacity: Int = 400) throws -> (json: [UInt8], parts: [CompactPart]) {
    let json = Array(generator.topic(atMost: bytes).normalizedJSON.utf8)
    return (json, try CompactPayload.split(json: json, symbolCapacity: capacity))
  }

  @Test mutating func partsInAnyOrderRebuildThePayload() throws {
    let (json, parts) = try parts(bytes: 3000)
    #expect(parts.count > 2)
    #expect(parts.allSatisfy { $0.text.utf8.count <= 400 })
    var assembler = CompactAssembler()
    var random = SeededGenerator(seed: 3)
    for part in parts.shuffled(using: &random) + [parts[0]] { try assembler.add(part) }
    #expect(try assembler.payload(parts[0].id, limit: 1 << 20) == json)
  }

  @Test mutating func missingPartsAreNamed() throws {
    let (_, parts) = try parts(bytes: 3000)
    var assembler = CompactAssembler()
    for part in parts where part.index != 2 && part.index != parts.count { try assembler.add(part) }
    let have = (1...parts.count).filter { $0 != 2 && $0 != parts.count }.map(String.init).joined(separator: ", ")
    #expect {
      _ = try assembler.payload(parts[0].id, limit: 1 << 20)
    } throws: { error in
      String(describing: error)
        == "topic \(parts[0].idText): have parts \(have) of \(parts.count); missing 2, \(parts.count)"
    }
  }

  @Test mutating func corruptedPartFailsTheIntegrityCheck() throws {
    var (_, parts) = try parts(bytes: 2000)
    parts[1].data[3] ^= 0x40
    var assembler = CompactAssembler()
    for part in parts { try assembler.add(part) }
    #expect(throws: CompactAssembler.Error.integrityFailed(id: parts[0].idText)) {
      _ = try assembler.payload(parts[0].id, limit: 1 << 20)
    }
  }

  @Test mutating func forgedPartWithTheSameIndexIsAConflict() throws {
    let (_, parts) = try parts(bytes: 2000)
    var forged = parts[0]
    forged.data[0] ^= 1
    var assembler = CompactAssembler()
    try assembler.add(parts[0])
    #expect(throws: CompactAssembler.Error.conflictingPart(id: parts[0].idText, index: 1)) {
      try assembler.add(forged)
    }
  }

  @Test mutating func partsOfTwoTopicsAreToldApart() throws {
    let first = try parts(bytes: 1500)
    let second = try parts(bytes: 2500)
    var assembler = CompactAssembler()
    for part in zip(first.parts, second.parts).flatMap({ [$0, $1] }) + second.parts.dropFirst(first.parts.count) {
      try assembler.add(part)
    }
    #expect(assembler.payloadIDs == [first.parts[0].id, second.parts[0].id])
    #expect(try assembler.payload(first.parts[0].id, limit: 1 << 20) == first.json)
    #expect(try assembler.payload(second.parts[0].id, limit: 1 << 20) == second.json)
  }

  @Test func disagreeingCountsAreReported() throws {
    var assembler = CompactAssembler()
    try assembler.add(CompactPart(id: 7, index: 1, count: 2, data: [1]))
    try assembler.add(CompactPart(id: 7, index: 2, count: 3, data: [2]))
    #expect(throws: CompactAssembler.Error.inconsistentCount(id: "00000007", counts: [2, 3])) {
      _ = try assembler.payload(7, limit: 100)
    }
  }

  @Test func decompressionBombIsRefused() throws {
    // A well-formed payload (its CRC-32 matches) that inflates far past the limit.
    let bomb = Zlib.compress([UInt8](repeating: 0x20, count: 20_000_000))
    let id = Zlib.crc32(bomb)
    var assembler = CompactAssembler()
    try assembler.add(CompactPart(id: id, index: 1, count: 1, data: bomb))
    // Refused at 64 times its compressed size, long before the 16 MiB topic limit.
    let ratioLimit = bomb.count * CompactAssembler.maximumCompressionRatio
    #expect(ratioLimit > CompactAssembler.minimumInflateLimit && ratioLimit < TopicDocument.maximumSize)
    #expect(throws: CompactAssembler.Error.tooLarge(id: CompactPart.hex(id), limit: ratioLimit)) {
      _ = try assembler.payload(id, limit: TopicDocument.maximumSize)
    }
  }

  @Test func honestPayloadsInflatePastTheMinimumWithinTheRatio() throws {
    // Text that compresses about 10×, inflating to 3 MB.
    var random = SeededGenerator(seed: 3)
    let words = (0..<500).map { _ in String((0..<6).map { _ in "abcdefghij".randomElement(using: &random)! }) }
    let text = Array((0..<450_000).map { _ in words.randomElement(using: &random)! }.joined(separator: " ").utf8)
    let compressed = Zlib.compress(text)
    #expect(text.count > 2 * CompactAssembler.minimumInflateLimit)
    #expect(text.count < compressed.count * CompactAssembler.maximumCompressionRatio)
    var assembler = CompactAssembler()
    try assembler.add(CompactPart(id: Zlib.crc32(compressed), index: 1, count: 1, data: compressed))
    #expect(try assembler.payload(Zlib.crc32(compressed), limit: TopicDocument.maximumSize) == text)
  }

  @Test func tooManyPartsIsRefused() {
    var random = SeededGenerator(seed: 5)
    let noise = (0..<40_000).map { _ in UInt8.random(in: 0...255, using: &random) }
    // 300 characters hold 186 bytes after the header: 216 parts would be needed.
    #expect(throws: CompactPayload.SplitError.tooManyParts(needed: 216)) {
      _ = try CompactPayload.split(json: noise, symbolCapacity: 300)
    }
  }
}
