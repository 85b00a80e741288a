import Foundation
import QRQuiz
import QRQuizHTTP

/// A topic's routes: its page, JSON, QR codes and projector view. The name is looked up
/// among the topics served, never used as a path.
extension LibraryArea {
  /// The topic named by the route's `{name}`, or the 404 to answer.
  private func servedTopic(_ context: RequestContext) -> Result<ServedTopic, NotServed> {
    guard let topic = site.topics.topic(named: context[parameter: "name"]) else {
      return .failure(NotServed(response: site.notFound(context, .noSuchTopic)))
    }
    return .success(topic)
  }

  /// The answer for a name no topic has.
  struct NotServed: Error {
    var response: HTTPResponse
  }

  private func withTopic(_ context: RequestContext, _ answer: (ServedTopic) -> HTTPResponse) -> HTTPResponse {
    switch servedTopic(context) {
    case .success(let topic): answer(topic)
    case .failure(let notServed): notServed.response
    }
  }

  /// `/t/NAME`.
  func sharePage(_ context: RequestContext) -> HTTPResponse {
    withTopic(context) { topic in
      let pages = site.pages(context)
      return .html(
        pages.share(
          topic, jsonURL: site.jsonURL(of: topic.name), symbols: try? topic.symbols(),
          reachable: site.isPublicURLReachable,
          hostForm: context.teacher.map { teacherForms(topic, pages, $0) },
          editable: site.configuration.allowsEditing && context.isTeacher))
    }
  }

  /// The teacher's forms of a topic's page: host a live game, assign as homework (for
  /// one of the classes, or anyone; due tomorrow at 18:00 unless changed).
  private func teacherForms(_ topic: ServedTopic, _ pages: Pages, _ teacher: Teacher) -> HTML {
    let classes = site.classNames(of: teacher)
    let tomorrow = Date().addingTimeInterval(24 * 3600)
    return """
      \(pages.hostForm(topic, csrf: site.formToken, classes: classes))
      \(pages.assignForm(topic, classes: classes, csrf: site.formToken, tomorrow: tomorrow))
      """
  }

  /// `/t/NAME/present`.
  func presentPage(_ context: RequestContext) -> HTTPResponse {
    withTopic(context) { .html(site.pages(context).present($0, jsonURL: site.jsonURL(of: $0.name))) }
  }

  /// `/t/NAME.json`: the topic exactly as the app downloads it; 304 when the client has
  /// it, gzip when the client takes it. The answers are made once per topic: this is the
  /// address a whole class downloads at once.
  func topicJSON(_ context: RequestContext) -> HTTPResponse {
    withTopic(context) { topic in
      let request = context.request
      let acceptsGzip = request.headers["accept-encoding"].map(Self.acceptsGzip) ?? false
      // Either variant's tag says the client has this topic: it is told so with the tag of
      // the variant it would get now.
      if let tags = request.headers["if-none-match"],
        tags == "*" || tags.contains(topic.etag) || tags.contains(topic.gzipETag)
      {
        return acceptsGzip ? topic.jsonResponses.gzipNotModified : topic.jsonResponses.plainNotModified
      }
      return acceptsGzip ? topic.jsonResponses.gzip : topic.jsonResponses.plain
    }
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

  func topicQRPNG(_ context: RequestContext) -> HTTPResponse {
    withTopic(context) { topic in
      generated(context, topic, "topic.png", type: "image/png") { try topicSheet(topic).pngData() }
    }
  }

  func topicQRSVG(_ context: RequestContext) -> HTTPResponse {
    withTopic(context) { topic in
      generated(context, topic, "topic.svg", type: "image/svg+xml") {
        Array(SVGRenderer.svg(try topicSheet(topic)).utf8)
      }
    }
  }

  func linkQRPNG(_ context: RequestContext) -> HTTPResponse {
    withTopic(context) { topic in
      generated(context, topic, "link.png", type: "image/png") { try linkSheet(topic).pngData() }
    }
  }

  func linkQRSVG(_ context: RequestContext) -> HTTPResponse {
    withTopic(context) { topic in
      generated(context, topic, "link.svg", type: "image/svg+xml") { Array(SVGRenderer.svg(try linkSheet(topic)).utf8) }
    }
  }

  private func topicSheet(_ topic: ServedTopic) throws -> SymbolSheet {
    SymbolSheet(matrices: try topic.symbols().matrices, scale: 6, margin: 4)
  }

  private func linkSheet(_ topic: ServedTopic) throws -> SymbolSheet {
    let matrix = try QRSymbolEncoder.encode(Array(site.jsonURL(of: topic.name).utf8), mode: .byte, level: .medium)
    return SymbolSheet(matrices: [matrix], scale: 10, margin: 4)
  }

  /// A generated file of the topic (a QR PNG, an SVG), made once and kept with it.
  private func generated(
    _ context: RequestContext, _ topic: ServedTopic, _ name: String, type: String, make: () throws -> [UInt8]
  ) -> HTTPResponse {
    do {
      let bytes = try topic.artefact(name, make: make)
      return .bytes(bytes, type: type, headers: [("ETag", topic.etag)])
    } catch {
      return .html(site.pages(context).error(.qrCodeFailed, "\(String(describing: error))"), status: 500)
    }
  }
}
