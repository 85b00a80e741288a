import Foundation
import QRQuiz
import QRQuizHTTP
import QRQuizInterchange

/// A topic's exports for the teacher (`docs/EXPORT.md`): the files `qrquiz export` writes
/// — Moodle XML, a QTI 3.0 package, GIFT, Aiken — as downloads named after the topic, the
/// library's pictures (and the image cache's) embedded as the command embeds them, and
/// what each format cannot hold, for the editor's page to show beside its link.
extension LibraryArea {
  /// GET `/t/NAME/export/FORMAT`: the file, as an attachment with a safe name.
  func exportedTopic(_ context: RequestContext, _ teacher: Teacher) async -> HTTPResponse {
    guard let topic = site.topics.topic(named: context[parameter: "name"]) else {
      return site.notFound(context, .noSuchTopic)
    }
    guard let format = ExportFormat(rawValue: context[parameter: "format"]) else {
      return site.notFound(context, .nothingHere)
    }
    let exported = export(topic, to: format)
    return .bytes(
      exported.bytes, type: format.mediaType, cache: "no-store",
      headers: [("Content-Disposition", Self.attachment(topic.title, format: format))])
  }

  /// GET `/api/topics/NAME/exports`: each format's download and what it leaves out:
  /// `{"language", "formats": [{"format", "href", "file", "questions", "leftOut", "notes": […]}]}`,
  /// the notes in the language of the editor's page (its cookie, else the browser's).
  func topicExports(_ context: RequestContext, _ teacher: Teacher) async -> HTTPResponse {
    guard let topic = site.topics.topic(named: context[parameter: "name"]) else {
      return .apiError(404, "no topic is named \(context[parameter: "name"])")
    }
    let formats = ExportFormat.allCases.map { format -> JSONValue in
      let exported = export(topic, to: format)
      let leftOut = exported.notes.filter {
        if case .questionLeftOut = $0 { true } else { false }
      }.count
      return .object([
        ("format", .string(format.rawValue)), ("href", .string(SitePath.export(topic.name, format).value)),
        ("file", .string(Self.fileName(topic.title, format: format))),
        ("questions", .number(topic.questionCount - leftOut)), ("leftOut", .number(leftOut)),
        ("notes", .array(exported.notes.map { .string($0.text(in: context.language)) })),
      ])
    }
    return .json(
      .object([("language", .string(context.language.rawValue)), ("formats", .array(formats))]),
      headers: [("Cache-Control", "no-store")])
  }

  /// `topic` in `format`, with the pictures this server has embedded.
  private func export(_ topic: ServedTopic, to format: ExportFormat) -> TopicExporter.Exported {
    TopicExporter.export(topic.topic, to: format) { [site] address in Self.picture(for: address, site: site) }
  }

  /// The picture this server has for `address`, as `qrquiz export` finds it: one the
  /// library stores (uploaded, drawn or imported: `…/pictures/NAME`, whatever host the
  /// address names), else the image cache's copy; nothing is fetched.
  static func picture(for address: String, site: Site) -> ExportPicture? {
    guard let url = URL(string: address), url.scheme == "http" || url.scheme == "https" else { return nil }
    let parts = url.path.split(separator: "/").map(String.init)
    if parts.count == 2, parts[0] == "pictures", TopicLibrary.isPictureName(parts[1]),
      case .library(let library) = site.topics.source, let bytes = library.picture(named: parts[1])
    {
      return ExportPicture(bytes: bytes)
    }
    guard let cache = site.configuration.imageCache, let entry = cache.entry(for: url) else { return nil }
    return ExportPicture(bytes: entry.body)
  }

  /// The download's file name: the topic's title, cleaned as every download's is
  /// (``ContentDisposition``), with the format's extension.
  static func fileName(_ title: String, format: ExportFormat) -> String {
    ContentDisposition.fileName(stem: title, fileExtension: format.fileExtension, fallback: "topic")
  }

  /// `Content-Disposition` for the download (one builder for every download).
  static func attachment(_ title: String, format: ExportFormat) -> String {
    ContentDisposition.attachment(stem: title, fileExtension: format.fileExtension, fallback: "topic")
  }
}

extension SitePath {
  /// A topic's export in `format`, to download.
  static func export(_ name: String, _ format: ExportFormat) -> SitePath {
    .segments("t", name, "export", format.rawValue)
  }

  /// The list of a topic's exports with their notes.
  static func exportsAPI(_ name: String) -> SitePath { .segments("api", "topics", name, "exports") }
}
