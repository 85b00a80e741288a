import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

/// libcurl, libmicrohttpd, libchafa, libapriltag, cairo and libsodium are loaded by the first
/// download, server, picture, answer card or teacher's secret, not when `qrquiz` starts (Package.swift says why): the
/// loader's own trace of a run shows which libraries a command brought in.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct LazyLibraryTests {
  let home: TemporaryDirectory

  init() throws { home = try TemporaryDirectory() }

  /// The shared libraries the dynamic loader opened during one `qrquiz` run (LD_DEBUG=files).
  func librariesLoaded(by arguments: [String]) throws -> (result: ProcessResult, libraries: Set<String>) {
    var environment = home.qrquizEnvironment
    let trace = home.path("loader-\(UUID().uuidString)")
    environment["LD_DEBUG"] = "files"
    environment["LD_DEBUG_OUTPUT"] = trace
    let result = try ProcessRunner.qrquiz(arguments, environment: environment)
    var libraries = Set<String>()
    for name in try FileManager.default.contentsOfDirectory(atPath: home.url.path)
    where name.hasPrefix(URL(fileURLWithPath: trace).lastPathComponent) {
      let text = try String(contentsOfFile: home.path(name), encoding: .utf8)
      for line in text.split(separator: "\n") {
        guard let range = line.range(of: "file=") else { continue }
        let file = line[range.upperBound...].prefix { $0 != " " && $0 != ";" }
        libraries.insert(String(file))
      }
    }
    return (result, libraries)
  }

  static let onDemand = [
    "libcurl", "libmicrohttpd", "libchafa", "libglib", "libgnutls", "libapriltag", "libcairo", "libsodium",
  ]

  @Test func readingACodeLoadsNoDownloadServerOrPictureLibrary() throws {
    let (result, libraries) = try librariesLoaded(by: ["decode", Fixtures.sampleImage("People").path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(libraries.contains { $0.hasPrefix("libzbar") }, "the trace names what was loaded: \(libraries)")
    for name in Self.onDemand {
      #expect(!libraries.contains { $0.hasPrefix(name) }, "decode loaded \(name): \(libraries.sorted())")
    }
  }

  @Test func aDownloadLoadsLibcurlWhenItStarts() throws {
    let server = try TestServer()
    try server.serve(Array(try Data(contentsOf: Fixtures.sampleTopic("People"))), as: "People.json")
    let (result, libraries) = try librariesLoaded(by: ["validate", server.url("/files/People.json").absoluteString])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(libraries.contains { $0.hasPrefix("libcurl") }, "\(libraries.sorted())")
    #expect(!libraries.contains { $0.hasPrefix("libmicrohttpd") })
  }

  @Test func aTeachersTokenLoadsLibsodiumAndNothingElseDoes() throws {
    let (added, addedLibraries) = try librariesLoaded(by: [
      "admin", "teacher", "add", "Ada", "--email", "ada@school.example", "--public-url", "http://quiz.local",
    ])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(addedLibraries.contains { $0.hasPrefix("libsodium") }, "\(addedLibraries.sorted())")
    let (listed, listedLibraries) = try librariesLoaded(by: ["admin", "teacher", "list"])
    #expect(listed.status == 0 && listed.stdoutText.contains("Ada"), "\(listed.stderr)")
    #expect(!listedLibraries.contains { $0.hasPrefix("libsodium") }, "\(listedLibraries.sorted())")
  }

  @Test func readingCardsLoadsLibapriltagAndPrintingThemCairoToo() throws {
    let (scan, scanned) = try librariesLoaded(by: ["answer-cards", "scan", Fixtures.url("cards/rotated-6.jpg").path])
    #expect(scan.status == 0, "\(scan.stderr)")
    #expect(scanned.contains { $0.hasPrefix("libapriltag") }, "\(scanned.sorted())")
    #expect(!scanned.contains { $0.hasPrefix("libcairo") }, "\(scanned.sorted())")
    let (print, printed) = try librariesLoaded(by: ["answer-cards", "print", "--count", "1", "-o", home.path("c.pdf")])
    #expect(print.status == 0, "\(print.stderr)")
    #expect(printed.contains { $0.hasPrefix("libcairo") } && printed.contains { $0.hasPrefix("libapriltag") })
  }

  /// A machine without libcurl or libmicrohttpd (here: files of those names that are not
  /// libraries, found first through LD_LIBRARY_PATH) gets one line saying what to install.
  @Test func aLibraryThatCannotBeLoadedIsSaidInOneLine() throws {
    for name in ["libcurl.so.4", "libmicrohttpd.so.12"] {
      try Data("not a library".utf8).write(to: home.url.appendingPathComponent(name))
    }
    var environment = home.qrquizEnvironment
    environment["LD_LIBRARY_PATH"] = home.url.path
    let download = try ProcessRunner.qrquiz(["validate", "http://127.0.0.1:9/topic.json"], environment: environment)
    #expect(download.status != 0)
    #expect(
      download.stderr
        == "http://127.0.0.1:9/topic.json: libcurl is not installed (on Debian: apt-get install libcurl4)\n",
      "\(download.stderr)")
    let folder = home.path("topics")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let serve = try ProcessRunner.qrquiz(["serve", folder, "--port", "0"], environment: environment)
    #expect(serve.status != 0)
    #expect(
      serve.stderr.hasSuffix(
        "libmicrohttpd is not installed (libmicrohttpd.so.12; on Debian: apt-get install libmicrohttpd12)\n"),
      "\(serve.stderr)")
    #expect(serve.stderr.split(separator: "\n").count == 1, "\(serve.stderr)")
  }

  /// A server without libsodium (a file of its name that is not a library, found first)
  /// says so in one line when an account is made, and makes nothing.
  @Test func aMissingLibsodiumIsSaidInOneLineAndNoAccountIsMade() throws {
    try Data("not a library".utf8).write(to: home.url.appendingPathComponent("libsodium.so.23"))
    var environment = home.qrquizEnvironment
    environment["LD_LIBRARY_PATH"] = home.url.path
    let added = try ProcessRunner.qrquiz(
      ["admin", "teacher", "add", "Ada", "--email", "ada@school.example", "--public-url", "http://quiz.local"],
      environment: environment)
    #expect(added.status != 0)
    #expect(
      added.stderr
        == "teachers' accounts: libsodium is not installed (libsodium.so.23; on Debian: apt-get install libsodium23)\n",
      "\(added.stderr)")
    let listed = try ProcessRunner.qrquiz(["admin", "teacher", "list"], environment: environment)
    #expect(listed.status == 0 && listed.stdoutText.isEmpty, "\(listed.stdoutText)\(listed.stderr)")
  }

  /// chafa.c calls libchafa without its header (which needs glib's include paths): the
  /// values it uses are checked here against the installed chafa.h by the C compiler.
  @Test func theChafaValuesWrittenOutAreLibchafasOwn() throws {
    let flags = try ProcessRunner.tool("pkg-config", ["--cflags", "chafa"])
    try #require(flags.status == 0, "pkg-config --cflags chafa: \(flags.stderr)")
    let arguments =
      ["clang", "-fsyntax-only"] + flags.stdoutText.split(separator: " ").map { String($0).trimmed }
      + [
        "-I", Fixtures.packageRoot.appendingPathComponent("Sources/CQRQuizCLI").path,
        Fixtures.url("chafa_abi_check.c").path,
      ]
    let compiled = try ProcessRunner.tool(arguments[0], Array(arguments.dropFirst()).filter { !$0.isEmpty })
    #expect(compiled.status == 0, "\(compiled.stderr)")
  }
}

extension String {
  fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
