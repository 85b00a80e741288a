import QRQuiz
import QRQuizHTTP

/// The library: the list of topics (where the teacher's address, `/?token=…`, signs the
/// teacher in), each topic's pages, JSON and QR codes, the visitor's settings and the
/// site's own files. Its state is the site's topics; it keeps none of its own.
final class LibraryArea: Sendable {
  let site: Site

  init(site: Site) { self.site = site }

  /// The library's routes.
  func addRoutes(to router: inout Router<RequestContext>) {
    router.add(
      .get, "/", "the library; `?q=` searches names, questions and answers",
      access: .anyone("anyone; `?token=` signs the teacher in"), .deferred(library))
    router.add(
      .get, "/settings", "keeps the theme or the language chosen, then goes back", access: .anyone,
      .immediate(settings))
    router.add(
      .get, "/static/{file}", "the style sheet, the script and the icon", access: .anyone, .immediate(staticFile))

    router.group("/t/{name}", access: .anyone) { topic in
      topic.add(.get, "", "a topic's share page: its QR codes and links", .immediate(sharePage))
      topic.add(.get, ".json", "the topic as the app downloads it (ETag, gzip)", .immediate(topicJSON))
      topic.add(.get, "/qr.png", "the topic's own QR code(s), as the app shares it", .immediate(topicQRPNG))
      topic.add(.get, "/qr.svg", "the same, as SVG", .immediate(topicQRSVG))
      topic.add(.get, "/link.png", "the QR code of the topic's JSON address", .immediate(linkQRPNG))
      topic.add(.get, "/link.svg", "the same, as SVG", .immediate(linkQRSVG))
      topic.add(.get, "/present", "the address QR code, full screen, for a projector", .immediate(presentPage))
      topic.add(
        .get, "/export/{format}", "the topic as moodle-xml, qti, gift or aiken, to download (docs/EXPORT.md)",
        access: site.teacherDownload, .deferred(exportedTopic))
    }
    router.add(
      .get, "/api/topics/{name}/exports", "each export's download, and what its format cannot hold",
      access: site.teacherDownload, .deferred(topicExports))
  }

  /// `/`: every topic, or those matching `?q=`. On a responder thread: a search's work
  /// grows with the library.
  func library(_ context: RequestContext) async -> HTTPResponse {
    if let signIn = site.teacherSignIn(context, returningTo: .library) { return signIn }
    // A topic whose live game runs is the teacher's alone, and a private server's library too.
    let all = site.listedTopics(context)
    var editing: Pages.EditingTools?
    if site.configuration.allowsEditing, context.isTeacher,
      case .library(let library) = site.topics.source
    {
      editing = Pages.EditingTools(csrf: site.formToken, removed: library.removedNames())
    }
    let pages = site.pages(context)
    // The teacher's running games, each opened as host from here (from any browser), and a
    // class's game with its scanners' link: this page is the teacher's, never the projector's.
    let running = context.teacher.flatMap { teacher in
      pages.runningGames(site.live.running.filter { teacher.owns($0.teacher) }) { [site] pin in
        site.live.room(pin)?.setup.scannerSecret.map { site.publicURL + SitePath.scan(pin).value + "?secret=" + $0 }
      }
    }
    let query = context.request.query["q"]?.trimmingCharacters(in: .whitespaces)
    guard let query, !query.isEmpty else {
      return .html(
        pages.library(all, query: nil, total: all.count, editing: editing, running: running, hosting: context.isTeacher)
      )
    }
    let search = TextSearch(query)
    let shown = all.filter { search.matches(folded: $0.searchText) }
    return .html(
      pages.library(
        shown, query: query, total: all.count, editing: editing, running: running, hosting: context.isTeacher))
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
    case "homework.js":
      .bytes(Array(Assets.homeworkScript.utf8), type: "text/javascript; charset=utf-8", cache: "public, max-age=3600")
    case "editor.js":
      .bytes(Array(Assets.editorScript.utf8), type: "text/javascript; charset=utf-8", cache: "public, max-age=3600")
    case "icon.svg":
      .bytes(Array(Assets.icon.utf8), type: "image/svg+xml", cache: "public, max-age=86400")
    default: site.notFound(context, .nothingHere)
    }
  }
}
