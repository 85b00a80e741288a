import Foundation
import QRQuiz
import QRQuizLocking
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuizServer

/// `qrquiz serve` against a hostile student on the classroom network: clients that start
/// plays in a loop, trickle bytes, hold every connection, search with megabytes of words,
/// send what HTTP forbids; and a library folder holding what is not a topic. Each with its
/// time and memory measured.
@Suite(.serialized, .tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct ServeTrustTests {
  /// A library of one topic with a set of `questions` questions.
  static func bigLibrary(questions: Int) throws -> TemporaryDirectory {
    let library = try TemporaryDirectory()
    var generator = TopicGenerator(seed: 3)
    let set = (0..<questions).map { _ in generator.question(answers: 4) }
    let topic = Topic(options: .init(name: "Big"), sets: [set])
    try Data(topic.normalizedJSON.utf8).write(to: library.url.appendingPathComponent("Big.json"))
    return library
  }

  @Test func thousandsOfPlaysOfAHugeSetStayBoundedAndNeverEndAnother() throws {
    let library = try Self.bigLibrary(questions: 5000)
    let cache = try TemporaryDirectory()
    let server = try ServeProcess([library.url.path, "--cache-dir", cache.url.path])
    // A student's play, in progress, from an address of its own.
    let mine = try #require(try server.request("GET", "/play/Big/1", from: "127.0.0.200").headers["location"])
    let before = server.memory.current
    let started = Date()
    var statuses: [Int: Int] = [:]
    // 2,000 plays from one address: its share, then 429; none takes another's place.
    for _ in 0..<2000 {
      statuses[try server.request("GET", "/play/Big/1").status, default: 0] += 1
    }
    // And 1,900 more from 19 other addresses.
    for address in 2...20 {
      for _ in 0..<100 { _ = try server.request("GET", "/play/Big/1", from: "127.0.0.\(address)") }
    }
    let seconds = Date().timeIntervalSince(started)
    #expect(statuses[303] == 128 && statuses[429] == 2000 - 128, "\(statuses)")
    #expect(try server.request("GET", mine).text.contains("id=\"question\""), "the first play was dropped")
    let grown = server.memory.current - before
    // Before: 2,000 plays of a 5,000-question set took 2.5 GB (each copied the set).
    #expect(grown < SanitizerAllowance.memory(150), "\(grown) MB for 2,028 plays")
    print("plays: 3,900 requests in \(seconds) s; the server grew by \(grown) MB")
  }

  @Test func aSearchOfMegabytesOfWordsHoldsUpNobody() throws {
    let library = try Self.bigLibrary(questions: 5000)
    let cache = try TemporaryDirectory()
    let server = try ServeProcess([library.url.path, "--cache-dir", cache.url.path])
    let query = "/?q=" + String(repeating: "kalomi+", count: 1400)  // 10 KB of one word, and more
    let words = "/?q=" + (0..<2000).map { "w\($0)" }.joined(separator: "+")
    let done = DispatchSemaphore(value: 0)
    let searches = Counter()
    let port = server.port
    for path in [query, words] {
      Thread.detachNewThread {
        for _ in 0..<10 {
          if (try? HTTPProbe.request(port: port, method: "GET", path: path))?.status == 200 { searches.add() }
        }
        done.signal()
      }
    }
    // A third client, meanwhile: answered while the searches are still going, every time.
    var answeredDuringSearches = 0
    for _ in 0..<20 {
      #expect(try server.request("GET", "/t/Big.json").status == 200)
      if searches.value < 20 { answeredDuringSearches += 1 }
    }
    for _ in 0..<2 { #expect(done.wait(timeout: .now() + HangLimit.inProcessSeconds) == .success) }
    #expect(searches.value == 20)
    // Before: two 10 KB queries left a third client unanswered for 19.7 s, until they were
    // done. Now its answers come between theirs: at least its first ones come while they
    // still run (an ordering, not seconds: a slower machine slows both alike).
    #expect(answeredDuringSearches > 0, "the third client waited for every search")
    print("search: \(answeredDuringSearches) of 20 answers to a third client came while the searches ran")
  }

  @Test func clientsTricklingBytesAreCutOff() throws {
    let library = try Self.bigLibrary(questions: 10)
    let cache = try TemporaryDirectory()
    let server = try ServeProcess([
      library.url.path, "--cache-dir", cache.url.path, "--idle-timeout", "2", "--request-timeout", "3",
    ])
    // One byte at most a second (the client's pace: each byte waits a second for the
    // server's word): never idle for 2 s, never done either. The bound is a count: the
    // request timeout (3 s) lets through a few bytes at that pace, however busy the
    // machine (a slower client sends fewer), never the whole request (before the watchdog,
    // every byte was taken, one a second, for as long as the client liked).
    func trickle(_ bytes: [UInt8]) throws -> (sent: Int, answer: [UInt8]) {
      let socket = try HTTPProbe.connect(port: server.port)
      defer { close(socket) }
      var sent = 0
      for byte in bytes {
        if send(socket, [byte], 1, Int32(MSG_NOSIGNAL)) != 1 { break }
        sent += 1
        var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        if poll(&poller, 1, 1000) > 0 { break }  // the server answered or closed
      }
      return (sent, HTTPProbe.readAll(socket, timeout: 2))
    }
    let headerBytes = Array(
      "GET /t/Big.json HTTP/1.1\r\nHost: x\r\nX-Slow: \(String(repeating: "a", count: 40))\r\n\r\n".utf8)
    let header = try trickle(headerBytes)
    #expect(header.sent <= 10 && header.sent < headerBytes.count, "\(header.sent) bytes taken")
    #expect(!String(decoding: header.answer, as: UTF8.self).contains("200 OK"))
    // The body's time grows with its declared length at the minimum rate: 60 bytes add
    // nothing to speak of.
    let bodyBytes = Array(
      "POST /new HTTP/1.1\r\nHost: x\r\nContent-Length: 60\r\n\r\n\(String(repeating: "a", count: 60))".utf8)
    let body = try trickle(bodyBytes)
    #expect(body.sent <= 10 && body.sent < bodyBytes.count, "\(body.sent) bytes taken")
    print("a header trickled in was cut off after \(header.sent) bytes, a body after \(body.sent)")
    #expect(try server.request("GET", "/").status == 200)
  }

  @Test func oneAddressCannotTakeEveryConnection() throws {
    let library = try Self.bigLibrary(questions: 10)
    let cache = try TemporaryDirectory()
    let server = try ServeProcess([library.url.path, "--cache-dir", cache.url.path])
    // 200 idle connections from one address: libmicrohttpd takes 128 of them.
    var sockets: [Int32] = []
    defer { for socket in sockets { close(socket) } }
    for _ in 0..<200 { sockets.append(try HTTPProbe.connect(port: server.port)) }
    // Every other address is still answered.
    for address in ["127.0.0.2", "127.0.0.3"] {
      #expect(try server.request("GET", "/t/Big.json", from: address).status == 200)
    }
  }

  @Test func refusalsCarryTheSecurityHeadersAndCloseTheConnection() throws {
    let library = try Self.bigLibrary(questions: 10)
    let cache = try TemporaryDirectory()
    let server = try ServeProcess([library.url.path, "--cache-dir", cache.url.path, "--allow-edit"])
    /// Sends `text` in 64 KiB pieces, stopping as soon as the server answers (as a client
    /// sending a body does), then reads the answer.
    func exchange(_ text: String) throws -> HTTPProbe.Response {
      let socket = try HTTPProbe.connect(port: server.port)
      defer { close(socket) }
      let bytes = Array(text.utf8)
      var sent = 0
      while sent < bytes.count {
        var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        if poll(&poller, 1, 0) > 0 { break }
        let piece = bytes[sent..<min(bytes.count, sent + 65536)]
        let count = piece.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if count <= 0 { break }
        sent += count
      }
      return try HTTPProbe.parse(
        HTTPProbe.readAll(socket, timeout: HangLimit.inProcessSeconds, until: HTTPProbe.isWhole))
    }
    var chunked = "POST /new HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
    for _ in 0..<20 { chunked += "10000\r\n" + String(repeating: "a", count: 65536) + "\r\n" }
    chunked += "0\r\n\r\n"
    let refusals: [(String, Int)] = [
      ("POST /new HTTP/1.1\r\nHost: x\r\nContent-Length: 2000000\r\n\r\n", 413),
      ("GET / HTTP/1.1\r\nHost: x\r\nX-Filler: \(String(repeating: "x", count: 20 * 1024))\r\n\r\n", 431),
      (
        "POST /new HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 40\r\n\r\nabcGET / HTTP/1.1\r\nHost: x\r\n\r\n",
        400
      ),
      ("GET / HTTP/1.1\r\n\r\n", 400),
      // Bodies without a Content-Length are refused before any of them is read.
      (chunked, 411),
      (
        "POST /new HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n\(String(repeating: "9", count: 40))\r\nabc\r\n",
        411
      ),
      // Heads past the connection's memory, and a version it does not speak: libmicrohttpd
      // answers these itself, and they carry the server's headers too.
      ("GET / HTTP/1.1\r\nHost: x\r\nX-Filler: \(String(repeating: "x", count: 40 * 1024))\r\n\r\n", 431),
      ("GET / HTTP/1.1\r\nHost: x\r\nX-Filler: \(String(repeating: "x", count: 2 << 20))\r\n\r\n", 431),
      ("GET / HTTP/9.9\r\nHost: x\r\n\r\n", 505),
    ]
    for (request, status) in refusals {
      let response = try exchange(request)
      #expect(response.status == status, "\(request.prefix(60)): \(response.status)")
      #expect(response.headers["content-security-policy"] == SecurityHeaders.contentSecurityPolicy, "\(status)")
      #expect(response.headers["x-content-type-options"] == "nosniff", "\(status)")
      #expect(response.headers["x-frame-options"] == "DENY", "\(status)")
      #expect(response.headers["connection"] == "close", "\(status)")
      // One answer: the rest of the bytes were not read as a second request.
      #expect(!response.text.contains("HTTP/1.1 2"), "\(status)")
    }
    // HTTP/1.0 needs no Host.
    #expect(try exchange("GET /t/Big.json HTTP/1.0\r\n\r\n").status == 200)
  }

  @Test func whatIsNotATopicInTheFolderIsSkippedWithItsReason() throws {
    let library = try Self.bigLibrary(questions: 3)
    let outside = try TemporaryDirectory()
    try Data(try Data(contentsOf: library.url.appendingPathComponent("Big.json"))).write(
      to: outside.url.appendingPathComponent("Secret.json"))
    #expect(mkfifo(library.path("Pipe.json"), 0o644) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: library.path("Leak.json"), withDestinationPath: outside.path("Secret.json"))
    try FileManager.default.createSymbolicLink(atPath: library.path("Alias.json"), withDestinationPath: "Big.json")
    // A file whose name is not UTF-8 (the byte 0xFF).
    var name = Array(library.url.path.utf8) + Array("/Bad".utf8) + [0xFF] + Array(".json".utf8) + [0]
    let descriptor = name.withUnsafeMutableBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
    }
    #expect(descriptor >= 0)
    close(descriptor)
    let cache = try TemporaryDirectory()
    // Starts at once: the FIFO is never opened for reading.
    let server = try ServeProcess([library.url.path, "--cache-dir", cache.url.path])
    let said = server.errorText
    #expect(said.contains("skipped: Pipe.json: not a regular file"), "\(said)")
    #expect(
      said.contains(
        "skipped: Leak.json: a link to \(outside.url.resolvingSymlinksInPath().path)/Secret.json, outside the topic library"
      ), "\(said)")
    #expect(said.contains("the file name is not UTF-8"), "\(said)")
    #expect(try server.request("GET", "/t/Leak").status == 404)
    #expect(try server.request("GET", "/t/Alias").status == 200)
  }
}

/// A count several threads add to.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func add() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}

/// Idle event streams against a live game: however many students hold open, the host and
/// the moves of the game's players get through.
@Suite(.serialized, .tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct ServeStreamFloodTests {
  @Test func thousandsOfIdleStreamsFromManyAddressesLeaveTheGamePlayable() throws {
    let home = try TemporaryDirectory()
    let (library, cache) = try LiveLibrary.make()
    let server = try ServeProcess(
      [library.url.path, "--cache-dir", cache.url.path], environment: home.qrquizEnvironment)
    let token = try #require(server.teacherToken)
    func post(_ path: String, _ body: String, from source: String = "127.0.0.1", headers: [String: String] = [:])
      throws -> (status: Int, json: JSONValue)
    {
      let response = try HTTPProbe.request(
        port: server.port, method: "POST", path: path,
        headers: ["Content-Type": "application/json"].merging(headers) { $1 }, body: Array(body.utf8), from: source)
      return (response.status, (try? JSONParser.parse(response.body)) ?? .null)
    }
    func string(_ value: JSONValue?) -> String { if case .string(let text)? = value { text } else { "" } }
    let made = try post(
      "/api/live", #"{"topic":"Capitals","set":1,"seconds":600,"max_players":10000}"#,
      headers: ["Authorization": "Bearer \(token)"])
    try #require(made.status == 201)
    let pin = string(made.json["pin"])
    let host = string(made.json["host"])

    // Bots of the game, 55 on each of 39 addresses (within the join limit), two streams
    // each: 4,290 streams, more than the server's 4,096 connections. Before, they took
    // every connection and the game froze.
    var bots: [(address: String, secret: String)] = []
    for number in 2...40 {
      let address = "127.0.0.\(number)"
      for bot in 0..<55 {
        let joined = try post("/api/live/\(pin)/players", #"{"name":"b\#(number)-\#(bot)"}"#, from: address)
        try #require(joined.status == 201, "join \(bots.count): \(joined.json)")
        bots.append((address, string(joined.json["secret"])))
      }
    }
    var held: [EventStreamClient] = []
    var refused = 0
    for bot in bots {
      for _ in 0..<2 {
        let stream = try EventStreamClient(
          port: server.port, path: "/api/live/\(pin)/events?secret=\(bot.secret)", from: bot.address)
        if stream.status == 200 {
          held.append(stream)
        } else {
          #expect(stream.status == 503 && stream.head.lowercased().contains("retry-after"), "\(stream.head)")
          refused += 1
        }
      }
    }
    // The streams' share: three quarters of the connections, less the hosts' reserve.
    #expect(held.count == 4096 * 3 / 4 - 64, "\(held.count) held, \(refused) refused")
    #expect(held.count + refused == bots.count * 2)

    // With every one of them still open: a new host stream, a new player, the host's
    // next, an answer, and the answered count on the projector.
    let projector = try EventStreamClient(port: server.port, path: "/api/live/\(pin)/events?secret=\(host)")
    #expect(projector.status == 200)
    try projector.waitForEvent { $0.name == "lobby" }
    let newcomer = try post("/api/live/\(pin)/players", #"{"name":"Ada"}"#)
    #expect(newcomer.status == 201)
    #expect(try post("/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#).status == 200)
    try projector.waitForEvent { $0.name == "question" }
    let answer = try post(
      "/api/live/\(pin)/answers", #"{"secret":"\#(string(newcomer.json["secret"]))","question":0,"answers":[0]}"#)
    #expect(answer.status == 202)
    try projector.waitForEvent {
      $0.name == "answered" && $0.data["answered"] == .number(1)
    }
    held.removeAll()
  }
}

/// Live moves against the editor's heaviest work: big saves and picture uploads run on a
/// lane of their own, so an answer never queues behind them.
@Suite(.serialized, .tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct ServeLaneTests {
  /// Sends `bytes` on a new connection, says so through `sent`, then reads the answer
  /// (a bound against a hang only, not the test's measure).
  static func exchange(port: Int, _ bytes: [UInt8], sent: DispatchSemaphore) -> Int {
    guard let socket = try? HTTPProbe.connect(port: port) else { return -1 }
    defer { close(socket) }
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if count <= 0 { break }
      offset += count
    }
    sent.signal()
    return (try? HTTPProbe.parse(HTTPProbe.readAll(socket, timeout: HangLimit.inProcessSeconds)))?.status ?? -1
  }

  static func request(_ method: String, _ path: String, port: Int, headers: [String: String], body: [UInt8])
    -> [UInt8]
  {
    var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    head += "Content-Length: \(body.count)\r\n\r\n"
    return Array(head.utf8) + body
  }

  @Test func anAnswerIsAcknowledgedWhileBigSavesAndUploadsAreStillInFlight() throws {
    let home = try TemporaryDirectory()
    let (library, cache) = try LiveLibrary.make()
    // A topic of 40,000 questions (2.5 MB, under the editor's limit), saved over itself.
    let questions = (0..<40_000).map { number in
      Topic.Question(question: "Question \(number)?", answers: ["Yes \(number)", "No"], correctAnswers: [0])
    }
    let big = Topic(
      options: .init(name: "Big"),
      sets: stride(from: 0, to: questions.count, by: 8).map {
        Array(questions[$0..<min($0 + 8, questions.count)])
      })
    let bigJSON = Array(big.normalizedJSON.utf8)
    try #require(bigJSON.count < 4 << 20, "\(bigJSON.count) bytes")
    try Data(bigJSON).write(to: library.url.appendingPathComponent("Big.json"))
    let server = try ServeProcess(
      [library.url.path, "--cache-dir", cache.url.path, "--allow-edit"], environment: home.qrquizEnvironment)
    let token = try #require(server.teacherToken)
    let teacher = ["Authorization": "Bearer \(token)"]
    func post(_ path: String, _ body: String, headers: [String: String] = [:]) throws -> (status: Int, json: JSONValue)
    {
      let response = try server.request(
        "POST", path, headers: ["Content-Type": "application/json"].merging(headers) { $1 }, body: Array(body.utf8))
      return (response.status, (try? JSONParser.parse(response.body)) ?? .null)
    }
    func string(_ value: JSONValue?) -> String { if case .string(let text)? = value { text } else { "" } }
    let made = try post("/api/live", #"{"topic":"Capitals","set":1,"seconds":600}"#, headers: teacher)
    try #require(made.status == 201)
    let pin = string(made.json["pin"])
    let ada = string(try post("/api/live/\(pin)/players", #"{"name":"Ada"}"#).json["secret"])
    #expect(try post("/api/live/\(pin)/next", #"{"secret":"\#(string(made.json["host"]))"}"#).status == 200)

    // Two saves of the big topic and 14 uploads of a photo, all sent before the answer:
    // together the bulk lane's 16 places, so none is refused whatever order they arrive in
    // (with more, uploads arriving first could take the saves' places).
    let photo = try Fixtures.bytes("jpeg/photo-gps-6.jpg")
    let finished = Locked<[(what: String, status: Int)]>([])
    let sent = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    var requests: [(String, [UInt8])] = []
    for _ in 0..<2 {
      requests.append(
        (
          "save",
          Self.request(
            "PUT", "/api/topics/Big", port: server.port,
            headers: teacher.merging(["If-Match": "*", "Content-Type": "application/json"]) { $1 }, body: bigJSON)
        ))
    }
    for _ in 0..<14 {
      requests.append(
        (
          "upload",
          Self.request(
            "POST", "/api/images", port: server.port,
            headers: teacher.merging(["Content-Type": "image/jpeg"]) { $1 }, body: photo)
        ))
    }
    let port = server.port
    for (what, bytes) in requests {
      Thread.detachNewThread {
        let status = Self.exchange(port: port, bytes, sent: sent)
        finished.withLock { $0.append((what, status)) }
        done.signal()
      }
    }
    for _ in requests { #expect(sent.wait(timeout: .now() + HangLimit.inProcessSeconds) == .success) }
    let answer = try post("/api/live/\(pin)/answers", #"{"secret":"\#(ada)","question":0,"answers":[0]}"#)
    finished.withLock { $0.append(("answer", answer.status)) }
    #expect(answer.status == 202, "\(answer.json)")
    for _ in requests { #expect(done.wait(timeout: .now() + HangLimit.inProcessSeconds) == .success) }

    let order = finished.withLock { $0 }
    let answered = try #require(order.firstIndex { $0.what == "answer" })
    // The saves share one bulk thread: the second waits for the first. The answer, on the
    // live lane, was acknowledged before the second save was done (before, both saves and
    // the uploads filled the two responder threads and the answer waited behind them).
    let saves = order.indices.filter { order[$0].what == "save" }
    #expect(saves.count == 2 && answered < saves[1], "\(order.map(\.what))")
    #expect(order.filter { $0.what == "save" }.allSatisfy { $0.status == 200 }, "\(order)")
    #expect(order.filter { $0.what == "upload" }.allSatisfy { $0.status == 201 }, "\(order)")
  }
}
