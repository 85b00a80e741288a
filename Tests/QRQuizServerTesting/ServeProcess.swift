import Foundation
import Glibc
import QRQuizTestSupport

@testable import QRQuiz

/// `qrquiz serve` running on 127.0.0.1 with a free port, for end-to-end tests of the web
/// pages; stopped with SIGKILL when the value goes away.
package final class ServeProcess {
  package let base: String
  package let port: Int
  /// The edit address printed with --allow-edit.
  package let editURL: String?
  /// What the server printed as it started.
  package let startText: String
  private let process: ChildProcess
  private let output: TemporaryDirectory

  /// `qrquiz COMMAND --port 0 ARGUMENTS…` (`serve`, or `live`), once it says it serves.
  /// Without an `environment`, the server gets a data folder of its own (its teacher's
  /// token, live games and classes): never the machine's, never another test's (one server
  /// serves a data folder at a time).
  package init(_ arguments: [String], environment: [String: String]? = nil, command: String = "serve") throws {
    output = try TemporaryDirectory()
    let outURL = output.url.appendingPathComponent("stdout")
    var environment = environment
    if environment == nil {
      environment = ProcessInfo.processInfo.environment
      environment?["XDG_DATA_HOME"] = output.url.appendingPathComponent("data").path
      for variable in ProcessRunner.serverVariables { environment?[variable] = nil }
    }
    process = try ChildProcess(
      ProcessRunner.qrquiz, [command, "--port", "0"] + arguments, environment: environment, stdout: outURL,
      stderr: output.url.appendingPathComponent("stderr"))
    // Until it says it serves: however long a busy machine makes that, unless it ends or
    // hangs first.
    var text = ""
    let outcome = process.wait(until: {
      text = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
      return text.contains("Press Ctrl-C")
    })
    guard outcome == .done else {
      process.killNow()
      let said = (try? String(contentsOf: output.url.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
      throw CocoaError(
        .executableLoad,
        userInfo: [NSLocalizedDescriptionKey: "qrquiz \(command) did not start (\(outcome)): \(text)\(said)"])
    }
    func url(after marker: String) -> String? {
      guard let range = text.range(of: marker) else { return nil }
      return String(text[range.upperBound...].prefix { !$0.isWhitespace })
    }
    // The first address it prints: `http://HOST:PORT/…`.
    let served = url(after: " at ")!
    let origin = served.split(separator: "/", omittingEmptySubsequences: false).prefix(3).joined(separator: "/")
    base = command == "serve" ? (served.hasSuffix("/") ? String(served.dropLast()) : served) : origin
    port = Int(origin.split(separator: ":").last!)!
    editURL = url(after: "Create topics at ")
    startText = text
  }

  /// `qrquiz live ARGUMENTS…` on `library`'s topics, with `home`'s data folder.
  package static func live(
    _ arguments: [String], library: TemporaryDirectory, cache: TemporaryDirectory, home: TemporaryDirectory
  ) throws -> ServeProcess {
    var given = arguments
    // A topic named as in the library is played from its file there.
    if let topic = given.first, !topic.hasPrefix("-") {
      given[0] = library.url.appendingPathComponent(topic + ".json").path
    }
    return try ServeProcess(
      given + ["--cache-dir", cache.url.path], environment: home.qrquizEnvironment, command: "live")
  }

  /// The server's resident memory, now and at its peak, in megabytes (the kernel's VmRSS
  /// and VmHWM).
  package var memory: (current: Double, peak: Double) {
    let status = (try? String(contentsOfFile: "/proc/\(process.pid)/status", encoding: .utf8)) ?? ""
    func value(_ name: String) -> Double {
      let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
      return (Double(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
    }
    return (value("VmRSS"), value("VmHWM"))
  }

  /// What the server wrote to standard error so far.
  package var errorText: String {
    (try? String(contentsOf: output.url.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
  }

  deinit { kill() }

  /// Kills the server at once (SIGKILL: nothing of it runs after), as a crash would.
  package func kill() {
    process.killNow()
  }

  /// Waits until `done` holds (asked every 50 ms: a request to the server, say), for as long
  /// as the server runs and does not hang (``HangLimit``).
  package func wait(until done: () throws -> Bool) rethrows -> ChildProcess.WaitOutcome {
    try process.wait(until: done, pause: 50_000)
  }

  /// Sends the server `number` (SIGINT, SIGTERM) and waits for it to end: its exit status,
  /// or nil when it hangs instead (``HangLimit``).
  package func stop(with number: Int32) -> Int32? {
    process.send(number)
    return process.wait() ? process.terminationStatus : nil
  }

  /// The teacher's token, from the teacher's address it printed.
  package var teacherToken: String? {
    guard let range = startText.range(of: "?token=") else { return nil }
    return String(startText[range.upperBound...].prefix { $0.isHexDigit })
  }

  package func request(
    _ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = [],
    from source: String = "127.0.0.1", host: String? = nil
  ) throws -> HTTPProbe.Response {
    try HTTPProbe.request(
      port: port, method: method, path: path, headers: headers, body: body, from: source, host: host)
  }

  /// POSTs the JSON `body` to `path`, as the teacher of bearer `token` when given: the
  /// status, and the answer parsed (`.null` when it is not JSON).
  package func postJSON(_ path: String, _ body: String, token: String? = nil) throws
    -> (status: Int, json: JSONValue)
  {
    var headers = ["Content-Type": "application/json"]
    if let token { headers["Authorization"] = "Bearer \(token)" }
    let response = try request("POST", path, headers: headers, body: Array(body.utf8))
    return (response.status, (try? JSONParser.parse(response.body)) ?? .null)
  }
}

/// A bare HTTP/1.1 client on a socket: exactly the bytes a test wants to send, and the
/// response as it came, so tests can send what no well-behaved client would.
package enum HTTPProbe {
  package struct Response {
    package var status: Int
    /// Header values by lower-cased name (the last of repeated ones); all Set-Cookie lines.
    package var headers: [String: String]
    package var cookies: [String]
    package var body: [UInt8]
    package var text: String { String(decoding: body, as: UTF8.self) }
  }

  package struct Failure: Error, CustomStringConvertible {
    package var description: String
  }

  package static func request(
    port: Int, method: String, path: String, headers: [String: String] = [:], body: [UInt8] = [],
    from source: String = "127.0.0.1", host: String? = nil
  ) throws -> Response {
    // `host`: the `Host` header a client sends instead of this server's (DNS rebinding).
    var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    if !body.isEmpty || method == "POST" || method == "PUT" { head += "Content-Length: \(body.count)\r\n" }
    let bytes = try exchange(port: port, Array((head + "\r\n").utf8) + body, from: source)
    return try parse(bytes)
  }

  /// Sends `bytes` and reads the answer: until it is whole (its head and the body its
  /// Content-Length says) or the server closes, however long a busy machine makes that
  /// (at most `timeout` seconds: a hang, never a pace).
  package static func exchange(
    port: Int, _ bytes: [UInt8], timeout: Double = HangLimit.inProcessSeconds, from source: String = "127.0.0.1"
  ) throws -> [UInt8] {
    let socket = try connect(port: port, from: source)
    defer { close(socket) }
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if count <= 0 { break }  // the server may close early (413): read what it said
      sent += count
    }
    return readAll(socket, timeout: timeout, until: isWhole)
  }

  /// Whether `bytes` hold a whole final answer: a head (after any 1xx ones) and as many
  /// bytes after it as its Content-Length says. An answer without one ends when the server
  /// closes.
  package static func isWhole(_ bytes: [UInt8]) -> Bool {
    // Heads are small: only the first 64 KiB is searched for them, whatever the body's size.
    let heads = bytes.prefix(65536)
    var start = 0
    while let end = heads[start...].firstRange(of: [13, 10, 13, 10]) {
      let head = String(decoding: bytes[start..<end.lowerBound], as: UTF8.self).lowercased()
      if head.hasPrefix("http/1.1 1") || head.hasPrefix("http/1.0 1") {
        start = end.upperBound
        continue
      }
      let lengthLine = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
      guard
        let length = lengthLine.flatMap({
          Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
        })
      else { return false }
      return bytes.count - end.upperBound >= length
    }
    return false
  }

  /// A connection to 127.0.0.1:`port` from loopback address `source` (127.0.0.2, … are this
  /// machine too: clients with addresses of their own).
  package static func connect(port: Int, from source: String = "127.0.0.1") throws -> Int32 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw Failure(description: "socket failed") }
    var local = sockaddr_in()
    local.sin_family = sa_family_t(AF_INET)
    local.sin_addr.s_addr = inet_addr(source)
    let bound = withUnsafePointer(to: &local) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0 else {
      close(socket)
      throw Failure(description: "cannot bind to \(source)")
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      close(socket)
      throw Failure(description: "cannot connect to port \(port)")
    }
    return socket
  }

  /// Everything the peer sends until it closes, or `done` says it is all, or `timeout`
  /// seconds pass.
  package static func readAll(_ socket: Int32, timeout: Double, until done: ([UInt8]) -> Bool = { _ in false })
    -> [UInt8]
  {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline, !done(received) {
      var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) >= 0 else { break }
      if poller.revents == 0 { continue }
      let count = recv(socket, &buffer, buffer.count, 0)
      if count <= 0 { break }
      received += buffer[..<count]
    }
    return received
  }

  package static func parse(_ bytes: [UInt8]) throws -> Response {
    let separator: [UInt8] = [13, 10, 13, 10]
    guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else {
      throw Failure(description: "no complete response: \(String(decoding: bytes.prefix(200), as: UTF8.self))")
    }
    let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
    let statusParts = lines[0].split(separator: " ")
    guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
      throw Failure(description: "bad status line \(lines[0])")
    }
    var headers: [String: String] = [:]
    var cookies: [String] = []
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      headers[name] = value
      if name == "set-cookie" { cookies.append(value) }
    }
    return Response(status: status, headers: headers, cookies: cookies, body: Array(bytes[(end + 4)...]))
  }
}
