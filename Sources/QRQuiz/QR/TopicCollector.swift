import Foundation

/// Reads topics from the QR symbols of any number of images, in any order: plain JSON
/// symbols (the app's form), compact parts (reassembled across images), merged structured-
/// append symbols, and URLs of topics (returned for the caller to download).
///
/// ```swift
/// var collector = TopicCollector()
/// for (image, name) in images { for symbol in reader.symbols(in: image) { try collector.add(symbol, from: name) } }
/// for entry in try collector.finish() { … }
/// ```
public struct TopicCollector: Sendable {
  /// A topic found, or where to fetch one.
  public enum Entry: Sendable {
    /// A valid topic read from the symbols.
    case topic(TopicDocument)
    /// A symbol held this URL, which serves the topic's JSON (as the app reads it).
    case remote(URL, source: String)
  }

  /// Why symbols did not give topics.
  public enum Error: Swift.Error, Sendable, CustomStringConvertible {
    /// One symbol's content is wrong; `source` names its image.
    case symbol(source: String, reason: String)
    /// A compact payload could not be rebuilt.
    case payload(CompactAssembler.Error)

    public var description: String {
      switch self {
      case .symbol(let source, let reason): "\(source): \(reason)"
      case .payload(let error): error.description
      }
    }
  }

  private enum Slot: Sendable {
    case topic(TopicDocument)
    case remote(URL, source: String)
    case compact(UInt32)
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
    if symbol.isPartial {
      throw .symbol(
        source: source,
        reason: "a structured-append QR code without its other parts; photograph all of them in one image")
    }
    if CompactPart.isCompactPart(symbol.bytes) {
      do {
        let part = try CompactPart(text: String(decoding: symbol.bytes, as: UTF8.self))
        if !assembler.payloadIDs.contains(part.id) { slots.append(.compact(part.id)) }
        try assembler.add(part)
      } catch let error as CompactPart.ParseError {
        throw .symbol(source: source, reason: error.description)
      } catch let error as CompactAssembler.Error {
        throw .payload(error)
      } catch {
        throw .symbol(source: source, reason: "\(error)")
      }
      return
    }
    if let url = TopicURL.url(inSymbol: symbol.bytes) {
      slots.append(.remote(url, source: source))
      return
    }
    do {
      slots.append(.topic(try TopicQRDecoder.topic(in: symbol)))
    } catch {
      throw .symbol(source: source, reason: error.description)
    }
  }

  /// The topics and URLs found, in the order first seen; compact payloads rebuilt.
  ///
  /// - Throws: ``Error`` for the first payload that is incomplete or damaged.
  public func finish() throws(Error) -> [Entry] {
    var entries: [Entry] = []
    for slot in slots {
      switch slot {
      case .topic(let document): entries.append(.topic(document))
      case .remote(let url, let source): entries.append(.remote(url, source: source))
      case .compact(let id):
        let json: [UInt8]
        do {
          json = try assembler.payload(id, limit: inflateLimit)
        } catch {
          throw .payload(error)
        }
        let idText = CompactPart.hex(id)
        do {
          entries.append(.topic(try TopicQRDecoder.topic(in: QRSymbol(bytes: json))))
        } catch {
          throw .symbol(source: "topic \(idText)", reason: error.description)
        }
      }
    }
    return entries
  }
}
