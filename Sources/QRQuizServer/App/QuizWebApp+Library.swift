import QRQuiz
import QRQuizHTTP

/// The library page (where the teacher's address, `/?token=…`, signs the teacher in) and
/// the site's own files.
extension QuizWebApp {
  /// `/`: every topic, or those matching `?q=`. On a responder thread: a search's work
  /// grows with the library.
  func library(_ context: RequestContext) async -> HTTPResponse {
    if let signIn = teacherSignIn(context, returningTo: .library) { return signIn }
    let all = topics.all
    var editing: Pages.EditingTools?
    if configuration.allowsEditing, isTeacher(context.request), case .library(let library) = topics.source {
      editing = Pages.EditingTools(csrf: formToken, removed: library.removedNames())
    }
    let query = context.request.query["q"]?.trimmingCharacters(in: .whitespaces)
    guard let query, !query.isEmpty else {
      return .html(pages(context).library(all, query: nil, total: all.count, editing: editing))
    }
    let search = TextSearch(query)
    let shown = all.filter { search.matches(folded: $0.searchText) }
    return .html(pages(context).library(shown, query: query, total: all.count, editing: editing))
  }

  /// `/static/…`: the style sheet, the script, the icon.
  func staticFile(_ context: RequestContext) -> HTTPResponse {
    switch context[parameter: "file"] {
    case "style.css":
      .bytes(Array(Assets.styleSheet.utf8), type: "text/css; charset=utf-8", cache: "public, max-age=3600")
    case "app.js":
      .bytes(Array(Assets.script.utf8), type: "text/javascript; charset=utf-8", cache: "public, max-age=3600")
    case "live.js":
      .bytes(Array(Assets.liveScript.utf8), type: "text/javascript; charset=utf-8", cache: "public, max-age=3600")
    case "editor.js":
      .bytes(Array(Assets.editorScript.utf8), type: "text/javascript; charset=utf-8", cache: "public, max-age=3600")
    case "icon.svg":
      .bytes(Array(Assets.icon.utf8), type: "image/svg+xml", cache: "public, max-age=86400")
    default: notFound(context, .nothingHere)
    }
  }
}
