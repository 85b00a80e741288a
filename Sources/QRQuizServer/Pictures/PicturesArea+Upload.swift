import Foundation
import QRQuiz
import QRQuizHTTP

/// Question pictures uploaded (or drawn) in the editor: made into a ``QuestionPicture``
/// (checked, upright, re-encoded without metadata), stored with the library, served at
/// this server's own address so the Questions app shows them too.
extension PicturesArea {
  /// Pictures made at once, at most: each may hold a 40 MP image while it is made.
  static let picturesAtOnce = 2

  /// POST `/api/images` with the picture as the body → `201 {"url", "width", "height"}`.
  func uploadPicture(_ context: RequestContext, _ editor: Editor) async throws -> HTTPResponse {
    if let type = context.request.header("content-type")?.lowercased(), type.contains("svg") {
      return .apiError(415, "\(QuestionPicture.Error.unsupported("SVG"))")
    }
    guard
      picturesInProgress.withLock({ count -> Bool in
        guard count < Self.picturesAtOnce else { return false }
        count += 1
        return true
      })
    else {
      return .apiError(503, "other pictures are being made: try again", headers: [("Retry-After", "2")])
    }
    defer { picturesInProgress.withLock { $0 -= 1 } }
    let picture = try QuestionPicture(uploaded: context.request.body)
    let name = try site.answeringLibrary("the picture") { () throws(TopicLibrary.Error) in
      try editor.library.store(picture)
    }
    let url = site.publicURL + SitePath.picture(name).value
    return .json(
      .object([("url", .string(url)), ("width", .number(picture.width)), ("height", .number(picture.height))]),
      status: 201, headers: [("Location", url)])
  }

  /// GET `/pictures/FILE`: a stored picture, kept by browsers for good (a name never shows
  /// another picture).
  func picture(_ context: RequestContext) -> HTTPAnswer {
    let file = context[parameter: "file"]
    if let kept = images.response(for: "picture:" + file) { return .now(kept) }
    return .later { [self] in
      guard case .library(let library) = site.topics.source, let bytes = library.picture(named: file) else {
        return site.notFound(context, .imageNotCached)
      }
      let response = SecurityHeaders.secured(
        .bytes(
          bytes, type: file.hasSuffix(".png") ? "image/png" : "image/jpeg",
          cache: "public, max-age=31536000, immutable",
          headers: [("ETag", "\"\(file)\"")])
      ).prepared()
      images.keep(response, for: "picture:" + file)
      return response
    }
  }

  /// GET `/preview?url=URL`: a redirect to the picture or cached image that `URL` stands
  /// for on this server (404 when it has neither: the page loads nothing from elsewhere).
  func previewImage(_ context: RequestContext) -> HTTPResponse {
    guard let path = imageSource(for: context.request.query["url"]) else {
      return site.notFound(context, .imageNotCached)
    }
    return .redirect(to: path)
  }

  /// The site's address of a picture this library stores, whatever host the topic's
  /// address names (the server's address may have changed since it was saved).
  func storedPictureSource(for url: String) -> SitePath? {
    guard case .library(let library) = site.topics.source, let address = URL(string: url),
      address.scheme == "http" || address.scheme == "https"
    else { return nil }
    let parts = address.path.split(separator: "/")
    guard parts.count == 2, parts[0] == "pictures", TopicLibrary.isPictureName(String(parts[1])),
      FileManager.default.fileExists(atPath: library.picturesDirectory.appendingPathComponent(String(parts[1])).path)
    else { return nil }
    return .picture(String(parts[1]))
  }
}

extension QuestionPicture.Error: HTTPResponseError {
  public var response: HTTPResponse {
    let status =
      switch self {
      case .tooLarge, .tooManyPixels: 413
      case .unsupported: 415
      case .corrupt: 422
      case .encoding: 500
      }
    return .apiError(status, "\(self)")
  }
}
