import QRQuiz
import QRQuizHTTP
import QRQuizLocking

/// A topic as the server hands it out: its JSON exactly as the app downloads it (and
/// gzipped), its entity tag, and its QR codes, made on first request and kept.
final class ServedTopic: Sendable {
  /// The name in URLs: the library's (file) name, but for one that ends in `.json`
  /// (``ServedTopics/addressName(_:)``).
  let name: String
  /// The name of its file in the library, without `.json`.
  let fileName: String
  /// The topic as read and validated.
  let topic: ValidTopic
  /// The topic's normalised JSON: what the app downloads.
  let json: [UInt8]
  let gzippedJSON: [UInt8]
  /// A strong entity tag of the JSON, quoted (also the QR files' tag).
  let etag: String
  /// The gzipped JSON's own strong tag: other bytes, another tag (RFC 9110 §8.8.3).
  let gzipETag: String
  /// The topic's name, questions and answers folded for ``TextSearch``, once.
  let searchText: String
  /// The cache keys of the questions' images, to the URLs they stand for.
  let imageKeys: [String: String]
  /// The JSON's answers, headers built once: plain, gzipped, and their 304s.
  let jsonResponses:
    (plain: HTTPResponse, gzip: HTTPResponse, plainNotModified: HTTPResponse, gzipNotModified: HTTPResponse)
  private let artefacts = Locked<[String: [UInt8]]>([:])
  private let encoded = Locked<Result<TopicQREncoder.Symbols, TopicQREncoder.Error>?>(nil)

  /// The topic served as `name`; `normalizedJSON` is its ``ValidTopic/normalizedJSON``
  /// when the caller has it already (a topic just saved).
  init(name: String, fileName: String? = nil, topic: ValidTopic, normalizedJSON: String? = nil) {
    self.name = name
    self.fileName = fileName ?? name
    self.topic = topic
    let normalized = normalizedJSON ?? topic.normalizedJSON
    json = Array((normalized + "\n").utf8)
    gzippedJSON = Zlib.gzip(json)
    let hash = CacheKey(normalized).hash
    etag = "\"" + hash + "\""
    gzipETag = "\"" + hash + "-gzip\""
    searchText = TextSearch.searchable([topic.name] + topic.topic.questions.flatMap { [$0.question] + $0.answers })
    var keys: [String: String] = [:]
    for question in topic.topic.questions {
      if let url = question.imageURL, let key = ServedTopic.imageKey(url) { keys[key] = url }
    }
    imageKeys = keys
    let type = "application/json; charset=utf-8"
    let plain: [(name: String, value: String)] = [("ETag", etag), ("Vary", "Accept-Encoding")]
    let gzip: [(name: String, value: String)] = [("ETag", gzipETag), ("Vary", "Accept-Encoding")]
    func made(_ response: HTTPResponse) -> HTTPResponse { SecurityHeaders.secured(response).prepared() }
    jsonResponses = (
      made(.bytes(json, type: type, headers: plain)),
      made(.bytes(gzippedJSON, type: type, headers: gzip + [("Content-Encoding", "gzip")])),
      made(HTTPResponse(status: 304, headers: plain + [("Cache-Control", "no-cache")])),
      made(HTTPResponse(status: 304, headers: gzip + [("Cache-Control", "no-cache")]))
    )
  }

  /// The cache key of an image URL, if it is one the server would ever show: http(s)
  /// only, so a `javascript:` or `data:` URL is never a link or a source.
  static func imageKey(_ url: String) -> String? {
    let lowered = url.lowercased()
    guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else { return nil }
    return CacheKey(url).hash
  }

  /// A generated file (a QR PNG, an SVG), made by `make` once and kept.
  func artefact(_ name: String, make: () throws -> [UInt8]) rethrows -> [UInt8] {
    if let made = artefacts.withLock({ $0[name] }) { return made }
    let made = try make()
    artefacts.withLock { $0[name] = made }
    return made
  }

  /// The topic's own QR codes, encoded on first use and kept: the share page, its PNG
  /// and its SVG all need them, and a class opens the page at once.
  func symbols() throws(TopicQREncoder.Error) -> TopicQREncoder.Symbols {
    if let known = encoded.withLock({ $0 }) { return try known.get() }
    let made = Result { () throws(TopicQREncoder.Error) in try TopicQREncoder().encode(topic) }
    encoded.withLock { $0 = made }
    return try made.get()
  }

  /// The name the app shows.
  var title: String { topic.name }

  /// Questions in each set.
  var setSizes: [Int] { topic.topic.sets.map(\.count) }

  /// Questions in all.
  var questionCount: Int { topic.topic.questions.count }

  /// The name of set `index` (0-based) in `language`.
  func setName(_ index: Int, in language: Language) -> String { topic.setName(index, in: language) }
}
