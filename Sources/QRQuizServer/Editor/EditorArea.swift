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
    router.add(.get, "/new", "an empty topic in the editor", .immediate(newTopicEditor))
    router.add(.get, "/edit/{name}", "a topic in the editor (a deleted one: its versions)", .immediate(editorPage))
    router.add(
      .post, "/edit/{name}/delete", "deletes a topic from the library page (kept as a version)",
      .deferred(deleteFromForm))
    router.add(.get, "/api/topics", "every topic: name, title, sets, questions", .immediate(topicList))
    router.add(.get, "/api/topics/{name}", "a topic's JSON with its ETag", .immediate(topicForEditing))
    router.add(
      .put, "/api/topics/{name}", "saves a topic: If-Match replaces, If-None-Match: * creates", .deferred(putTopic))
    router.add(
      .delete, "/api/topics/{name}", "deletes a topic (If-Match; kept as a version)", .deferred(deleteTopic))
    router.add(
      .get, "/api/topics/{name}/versions", "a topic's kept versions, oldest first", .deferred(topicVersions))
    router.add(.get, "/api/topics/{name}/versions/{id}", "a kept version's JSON", .deferred(topicVersion))
    router.add(
      .post, "/api/topics/{name}/versions/{id}/restore", "makes a kept version the topic again",
      .deferred(restoreTopicVersion))
  }

  /// GET `/new`: an empty topic in the editor (with `?token=`, signs the teacher in first).
  func newTopicEditor(_ context: RequestContext) -> HTTPResponse {
    if let refusal = editorPageRefusal(context, returningTo: .newTopic) { return refusal }
    return .html(
      site.pages(context).editor(name: nil, title: nil, csrf: site.formToken, reachable: site.isPublicURLReachable))
  }

  /// GET `/edit/NAME`: the topic in the editor; a removed topic's versions, to restore one.
  func editorPage(_ context: RequestContext) -> HTTPResponse {
    let name = context[parameter: "name"]
    if let refusal = editorPageRefusal(context, returningTo: .edit(name)) { return refusal }
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
        name: name, title: served?.title, csrf: site.formToken, reachable: site.isPublicURLReachable, removed: removed))
  }

  /// POST `/edit/NAME/delete`: the library page's Delete (the topic is kept as a version).
  func deleteFromForm(_ context: RequestContext) async -> HTTPResponse {
    if let refusal = editorPageRefusal(context, returningTo: .library) { return refusal }
    let fields = FormBody.parse(context.request.body)
    if let refusal = site.formTokenRefusal(context, fields) { return refusal }
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

  /// The page that refuses an editor page (`nil`: the teacher may edit): editing off,
  /// the teacher signing in, or someone else.
  private func editorPageRefusal(_ context: RequestContext, returningTo path: SitePath) -> HTTPResponse? {
    guard site.configuration.allowsEditing else {
      let pages = site.pages(context)
      return .html(pages.error(.editingOff, pages.say(.editingOffDetail)), status: 403)
    }
    if let signIn = site.teacherSignIn(context, returningTo: path) { return signIn }
    guard site.isTeacher(context.request) else { return site.notAllowed(context) }
    return nil
  }
}
