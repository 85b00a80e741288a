import Foundation
import QRQuiz
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuizServer

/// The pages' files as the server serves them: embedded at build time from
/// Sources/QRQuizServer/Assets exactly as they are in the repo, at their addresses, with
/// the headers they always had.
@Suite struct PageAssetTests {
  static let folder = Fixtures.packageRoot.appendingPathComponent("Sources/QRQuizServer/Assets")

  static func file(_ path: String) throws -> String {
    try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func theStyleSheetIsTheSiteTheLiveGamesHomeworkAndTheEditorsFilesInThatOrder() throws {
    let files = try [
      "Styles/base.css", "Styles/live.css", "Styles/homework.css", "Styles/editor.css", "Styles/print.css",
    ]
    .map(Self.file)
    #expect(Assets.styleSheet == files.joined())
    #expect(try Assets.icon == Self.file("icon.svg"))
    // CSS escapes a character as \HEX: "\u2713", as JavaScript writes it, is the letter u
    // then "2713" (a picked answer once showed "▲ u2713" instead of "▲ ✓").
    #expect(!Assets.styleSheet.contains("\\u"))
  }

  /// `entry` and the files it requires, directly or not, as their text says.
  static func bundled(_ entry: String) throws -> Set<String> {
    var found: Set<String> = [entry]
    var pending = [entry]
    while let name = pending.popLast() {
      for call in try file("Scripts/" + name).matches(of: #/require\("\./([a-z0-9-]+\.js)"\)/#) {
        if found.insert(String(call.1)).inserted { pending.append(String(call.1)) }
      }
    }
    return found
  }

  @Test(arguments: ["app.js", "live.js", "homework.js", "editor.js"])
  func eachScriptCarriesItsFileAndWhatItRequiresAsWritten(_ entry: String) throws {
    let served = try #require(PageAssetFixtures.served[entry])
    let files = try Self.bundled(entry)
    for name in files {
      let text = try Self.file("Scripts/" + name)
      #expect(served.contains("[\"./\(name)\", (module, require) => {\n" + text + "    }],\n"), "\(name)")
    }
    #expect(served.components(separatedBy: "(module, require) => {\n").count == files.count + 1)
    #expect(served.hasSuffix("require(\"./\(entry)\");\n})();\n"))
    // One formatter of messages: every page script fills its phrases with the same one.
    #expect(files.contains("message-format.js"))
  }

  /// The scripts fill the pages' phrases with the same grammar as the server
  /// (message-format.js), so a page gives them each phrase's source as it is.
  @Test(arguments: Language.allCases)
  func thePagesGiveTheirScriptsEachPhraseAsTheCatalogueWritesIt(_ language: Language) throws {
    let phrases = Pages.hostWords + Pages.playerWords + Pages.editorWords
    let markup = Pages(language: language).words(phrases).markup
    let catalogue = PagePhrase.catalogue(language)
    let expected = try phrases.map { phrase in
      let source = try #require(catalogue[phrase])
      let escaped = source.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
        .replacingOccurrences(of: "'", with: "&#39;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;")
      return "data-w-\(phrase.rawValue.lowercased())=\"\(escaped)\""
    }
    #expect(markup == expected.joined(separator: " "))
    #expect(markup.contains("{seconds, plural, one {"))
  }

  @Test(arguments: [
    ("style.css", "text/css; charset=utf-8", "public, max-age=3600"),
    ("app.js", "text/javascript; charset=utf-8", "public, max-age=3600"),
    ("live.js", "text/javascript; charset=utf-8", "public, max-age=3600"),
    ("homework.js", "text/javascript; charset=utf-8", "public, max-age=3600"),
    ("editor.js", "text/javascript; charset=utf-8", "public, max-age=3600"),
    ("icon.svg", "image/svg+xml", "public, max-age=86400"),
  ])
  func eachFileIsServedAtItsAddressWithItsHeaders(_ name: String, _ type: String, _ cache: String) async throws {
    let library = try TemporaryDirectory()
    let app = QuizWebApp(
      topics: .library(TopicLibrary(directory: library.url)), configuration: .init(publicURL: "http://127.0.0.1"))
    let response = await WebAppClient(app: app).request("GET", "/static/" + name)
    #expect(response.status == 200)
    #expect(response.headers["content-type"] == type)
    #expect(response.headers["cache-control"] == cache)
    // Scripts and styles come from files of this server, so the policy needs no 'unsafe-inline'.
    #expect(response.headers["content-security-policy"] == SecurityHeaders.contentSecurityPolicy)
    #expect(!SecurityHeaders.contentSecurityPolicy.contains("unsafe"))
    #expect(response.text == PageAssetFixtures.served[name])
  }
}
