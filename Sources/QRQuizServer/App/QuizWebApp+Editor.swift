import Foundation
import QRQuiz
import QRQuizHTTP

/// The topic editor's pages: `/edit/NAME` (a topic, or a removed one's versions) and
/// `/new` (an empty topic), for the teacher when the server allows editing; the library
/// page's Delete. The pages are shells the script (`/static/editor.js`) fills from the
/// API (`QuizWebApp+TopicsAPI.swift`); every write carries the page's form token.
extension QuizWebApp {
  /// GET `/new`: an empty topic in the editor (with `?token=`, signs the teacher in first).
  func newTopicEditor(_ context: RequestContext) -> HTTPResponse {
    if let refusal = editorPageRefusal(context, returningTo: .newTopic) { return refusal }
    return .html(pages(context).editor(name: nil, title: nil, csrf: formToken, reachable: isPublicURLReachable))
  }

  /// GET `/edit/NAME`: the topic in the editor; a removed topic's versions, to restore one.
  func editorPage(_ context: RequestContext) -> HTTPResponse {
    let name = context[parameter: "name"]
    if let refusal = editorPageRefusal(context, returningTo: .edit(name)) { return refusal }
    let served = topics.topic(named: name)
    var removed = false
    if served == nil {
      guard case .library(let library) = topics.source, !library.versions(of: name).isEmpty else {
        return notFound(context, .noSuchTopic)
      }
      removed = true
    }
    return .html(
      pages(context).editor(
        name: name, title: served?.title, csrf: formToken, reachable: isPublicURLReachable, removed: removed))
  }

  /// POST `/edit/NAME/delete`: the library page's Delete (the topic is kept as a version).
  func deleteFromForm(_ context: RequestContext) async -> HTTPResponse {
    if let refusal = editorPageRefusal(context, returningTo: .library) { return refusal }
    let fields = FormBody.parse(context.request.body)
    if let refusal = formTokenRefusal(context, fields) { return refusal }
    guard case .library(let library) = topics.source, let served = topics.topic(named: context[parameter: "name"])
    else { return notFound(context, .noSuchTopic) }
    do {
      try library.remove(name: served.fileName, ifMatching: fields["etag"])
    } catch {
      return .html(pages(context).error(.notDeleted, "\(String(describing: error))"), status: 409)
    }
    topics.reload()
    return .redirect(to: .library)
  }

  /// The page that refuses an editor page (`nil`: the teacher may edit): editing off,
  /// the teacher signing in, or someone else.
  private func editorPageRefusal(_ context: RequestContext, returningTo path: SitePath) -> HTTPResponse? {
    guard configuration.allowsEditing else {
      return .html(pages(context).error(.editingOff, pages(context).say(.editingOffDetail)), status: 403)
    }
    if let signIn = teacherSignIn(context, returningTo: path) { return signIn }
    guard isTeacher(context.request) else { return notAllowed(context) }
    return nil
  }

  /// A page saying the visitor is not the teacher.
  func notAllowed(_ context: RequestContext) -> HTTPResponse {
    .html(pages(context).error(.notAllowed, pages(context).say(.notAllowedDetail)), status: 403)
  }
}
