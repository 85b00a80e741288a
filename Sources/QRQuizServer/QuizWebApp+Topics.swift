import Foundation
import QRQuiz

/// A topic's routes: its page, JSON, QR codes and projector view; and question images.
extension QuizWebApp {
  func topicRoute(_ rest: String, _ request: HTTPRequest) -> HTTPResponse {
    // The name is looked up among the topics served, never used as a path. The JSON
    // first: it is what a class downloads at once.
    if rest.hasSuffix(".json"), let topic = shelf.topic(named: String(rest.dropLast(5))) {
      return json(topic, request)
    }
    if let topic = shelf.topic(named: rest) {
      return sharePage(topic)
    }
    let files: [(suffix: String, file: TopicFile)] = [
      (".json", .json), (".png", .png), (".svg", .svg), ("/link.png", .linkPNG), ("/link.svg", .linkSVG),
      ("/present", .present),
    ]
    for (suffix, file) in files where rest.hasSuffix(suffix) {
      guard let topic = shelf.topic(named: String(rest.dropLast(suffix.count))) else { continue }
      switch file {
      case .json: return json(topic, request)
      case .png: return topicPNG(topic)
      case .svg: return topicSVG(topic)
      case .linkPNG: return linkPNG(topic)
      case .linkSVG: return linkSVG(topic)
      case .present: return Reply.html(Pages.present(topic, jsonURL: jsonURL(of: topic.name)))
      }
    }
    return Reply.notFound("No topic is served under this name.")
  }

  private func sharePage(_ topic: ServedTopic) -> HTTPResponse {
    let symbols = try? topic.symbols()
    return Reply.html(
      Pages.share(
        topic, jsonURL: jsonURL(of: topic.name), symbolCount: symbols?.matrices.count ?? 0,
        fitsOneSymbol: symbols?.format == .json))
  }

  private enum TopicFile {
    case json, png, svg, linkPNG, linkSVG, present
  }

  /// The topic exactly as the app downloads it; 304 when the client has it, gzip when
  /// the client takes it. The answers are made once per topic: this is the address a
  /// whole class downloads at once.
  private func json(_ topic: ServedTopic, _ request: HTTPRequest) -> HTTPResponse {
    if let tags = request.headers["if-none-match"], tags == "*" || tags.contains(topic.etag) {
      return topic.jsonResponses.notModified
    }
    let acceptsGzip = request.headers["accept-encoding"].map(Self.acceptsGzip) ?? false
    return acceptsGzip ? topic.jsonResponses.gzip : topic.jsonResponses.plain
  }

  /// Whether an Accept-Encoding value takes gzip (and does not refuse it with q=0).
  static func acceptsGzip(_ header: String) -> Bool {
    for item in header.split(separator: ",") {
      let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
      guard parts.first == "gzip" || parts.first == "x-gzip" else { continue }
      let refused = parts.dropFirst().contains {
        $0.replacingOccurrences(of: " ", with: "").hasPrefix("q=0") && !$0.contains(where: { "123456789".contains($0) })
      }
      return !refused
    }
    return false
  }

  private func topicSheet(_ topic: ServedTopic) throws -> SymbolSheet {
    SymbolSheet(matrices: try topic.symbols().matrices, scale: 6, margin: 4)
  }

  private func topicPNG(_ topic: ServedTopic) -> HTTPResponse {
    generated(topic, "topic.png", type: "image/png") { try topicSheet(topic).pngData() }
  }

  private func topicSVG(_ topic: ServedTopic) -> HTTPResponse {
    generated(topic, "topic.svg", type: "image/svg+xml") { Array(SVGRenderer.svg(try topicSheet(topic)).utf8) }
  }

  private func linkSheet(_ topic: ServedTopic) throws -> SymbolSheet {
    let matrix = try QRSymbolEncoder.encode(Array(jsonURL(of: topic.name).utf8), mode: .byte, level: .medium)
    return SymbolSheet(matrices: [matrix], scale: 10, margin: 4)
  }

  private func linkPNG(_ topic: ServedTopic) -> HTTPResponse {
    generated(topic, "link.png", type: "image/png") { try linkSheet(topic).pngData() }
  }

  private func linkSVG(_ topic: ServedTopic) -> HTTPResponse {
    generated(topic, "link.svg", type: "image/svg+xml") { Array(SVGRenderer.svg(try linkSheet(topic)).utf8) }
  }

  private func generated(
    _ topic: ServedTopic, _ name: String, type: String, make: () throws -> [UInt8]
  ) -> HTTPResponse {
    do {
      let bytes = try topic.artefact(name, make: make)
      return Reply.bytes(bytes, type: type, headers: [("ETag", topic.etag)])
    } catch {
      return Reply.error(500, "Cannot make the QR code", "\(error)")
    }
  }

  // MARK: Images

  /// The page's source for a question's image: only when the image is in the cache (the
  /// server never fetches or forwards an address a topic names).
  func imageSource(for url: String?) -> String? {
    guard let url, let key = ServedTopic.imageKey(url), let cache = configuration.imageCache,
      let address = URL(string: url), cache.contains(address)
    else { return nil }
    return "/img/" + key
  }

  /// `/img/KEY`: an image a served topic names, from the cache, kept for a year by the
  /// browser (the key is the address's hash: another image gets another key).
  func image(_ key: String) -> HTTPResponse {
    guard key.count == 32, key.allSatisfy(\.isHexDigit), let cache = configuration.imageCache,
      let url = shelf.all.lazy.compactMap({ $0.imageKeys[key] }).first, let address = URL(string: url),
      let entry = cache.entry(for: address), let format = ImageFormat(sniffing: entry.body),
      format != .bmp
    else { return Reply.notFound("This image is not in the server's image cache.") }
    let response = Reply.secured(
      Reply.bytes(
        entry.body, type: "image/" + format.rawValue, cache: "public, max-age=31536000, immutable",
        headers: [("ETag", "\"\(key)\"")])
    ).prepared()
    images.keep(response, for: key)
    return response
  }
}
