import QRQuiz

/// The `media` part of an Anki package: which zip entry holds which file. The legacy
/// layout writes JSON (`{"0": "cat.jpg"}`); the newer one Anki's `MediaEntries` protobuf
/// message (`repeated MediaEntry entries = 1`, each `string name = 1`, `uint32 size = 2`,
/// `bytes sha1 = 3`, `optional uint32 legacy_zip_filename = 255`), an entry's zip name its
/// place in the list unless it says another. Read here by hand (the few fields needed,
/// every length checked): no protobuf library for one message.
enum AnkiMediaList {
  /// The entries of the legacy JSON map, in the zip's numbering order.
  static func entries(json bytes: [UInt8]) throws(AnkiProblem) -> [(name: String, zipName: String)] {
    let json: JSONValue
    do {
      json = try JSONParser.parse(bytes)
    } catch {
      throw .mediaList("not JSON (\(error))")
    }
    guard case .object(let members) = json else { throw .mediaList("not a JSON object") }
    var entries: [(name: String, zipName: String)] = []
    for (key, value) in members {
      guard case .string(let name) = value, UInt32(key) != nil else {
        throw .mediaList("'\(key)' is not a file number with a name")
      }
      entries.append((name, key))
    }
    return entries
  }

  /// The entries of the newer layout's protobuf message.
  static func entries(protobuf bytes: [UInt8]) throws(AnkiProblem) -> [(name: String, zipName: String)] {
    var reader = ProtobufReader(bytes[...])
    var entries: [(name: String, zipName: String)] = []
    while let field = try reader.next() {
      guard field.number == 1, case .bytes(let entry) = field.value else { continue }
      var inner = ProtobufReader(entry)
      var name: String?
      var zipName = String(entries.count)
      while let part = try inner.next() {
        switch (part.number, part.value) {
        case (1, .bytes(let text)): name = String(decoding: text, as: UTF8.self)
        case (255, .varint(let number)): zipName = String(number)
        default: break
        }
      }
      guard let name else { throw .mediaList("entry \(entries.count + 1) has no name") }
      entries.append((name, zipName))
    }
    return entries
  }
}

/// Protobuf's wire format, the two kinds of field Anki's media list and note types use (varints and
/// length-delimited bytes) read, fixed-size ones stepped over.
struct ProtobufReader {
  enum Value {
    case varint(UInt64)
    case bytes(ArraySlice<UInt8>)
    case other
  }

  private var bytes: ArraySlice<UInt8>

  init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }

  mutating func next() throws(AnkiProblem) -> (number: UInt64, value: Value)? {
    guard !bytes.isEmpty else { return nil }
    let key = try varint()
    let number = key >> 3
    switch key & 7 {
    case 0: return (number, .varint(try varint()))
    case 1: try skip(8)
    case 2:
      let length = try varint()
      guard length <= UInt64(bytes.count) else { throw .mediaList("a field runs past the end") }
      let value = bytes.prefix(Int(length))
      bytes = bytes.dropFirst(Int(length))
      return (number, .bytes(value))
    case 5: try skip(4)
    default: throw .mediaList("not Anki's media list (wire type \(key & 7))")
    }
    return (number, .other)
  }

  private mutating func skip(_ count: Int) throws(AnkiProblem) {
    guard bytes.count >= count else { throw .mediaList("a field runs past the end") }
    bytes = bytes.dropFirst(count)
  }

  private mutating func varint() throws(AnkiProblem) -> UInt64 {
    var value: UInt64 = 0
    for shift in stride(from: 0, to: 64, by: 7) {
      guard let byte = bytes.first else { throw .mediaList("a number runs past the end") }
      bytes = bytes.dropFirst()
      value |= UInt64(byte & 0x7F) << UInt64(shift)
      if byte < 0x80 { return value }
    }
    throw .mediaList("a number longer than 64 bits")
  }
}
