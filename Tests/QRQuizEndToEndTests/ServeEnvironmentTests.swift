import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuizServer

/// `qrquiz serve` set up by its environment, as the systemd unit sets it from
/// `/etc/qrquiz/server.conf`: `$QRQUIZ_HOST`, `$QRQUIZ_PORT` and `$QRQUIZ_PUBLIC_URL` give
/// the address, the port and the public address; a flag wins over its variable; a variable
/// that is no port or no http(s) address is one line naming it, exit 2.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct ServeEnvironmentTests {
  let home: TemporaryDirectory
  let library: TemporaryDirectory
  let cache: TemporaryDirectory

  init() throws {
    home = try TemporaryDirectory()
    (library, cache) = try LiveLibrary.make()
  }

  /// A server started on the library with `arguments` and the variables `given`, once it
  /// says it serves: the process, what it printed, and what it said on standard error.
  func start(_ arguments: [String], with given: [String: String]) throws -> (
    process: ChildProcess, text: String, errors: String
  ) {
    let output = try TemporaryDirectory()
    let stdout = output.url.appendingPathComponent("stdout")
    let process = try ChildProcess(
      ProcessRunner.qrquiz, ["serve", library.url.path, "--cache-dir", cache.url.path] + arguments,
      environment: home.qrquizEnvironment.merging(given) { $1 }, stdout: stdout,
      stderr: output.url.appendingPathComponent("stderr"))
    var text = ""
    let outcome = process.wait(until: {
      text = (try? String(contentsOf: stdout, encoding: .utf8)) ?? ""
      return text.contains("Press Ctrl-C")
    })
    let said = (try? String(contentsOf: output.url.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
    guard outcome == .done else {
      process.killNow()
      throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "serve did not start: \(text)\(said)"])
    }
    return (process, text, said)
  }

  @Test func theVariablesGiveTheAddressThePortAndThePublicAddress() throws {
    let port = try freeLoopbackPort()
    let (server, text, _) = try start(
      [],
      with: [
        "QRQUIZ_HOST": "127.0.0.1", "QRQUIZ_PORT": String(port),
        "QRQUIZ_PUBLIC_URL": "https://quiz.school.example",
      ])
    defer { server.killNow() }
    #expect(text.contains(" at https://quiz.school.example/\n"), "\(text)")
    #expect(text.contains("Teacher's address (live games): https://quiz.school.example/?token="), "\(text)")
    // It listens on that port, and answers for the public address's name (nginx passes it on).
    let page = try HTTPProbe.request(port: port, method: "GET", path: "/", host: "quiz.school.example")
    #expect(page.status == 200 && page.text.contains("Capitals"), "\(page.status)")
    #expect(try HTTPProbe.request(port: port, method: "GET", path: "/", host: "elsewhere.example").status == 421)
  }

  @Test func aFlagWinsOverItsVariable() throws {
    // The variables name a port taken and an address not this machine's: the flags' win.
    let taken = try HTTPServer(configuration: .init(port: try freeLoopbackPort()), responder: Router())
    defer { taken.stop(timeout: 1) }
    let (server, text, _) = try start(
      ["--host", "127.0.0.1", "--port", "0"],
      with: ["QRQUIZ_HOST": "192.0.2.1", "QRQUIZ_PORT": String(taken.port)])
    defer { server.killNow() }
    let served = try #require(text.firstMatch(of: /Serving \d+ topics? at http:\/\/127\.0\.0\.1:(\d+)\//), "\(text)")
    let port = try #require(Int(served.1))
    #expect(port != taken.port)
    #expect(try HTTPProbe.request(port: port, method: "GET", path: "/").status == 200)

    // A data folder of its own: one server serves a data folder at a time.
    let other = try TemporaryDirectory()
    let (named, namedText, _) = try start(
      ["--port", "0", "--public-url", "http://quiz.flag.example"],
      with: ["QRQUIZ_PUBLIC_URL": "https://quiz.variable.example", "XDG_DATA_HOME": other.path("data")])
    defer { named.killNow() }
    #expect(namedText.contains(" at http://quiz.flag.example/\n"), "\(namedText)")
  }

  @Test(arguments: [
    ("QRQUIZ_PORT", "eighty", "$QRQUIZ_PORT must be a whole number from 0 to 65535, not 'eighty'"),
    ("QRQUIZ_PORT", "70000", "$QRQUIZ_PORT must be a whole number from 0 to 65535, not '70000'"),
    (
      "QRQUIZ_PUBLIC_URL", "quiz.school.example",
      "$QRQUIZ_PUBLIC_URL must start with http:// or https://, not 'quiz.school.example'"
    ),
    (
      "QRQUIZ_TRUSTED_PROXY", "127.0.0.1 nginx.local",
      "$QRQUIZ_TRUSTED_PROXY must be a numeric IPv4 or IPv6 address such as 127.0.0.1, not 'nginx.local'"
    ),
  ])
  func aBadVariableIsOneLineNamingIt(variable: String, value: String, message: String) throws {
    var environment = home.qrquizEnvironment
    environment[variable] = value
    let result = try ProcessRunner.qrquiz(["serve", library.url.path], environment: environment)
    #expect(result.status == 2)
    #expect(result.stderr == "qrquiz serve: \(message) (see 'qrquiz serve --help')\n", "\(result.stderr)")
  }

  @Test func aTrustedProxyFlagThatIsNoAddressIsOneLine() throws {
    let result = try ProcessRunner.qrquiz(
      ["serve", library.url.path, "--trusted-proxy", "nginx"], environment: home.qrquizEnvironment)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "qrquiz serve: --trusted-proxy must be a numeric IPv4 or IPv6 address such as 127.0.0.1, not 'nginx' "
        + "(see 'qrquiz serve --help')\n", "\(result.stderr)")
  }

  /// A setting's name mistyped in server.conf: the server would start on a new, empty
  /// SQLite file beside the school's database, saying nothing. It says so on standard
  /// error, and its first lines say which records it uses and where it listens.
  @Test func aMistypedSettingIsSaidAndTheRecordsAndPortAreShown() throws {
    let port = try freeLoopbackPort()
    let (server, text, errors) = try start(
      [],
      with: [
        "QRQUIZ_DATABSE": "postgresql://qrquiz@/qrquiz", "qrquiz_port": "18010", "QRQUIZ_PORT": String(port),
        "QRQUIZ_SOMETHING_ELSE": "left alone",
      ])
    defer { server.killNow() }
    let warnings = errors.split(separator: "\n").filter { $0.contains("warning:") }
    #expect(
      warnings == [
        "warning: $QRQUIZ_DATABSE is not a setting qrquiz reads (ignored); did you mean QRQUIZ_DATABASE?",
        "warning: $qrquiz_port is not a setting qrquiz reads (ignored); did you mean QRQUIZ_PORT?",
      ], "\(errors)")
    let records = home.url.appendingPathComponent("data/qrquiz/records.sqlite").path
    #expect(text.contains("Records: \(records) · listening on 127.0.0.1:\(port)\n"), "\(text)")
  }
}
