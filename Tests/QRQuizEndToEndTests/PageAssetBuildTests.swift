import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuizServer

/// How the pages' files become part of the binary (the EmbedPageAssets plugin's tool,
/// `embed-page-assets`), and that what it made runs: each served script evaluated by
/// node, and the tool's refusals, each naming the file and line to fix.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct PageAssetBuildTests {
  static var tool: URL {
    ProcessRunner.qrquiz.deletingLastPathComponent().appendingPathComponent("embed-page-assets")
  }

  /// Runs `script` in a fresh node context with a page that has none of the elements the
  /// scripts look for, after DOMContentLoaded: every file a script requires must load.
  static let runOnAnEmptyPage = """
    const code = require("fs").readFileSync(process.argv[1], "utf8");
    const loaded = [];
    const document = {
      getElementById: () => null, querySelector: () => null, querySelectorAll: () => [],
      addEventListener: (name, listener) => { if (name === "DOMContentLoaded") loaded.push(listener); },
    };
    require("vm").runInNewContext(code, { document, window: {}, HTMLElement: class HTMLElement {} });
    for (const listener of loaded) listener();
    """

  @Test(arguments: ["app.js", "live.js", "editor.js"])
  func eachServedScriptRunsInNode(_ name: String) throws {
    let folder = try TemporaryDirectory()
    try Data(try #require(PageAssetFixtures.served[name]).utf8).write(to: folder.url.appendingPathComponent(name))
    let run = try ProcessRunner.tool("node", ["-e", Self.runOnAnEmptyPage, folder.path(name)])
    #expect(run.status == 0, "\(run.stderr)")
  }

  /// A folder with a manifest serving `Scripts/entry.js`, and `files` beside it.
  static func assets(_ files: [String: String], manifest: String? = nil) throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("Scripts"), withIntermediateDirectories: true)
    let served = #"{ "served": [{ "member": "entryScript", "about": "A script.", "script": "Scripts/entry.js" }] }"#
    try Data((manifest ?? served).utf8).write(to: folder.url.appendingPathComponent("assets.json"))
    for (name, text) in files { try Data(text.utf8).write(to: folder.url.appendingPathComponent("Scripts/" + name)) }
    return folder
  }

  func embed(_ folder: TemporaryDirectory) throws -> ProcessResult {
    try ProcessRunner.run(Self.tool, [folder.path("assets.json"), folder.path("Assets+Embedded.swift")])
  }

  @Test func aScriptAndTheFilesItRequiresBecomeOneMemberEachFileOnce() throws {
    let folder = try Self.assets([
      "entry.js": "\"use strict\";\nconst { twice } = require(\"./twice.js\");\nrequire(\"./twice.js\");\n",
      "twice.js": "const { one } = require(\"./one.js\");\nmodule.exports = { twice: () => one * 2 };\n",
      "one.js": "module.exports = { one: 1 };\n",
    ])
    let run = try embed(folder)
    #expect(run.status == 0, "\(run.stderr)")
    let source = try String(contentsOfFile: folder.path("Assets+Embedded.swift"), encoding: .utf8)
    #expect(source.contains("  /// A script.\n  static let entryScript = \"\\\"use strict\\\";\\n//"))
    for name in ["entry", "twice", "one"] {
      #expect(source.components(separatedBy: "[\\\"./\(name).js\\\", (module, require) => {").count == 2, "\(name)")
    }
  }

  @Test(arguments: [
    ("const x = require(\"./missing.js\");", ":1: ./missing.js is not a file beside it"),
    ("\n\nconst fs = require(\"node:fs\");", ":3: only require(\"./name.js\") of a file beside it is bundled"),
    ("require('./other.js');", ":1: only require(\"./name.js\") of a file beside it is bundled"),
    ("require(\"./../up.js\");", ":1: ./../up.js: only a .js file beside it is bundled"),
  ])
  func aRequireThatCannotBeBundledStopsTheBuildAtItsLine(_ script: String, _ problem: String) throws {
    let folder = try Self.assets(["entry.js": script, "other.js": ""])
    let run = try embed(folder)
    #expect(run.status == 1)
    #expect(run.stderr == "embed-page-assets: \(folder.path("Scripts/entry.js"))\(problem)\n")
    #expect(!FileManager.default.fileExists(atPath: folder.path("Assets+Embedded.swift")))
  }

  static let emptyX = #"{ "member": "x", "about": "", "concatenating": [] }"#

  @Test(arguments: [
    (
      #"{ "served": [{ "member": "x", "about": "", "script": "a.js", "concatenating": [] }] }"#,
      "'x' needs either \"script\" or \"concatenating\""
    ),
    (#"{ "served": [{ "member": "2x", "about": "", "concatenating": [] }] }"#, "'2x' is not a Swift name"),
    (#"{ "served": [\#(emptyX), \#(emptyX)] }"#, "'x' is named twice"),
    (#"{ "served": [{ "member": "x" }] }"#, "served[0].about is missing"),
    (#"{ "served": { } }"#, "served is not of the right type"),
    ("{ \"served\": [", "not JSON"),
  ])
  func aManifestThatDoesNotSayWhatToServeIsRefused(_ manifest: String, _ problem: String) throws {
    let folder = try Self.assets([:], manifest: manifest)
    let run = try embed(folder)
    #expect(run.status == 1)
    #expect(run.stderr == "embed-page-assets: \(folder.path("assets.json")): \(problem)\n")
  }

  @Test func aFileThatIsNotUTF8IsRefused() throws {
    let folder = try Self.assets(["entry.js": ""])
    try Data([0x63, 0xFF, 0x0A]).write(to: folder.url.appendingPathComponent("Scripts/entry.js"))
    let run = try embed(folder)
    #expect(run.stderr == "embed-page-assets: \(folder.path("Scripts/entry.js")): not UTF-8 text\n")
  }
}
