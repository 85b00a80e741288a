import Foundation
import QRQuiz
import QRQuizHTTP

/// The topic editor (`docs/EDITOR.md`): its pages, `/edit/NAME` (a topic, or a removed
/// one's versions) and `/new` (an empty topic), for the teacher when the server allows
/// editing; the library page's Delete; and the topics' API (`EditorArea+API.swift`). The
/// pages are shells the script (`/static/editor.js`) fills from the API; every write
/// carries the page's form token. Its state is the site's library.
final class EditorArea: Sendable {
  let site: Site

  init(site: Site) { self.site = site }

  /// The editor's routes.
  func addRoutes(to router: inout Router<RequestContext>) {
    router.add(
      .get, "/new", "an empty topic in the editor", access: site.editorPage { _ in .newTopic },
      .immediate(newTopicEditor))
    router.add(
      .get, "/edit/{name}", "a topic in the editor (a deleted one: its versions)",
      access: site.editorPage { .edit($0[parameter: "name"]) }, .immediate(editorPage))
    router.add(
      .post, "/edit/{name}/delete", "deletes a topic from the library page (kept as a version)",
      access: site.editorForm, .deferred(deleteFromForm))
    router.add(
      .get, "/api/topics", "every topic: name, title, sets, questions", access: .anyone, .immediate(topicList))
    router.group("/api/topics/{name}", access: .anyone) { topic in
      topic.add(.get, "", "a topic's JSON with its ETag", .immediate(topicForEditing))
      topic.add(.get, "/versions", "a topic's kept versions, oldest first", .deferred(topicVersions))
      topic.add(.get, "/versions/{id}", "a kept version's JSON", .deferred(topicVersion))
      topic.group(access: site.editorAPI) { editor in
        editor.add(
          .put, "", "saves a topic: If-Match replaces, If-None-Match: * creates", bodyLimit: Self.topicBodyLimit,
          .deferred(lane: .bulk, putTopic))
        editor.add(.delete, "", "deletes a topic (If-Match; kept as a version)", .deferred(deleteTopic))
        editor.add(
          .post, "/versions/{id}/restore", "makes a kept version the topic again", .deferred(restoreTopicVersion))
      }
    }
  }

  /// GET `/new`: an empty topic in the editor (with `?token=`, signs the teacher in first).
  func newTopicEditor(_ context: RequestContext, _ teacher: Teacher) -> HTTPResponse {
    .html(
      site.pages(context).editor(
        name: nil, title: nil, csrf: site.formToken, reachable: site.isPublicURLReachable, secure: isSecure))
  }

  /// GET `/edit/NAME`: the topic in the editor; a removed topic's versions, to restore one.
  func editorPage(_ context: RequestContext, _ teacher: Teacher) -> HTTPResponse {
    let name = context[parameter: "name"]
    let served = site.topics.topic(named: name)
    var removed = false
    if served == nil {
      guard case .library(let library) = site.topics.source, !library.versions(of: name).isEmpty else {
        return site.notFound(context, .noSuchTopic)
      }
      removed = true
    }
    return .html(
      site.pages(context).editor(
        name: name, title: served?.title, csrf: site.formToken, reachable: site.isPublicURLReachable,
        secure: isSecure, removed: removed))
  }

  /// Whether the pictures added in the editor get an https address (the only ones the
  /// Questions app loads).
  private var isSecure: Bool { site.publicURL.lowercased().hasPrefix("https://") }

  /// POST `/edit/NAME/delete`: the library page's Delete (the topic is kept as a version).
  func deleteFromForm(_ context: RequestContext, _ teacher: Teacher) async -> HTTPResponse {
    let fields = FormBody.parse(context.request.body)
    guard case .library(let library) = site.topics.source,
      let served = site.topics.topic(named: context[parameter: "name"])
    else { return site.notFound(context, .noSuchTopic) }
    do {
      try library.remove(name: served.fileName, ifMatching: fields["etag"])
    } catch {
      return .html(site.pages(context).error(.notDeleted, "\(String(describing: error))"), status: 409)
    }
    site.topics.reload()
    return .redirect(to: .library)
  }
}
