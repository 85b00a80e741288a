import Foundation
import QRQuiz
import QRQuizHTTP
import QRQuizLocking

/// Question images: pictures uploaded or drawn in the editor (made safe, stored with the
/// library, served at this server's address), and images a topic names, served from the
/// image cache only (the server never fetches or forwards an address a topic names),
/// under a key that is the address's hash. Owns the images kept in memory as ready
/// answers and the count of pictures being made.
final class PicturesArea: Sendable {
  let site: Site
  let images = ImageResponses(capacity: 64 << 20)
  /// Uploaded pictures being made now (``picturesAtOnce`` at most).
  let picturesInProgress = Locked(0)

  init(site: Site) { self.site = site }

  /// The pictures' routes.
  func addRoutes(to router: inout Router<RequestContext>) {
    router.add(.get, "/img/{key}", "a question's image, from the image cache only", access: .anyone, .either(image))
    router.add(
      .get, "/preview", "a question's image by its address (`?url=`), when this server has it: the editor's preview",
      access: .anyone, .immediate(previewImage))
    router.add(
      .get, "/pictures/{file}", "a question's picture, uploaded or drawn in the editor", access: .anyone,
      .either(picture))
    router.add(
      .post, "/api/images", "a question's picture: checked, upright, without metadata", access: site.editorAPI,
      bodyLimit: BodyLimit(bytes: QuestionPicture.maximumUploadSize), .deferred(lane: .bulk, uploadPicture))
  }

  /// The page's source for a question's image: a picture the library stores, or an image
  /// in the cache; nothing else.
  func imageSource(for url: String?) -> SitePath? {
    guard let url else { return nil }
    if let stored = storedPictureSource(for: url) { return stored }
    guard let key = ServedTopic.imageKey(url), let cache = site.configuration.imageCache,
      let address = URL(string: url), cache.contains(address)
    else { return nil }
    return .image(key)
  }

  /// `/img/KEY`: an image a served topic names, from memory at once, else from the cache
  /// on a responder thread; kept for a year by the browser (another image gets another key).
  func image(_ context: RequestContext) -> HTTPAnswer {
    if let kept = images.response(for: context[parameter: "key"]) { return .now(kept) }
    return .later { [self] in cachedImage(context) }
  }

  private func cachedImage(_ context: RequestContext) -> HTTPResponse {
    let key = context[parameter: "key"]
    guard key.count == 32, key.allSatisfy(\.isHexDigit), let cache = site.configuration.imageCache,
      let url = site.topics.all.lazy.compactMap({ $0.imageKeys[key] }).first, let address = URL(string: url),
      let entry = cache.entry(for: address), let format = ImageFormat(sniffing: entry.body),
      format != .bmp
    else { return site.notFound(context, .imageNotCached) }
    let response = SecurityHeaders.secured(
      .bytes(
        entry.body, type: "image/" + format.rawValue, cache: "public, max-age=31536000, immutable",
        headers: [("ETag", "\"\(key)\"")])
    ).prepared()
    images.keep(response, for: key)
    return response
  }
}
