/// Gathers compact parts in any order, from any number of images, and rebuilds each
/// payload once all its parts are there. Parts of different payloads are told apart by id.
public struct CompactAssembler: Sendable {
  /// Why a payload could not be rebuilt.
  public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// Two parts with the same id disagree on the part count.
    case inconsistentCount(id: String, counts: [Int])
    /// Two different parts claim the same index.
    case conflictingPart(id: String, index: Int)
    /// Some parts were not found.
    case missingParts(id: String, have: [Int], count: Int)
    /// The bytes do not match the id's CRC-32: a part is corrupt, forged or from another topic.
    case integrityFailed(id: String)
    /// Inflating would pass the size limit: refused, not inflated.
    case tooLarge(id: String, limit: Int)
    /// The compressed stream is damaged although its CRC-32 matched.
    case corrupt(id: String, reason: String)

    public var description: String {
      switch self {
      case .inconsistentCount(let id, let counts):
        "topic \(id): parts disagree on the part count (\(counts.map(String.init).joined(separator: " vs ")))"
      case .conflictingPart(let id, let index):
        "topic \(id): two different parts numbered \(index); one is corrupt or forged"
      case .missingParts(let id, let have, let count):
        "topic \(id): have \(Plural.noun("part", have.count)) \(Self.list(have)) of \(count); missing "
          + Self.list(Array(Set(1...count).subtracting(have)).sorted())
      case .integrityFailed(let id):
        "topic \(id): integrity check failed (CRC-32 mismatch): a part is corrupt, forged or from another topic"
      case .tooLarge(let id, let limit): "topic \(id): decompresses to more than the \(limit)-byte limit; refused"
      case .corrupt(let id, let reason): "topic \(id): compressed data is corrupt: \(reason)"
      }
    }

    private static func list(_ numbers: [Int]) -> String { numbers.map(String.init).joined(separator: ", ") }
  }

  private var ids: [UInt32] = []
  private var parts: [UInt32: [Int: CompactPart]] = [:]
  private var counts: [UInt32: Set<Int>] = [:]

  /// Creates an empty assembler.
  public init() {}

  /// Adds a part. The same part seen twice (two photos of one symbol) is fine.
  ///
  /// - Throws: ``Error/conflictingPart(id:index:)`` when a different part has the same index.
  public mutating func add(_ part: CompactPart) throws(Error) {
    if parts[part.id] == nil { ids.append(part.id) }
    if let existing = parts[part.id]?[part.index], existing != part {
      throw .conflictingPart(id: part.idText, index: part.index)
    }
    parts[part.id, default: [:]][part.index] = part
    counts[part.id, default: []].insert(part.count)
  }

  /// Each payload's ids in the order first seen.
  public var payloadIDs: [UInt32] { ids }

  /// The most a payload may inflate to, as a multiple of its compressed size: topic JSON
  /// compresses 2-33× (a true/false quiz of 2,000 questions: 33×), while six QR codes of
  /// zlib can hold 16 KB that inflate to 16 MiB of `[1,1,…]`.
  public static let maximumCompressionRatio = 64
  /// Payloads may always inflate to this much, whatever their ratio.
  public static let minimumInflateLimit = 1 << 20

  /// Rebuilds one payload's original bytes, inflating at most `limit` bytes, and at most
  /// ``maximumCompressionRatio`` times its compressed size (but always 1 MiB).
  ///
  /// - Throws: ``Error``.
  public func payload(_ id: UInt32, limit: Int) throws(Error) -> [UInt8] {
    let idText = CompactPart.hex(id)
    let found = parts[id] ?? [:]
    let countsSeen = counts[id] ?? []
    guard countsSeen.count == 1, let count = countsSeen.first else {
      throw .inconsistentCount(id: idText, counts: countsSeen.sorted())
    }
    guard found.count == count else { throw .missingParts(id: idText, have: found.keys.sorted(), count: count) }
    let compressed = (1...count).flatMap { found[$0]!.data }
    guard Zlib.crc32(compressed) == id else { throw .integrityFailed(id: idText) }
    let bounded = min(limit, max(Self.minimumInflateLimit, compressed.count * Self.maximumCompressionRatio))
    do {
      return try Zlib.inflate(compressed, limit: bounded)
    } catch {
      switch error {
      case .tooLarge(let limit): throw .tooLarge(id: idText, limit: limit)
      case .corrupt(let reason): throw .corrupt(id: idText, reason: reason)
      }
    }
  }
}
