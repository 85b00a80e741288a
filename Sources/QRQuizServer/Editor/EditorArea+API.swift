import Foundation
import QRQuiz
import QRQuizHTTP

/// The topic editor's API (`docs/EDITOR.md`): the library's topics read by anyone, written
/// by the teacher (`--allow-edit`) with the ETag they read, every version kept. One path
/// validates: the same problems, at the same JSON paths, as `qrquiz validate --json`.
extension EditorArea {
  /// The largest topic a PUT takes: 4 MiB (a topic of thousands of questions; the library
  /// reads files up to 16 MiB, but nobody types that in a browser).
  static let topicBodyLimit = BodyLimit.mebibytes(4)

  /// GET `/api/topics`: `[{"name", "title", "sets", "questions"}, …]`.
  func topicList(_ context: RequestContext) -> HTTPResponse {
    .json(
      .array(
        site.listedTopics(context).map { topic in
          .object([
            ("name", .string(topic.name)), ("title", .string(topic.title)),
            ("sets", .number(topic.setSizes.count)), ("questions", .number(topic.questionCount)),
          ])
        }))
  }

  /// GET `/api/topics/NAME`: the topic's JSON with its ETag (304 for the one the client has).
  func topicForEditing(_ context: RequestContext) -> HTTPResponse {
    guard let topic = site.topics.topic(named: context[parameter: "name"]) else {
      return .apiError(404, "no topic is named \(context[parameter: "name"])")
    }
    if let tags = context.request.header("if-none-match"), Self.tagList(tags).contains(topic.etag) {
      return HTTPResponse(status: 304, headers: [("ETag", topic.etag), ("Cache-Control", "no-cache")])
    }
    return .bytes(
      topic.json, type: "application/json; charset=utf-8", cache: "no-cache", headers: [("ETag", topic.etag)])
  }

  /// PUT `/api/topics/NAME`: `If-Match: ETAG` replaces (200), `If-None-Match: *` creates
  /// (201); 412 when the topic is not as the client thinks, 428 without either, 422 with
  /// every problem of an invalid topic. Nothing is written unless all is well.
  func putTopic(_ context: RequestContext, _ editor: Editor) async throws -> HTTPResponse {
    let request = context.request
    let library = editor.library
    let served = site.topics.topic(named: context[parameter: "name"])
    let name = served?.fileName ?? context[parameter: "name"]
    if served == nil, let problem = Self.topicNameProblem(name) { return .apiError(400, problem, field: "name") }
    let replacing: TopicLibrary.Replacing
    if let tags = request.header("if-match") {
      guard let tag = Self.tagList(tags).first else { return .apiError(412, "If-Match names no version") }
      replacing = tag == "*" ? .any : .ifMatching(tag)
    } else if request.header("if-none-match")?.trimmingCharacters(in: .whitespaces) == "*" {
      replacing = .never
    } else {
      return .apiError(
        428, "say which version you edit: If-Match with its ETag, or If-None-Match: * for a new topic")
    }
    let document: TopicDocument
    do {
      document = try TopicDocument(bytes: request.body, sourceName: name)
    } catch {
      return .json(
        .object([
          ("problems", .array([TopicProblem.documentError("\(error)").jsonValue])), ("problemCount", .number(1)),
        ]),
        status: 422)
    }
    guard let topic = try? ValidTopic(document, source: name) else {
      return .json(
        .object([
          ("problems", .array(document.problems.map(\.jsonValue))), ("problemCount", .number(document.problemCount)),
        ]), status: 422)
    }
    // Parsed and validated once, here: the save stamps the edit times over the topic it
    // replaces, and the served topics take what was written (`Benchmarks/save.py`).
    let saved = try site.answeringLibrary(name) { () throws(TopicLibrary.Error) in
      try site.topics.save(topic, name: name, replacing: replacing, editedAt: Date(), into: library)
    }
    return savedTopic(name, status: saved.replaced ? 200 : 201, warnings: document.warnings, saved: saved.entry)
  }

  /// DELETE `/api/topics/NAME` with `If-Match`: 204; the topic is kept as a version.
  func deleteTopic(_ context: RequestContext, _ editor: Editor) async throws -> HTTPResponse {
    let library = editor.library
    let name = fileName(context[parameter: "name"])
    guard let tags = context.request.header("if-match"), let tag = Self.tagList(tags).first else {
      return .apiError(428, "say which version you delete: If-Match with its ETag")
    }
    try site.answeringLibrary(name) { () throws(TopicLibrary.Error) in
      try library.remove(name: name, ifMatching: tag == "*" ? nil : tag)
    }
    site.topics.reload()
    return HTTPResponse(status: 204, headers: [("Cache-Control", "no-store")])
  }

  /// GET `/api/topics/NAME/versions`: `[{"version", "saved"}, …]`, oldest first; a removed
  /// topic's too.
  func topicVersions(_ context: RequestContext) async -> HTTPResponse {
    guard case .library(let library) = site.topics.source else { return .json(.array([])) }
    let name = fileName(context[parameter: "name"])
    let versions = library.versions(of: name)
    guard !versions.isEmpty || site.topics.topic(named: context[parameter: "name"]) != nil else {
      return .apiError(404, "no topic is named \(name), and none was")
    }
    return .json(
      .array(
        versions.map { .object([("version", .string($0.id)), ("saved", .string(EditTime.string($0.saved)))]) }))
  }

  /// GET `/api/topics/NAME/versions/ID`: that version's JSON.
  func topicVersion(_ context: RequestContext) async throws -> HTTPResponse {
    guard case .library(let library) = site.topics.source else { return .apiError(404, "no versions are kept here") }
    let topic = try site.answeringLibrary(context[parameter: "name"]) { () throws(TopicLibrary.Error) in
      try library.version(context[parameter: "id"], of: fileName(context[parameter: "name"]))
    }
    return .bytes(Array((topic.normalizedJSON + "\n").utf8), type: "application/json; charset=utf-8")
  }

  /// POST `/api/topics/NAME/versions/ID/restore`: that version is the topic again (200, or
  /// 201 when it had been removed); what it replaces is kept too.
  func restoreTopicVersion(_ context: RequestContext, _ editor: Editor) async throws -> HTTPResponse {
    let library = editor.library
    let name = fileName(context[parameter: "name"])
    let existed = try site.answeringLibrary(name) { () throws(TopicLibrary.Error) in
      try library.restore(context[parameter: "id"], of: name)
    }
    site.topics.reload()
    return savedTopic(TopicLibrary.safeName(name), status: existed ? 200 : 201)
  }

  /// The library's name of the topic served as `name` (a removed one's: `name`).
  func fileName(_ name: String) -> String { site.topics.topic(named: name)?.fileName ?? name }

  /// The answer to a save: the topic's name, title and new ETag, and the warnings of
  /// `qrquiz validate` (advice that does not stop a save). The tag is that of `saved`, the
  /// version this request wrote, when given: a save right after it must not lend it its own.
  private func savedTopic(
    _ name: String, status: Int, warnings: [TopicWarning] = [], saved: TopicLibrary.Entry? = nil
  ) -> HTTPResponse {
    let served = site.topics.topic(named: ServedTopics.addressName(name))
    let etag = saved?.etag ?? served?.etag
    var headers: [(name: String, value: String)] = [("Location", SitePath.topicAPI(name).value)]
    if let etag { headers.append(("ETag", etag)) }
    return .json(
      .object([
        ("name", .string(name)), ("title", .string(saved?.topic.name ?? served?.title ?? name)),
        ("etag", etag.map { .string($0) } ?? .null), ("warnings", .array(warnings.map(\.jsonValue))),
      ]), status: status, headers: headers)
  }

  /// Why `name` cannot name a topic in the library (`nil`: it can): what the library would
  /// change in it (a `/`, a control character, a leading dot), or too long.
  static func topicNameProblem(_ name: String) -> String? {
    if name.isEmpty { return "a topic needs a name" }
    if name.utf8.count > 200 { return "a topic's name has at most 200 bytes; this one has \(name.utf8.count)" }
    if TopicLibrary.safeName(name) != name {
      return "a topic's name cannot start with a dot or hold / \\ or control characters"
    }
    if name.lowercased().hasSuffix(".json") { return "a topic's name cannot end in .json" }
    return nil
  }

  /// The entity tags of an `If-Match` or `If-None-Match` value (`*` included).
  static func tagList(_ value: String) -> [String] {
    value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }
}

extension TopicProblem {
  /// The problem of bytes that are no topic document at all (not JSON, not UTF-8, empty).
  static func documentError(_ message: String) -> TopicProblem {
    TopicProblem(.wrongType, at: .root, message)
  }
}

extension HTTPResponse {
  /// The API error for a library refusal about topic `name`.
  static func libraryError(_ error: TopicLibrary.Error, name: String) -> HTTPResponse {
    switch error {
    case .nameTaken: .apiError(412, "a topic named \(name) exists already")
    case .changedSince: .apiError(412, "\(name) changed since you opened it")
    case .notFound: .apiError(404, "no topic is named \(name)")
    case .sameContent(let twin): .apiError(409, "the same questions are saved already as \(twin)")
    case .noSuchVersion(let id, _): .apiError(404, "\(name) has no version \(id)")
    case .ambiguous(_, let names): .apiError(409, "several topics match: \(names.joined(separator: ", "))")
    case .storage(let failure): .apiError(failure.code == ENOSPC ? 507 : 500, "cannot save: \(failure.reason)")
    }
  }
}
