import Foundation

/// Reads topics from the QR symbols of any number of images, in any order: plain JSON
/// symbols (the app's form), compact parts (reassembled across images), merged structured-
/// append symbols, and URLs of topics (downloaded through a ``TopicReader``, as the app
/// does).
///
/// ```swift
/// let reader = QRCodeReader()
/// var collector = TopicCollector()
/// for path in ["part-1.png", "part-2.png"] {
///   let image = try ImageDecoder.decode(contentsOf: URL(filePath: path))
///   for symbol in reader.symbols(in: image) { try collector.add(symbol, from: path) }
/// }
/// for found in try await collector.topics(fetchingWith: TopicReader()) { print(found.topic.name) }
/// ```
public struct TopicCollector: Sendable {
  /// A topic found, or where to fetch one.
  public enum Entry: Sendable {
    /// A valid topic read from the symbols of the image `source`.
    case topic(ValidTopic, source: String)
    /// A symbol of the image `source` held this URL, which serves the topic's JSON.
    case remote(URL, source: String)
  }

  /// A topic and the image it was read from (for a compact payload, the image that held
  /// its first part seen).
  public struct Found: Sendable {
    /// The topic.
    public var topic: ValidTopic
    /// The image it came from.
    public var source: String
  }

  /// Why symbols did not give topics.
  public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// One part of a structured-append sequence without the others in the same image
    /// (zbar cannot put parts from separate images in order).
    case partialStructuredAppend(source: String)
    /// A symbol starts like a compact part but is not one.
    case malformedPart(source: String, CompactPart.ParseError)
    /// A compact payload could not be rebuilt: parts missing, corrupt or forged.
    case payload(CompactAssembler.Error)
    /// A symbol's text (or a rebuilt payload) is not a valid topic.
    case topic(TopicError)
    /// A symbol held a URL, and the topic there could not be had.
    case remote(source: String, TopicError)

    public var description: String {
      switch self {
      case .partialStructuredAppend(let source):
        "\(source): a structured-append QR code without its other parts; photograph all of them in one image"
      case .malformedPart(let source, let error): "\(source): \(error)"
      case .payload(let error): error.description
      case .topic(.notTopic(let source, let error)): "\(source): QR code text is not a topic: \(error)"
      case .topic(.invalid(let source, let problems, let count)):
        "\(source): QR code holds an invalid topic: " + TopicProblem.summary(problems, count: count)
      case .topic(let error): error.description
      case .remote(let source, let error): "\(source): QR code links to \(error)"
      }
    }
  }

  private enum Slot: Sendable {
    case entry(Entry)
    case compact(UInt32, source: String)
  }

  private var slots: [Slot] = []
  private var assembler = CompactAssembler()
  private let inflateLimit: Int

  /// Creates a collector.
  ///
  /// - Parameter inflateLimit: the most bytes a compact payload may inflate to.
  public init(inflateLimit: Int = TopicDocument.maximumSize) {
    self.inflateLimit = inflateLimit
  }

  /// Adds one symbol read from the image named `source`.
  ///
  /// - Throws: ``Error`` when the symbol is not a valid topic, part or URL.
  public mutating func add(_ symbol: QRSymbol, from source: String) throws(Error) {
    if symbol.isPartial { throw .partialStructuredAppend(source: source) }
    if CompactPart.isCompactPart(symbol.bytes) {
      let part: CompactPart
      do {
        part = try CompactPart(text: String(decoding: symbol.bytes, as: UTF8.self))
      } catch {
        throw .malformedPart(source: source, error)
      }
      if !assembler.payloadIDs.contains(part.id) { slots.append(.compact(part.id, source: source)) }
      do {
        try assembler.add(part)
      } catch {
        throw .payload(error)
      }
      return
    }
    if let url = TopicURL.url(inSymbol: symbol.bytes) {
      slots.append(.entry(.remote(url, source: source)))
      return
    }
    do {
      slots.append(.entry(.topic(try TopicReader.topic(json: symbol.bytes, source: source), source: source)))
    } catch {
      throw .topic(error)
    }
  }

  /// The topics and URLs found, in the order first seen; compact payloads rebuilt.
  ///
  /// - Throws: ``Error`` for the first payload that is incomplete or damaged.
  public func finish() throws(Error) -> [Entry] {
    var entries: [Entry] = []
    for slot in slots {
      switch slot {
      case .entry(let entry): entries.append(entry)
      case .compact(let id, let source):
        let json: [UInt8]
        do {
          json = try assembler.payload(id, limit: inflateLimit)
        } catch {
          throw .payload(error)
        }
        do {
          let topic = try TopicReader.topic(json: json, source: "topic \(CompactPart.hex(id))")
          entries.append(.topic(topic, source: source))
        } catch {
          throw .topic(error)
        }
      }
    }
    return entries
  }

  /// Every topic found, with the ones behind URLs downloaded by `reader`, in the order
  /// first seen.
  ///
  /// - Throws: ``Error`` for the first symbol, payload or download that fails.
  public func topics(fetchingWith reader: TopicReader) async throws(Error) -> [Found] {
    var found: [Found] = []
    for entry in try finish() {
      switch entry {
      case .topic(let topic, let source): found.append(Found(topic: topic, source: source))
      case .remote(let url, let source):
        do {
          found.append(Found(topic: try await reader.topic(from: .url(url)), source: source))
        } catch {
          throw .remote(source: source, error)
        }
      }
    }
    return found
  }
}
