import Foundation
import QRQuizLocking
import QRQuizTestSupport
import Testing

@testable import QRQuizHTTP

/// The rules the HTTP server holds clients to, in process: they were C in the shim, out of
/// reach of a test; now each is a Swift value the server only applies.
@Suite struct HTTPPolicyTests {
  func head(_ headers: [(String, String)], version: String = "HTTP/1.1") -> RequestHead {
    var head = RequestHead(method: "POST", path: "/api/topics/Rivers", version: version)
    for (name, value) in headers { head.count(header: name, value: value) }
    return head
  }

  @Test func aRequestsHeadIsRefusedForWhatHTTPForbidsAndItsSizes() {
    let host = ("host", "x")
    #expect(head([host]).verdict(headerLimit: 4096, bodyLimit: 100) == .accept(declaredLength: nil))
    #expect(
      head([host, ("content-length", "100")]).verdict(headerLimit: 4096, bodyLimit: 100) == .accept(declaredLength: 100)
    )
    #expect(
      head([host, ("content-length", "101")]).verdict(headerLimit: 4096, bodyLimit: 100) == .refuse(.bodyTooLarge))
    // Two lengths, even equal ones: the second may be read as a second request's start.
    #expect(
      head([host, ("content-length", "3"), ("content-length", "3")]).verdict(headerLimit: 4096, bodyLimit: 100)
        == .refuse(.twoContentLengths))
    for bad in ["", "abc", "-1", "+5", " 5", "1e3", "99999999999999999999999"] {
      #expect(
        head([host, ("content-length", bad)]).verdict(headerLimit: 4096, bodyLimit: 100) == .refuse(.badContentLength),
        "\(bad)")
    }
    // Any Transfer-Encoding, with a length beside it or not: a body must come with its length.
    for headers in [
      [host, ("transfer-encoding", "chunked")], [host, ("content-length", "3"), ("transfer-encoding", "chunked")],
    ] {
      #expect(head(headers).verdict(headerLimit: 4096, bodyLimit: 100) == .refuse(.lengthRequired), "\(headers)")
    }
    #expect(head([]).verdict(headerLimit: 4096, bodyLimit: 100) == .refuse(.noHost))
    #expect(head([], version: "HTTP/1.0").verdict(headerLimit: 4096, bodyLimit: 100) == .accept(declaredLength: nil))
    // The size: the request line and every header, as the limit counts them.
    let filler = String(repeating: "x", count: 4000)
    let large = head([host, ("x-filler", filler)])
    #expect(large.size == "POST".count + "/api/topics/Rivers".count + 12 + (4 + 1 + 4) + (8 + filler.count + 4))
    #expect(large.verdict(headerLimit: large.size, bodyLimit: 100) == .accept(declaredLength: nil))
    #expect(large.verdict(headerLimit: large.size - 1, bodyLimit: 100) == .refuse(.headersTooLarge))
  }

  @Test func theServersOwnAnswersSayWhyCarryItsHeadersAndClose() {
    let refusals: [(ServerRefusal, Int)] = [
      (.headersTooLarge, 431), (.twoContentLengths, 400), (.badContentLength, 400), (.noHost, 400),
      (.bodyTooLarge, 413), (.lengthRequired, 411), (.busy, 503), (.stopping, 503),
    ]
    for (refusal, status) in refusals {
      let response = refusal.response(headers: [("X-Frame-Options", "DENY")])
      #expect(response.status == status)
      #expect(response.header("x-frame-options") == "DENY" && response.header("connection") == "close")
      #expect(!response.body.isEmpty && response.body.last == UInt8(ascii: "\n"))
    }
  }

  @Test func aChunkedBodyGrowsWithinItsLimitAndTheServersMemory() {
    let budget = BodyBudget(limit: 20_000)
    var body = IncomingBody(limit: 10_000)
    let piece = [UInt8](repeating: 65, count: 3000)
    piece.withUnsafeBytes { body.append($0, budget: budget) }
    // Room reserved by doubling from 4 KiB, as the body grows.
    #expect(body.bytes.count == 3000 && body.reserved == 4096 && budget.bytesHeld == 4096)
    piece.withUnsafeBytes { body.append($0, budget: budget) }
    #expect(body.bytes.count == 6000 && body.reserved == 8192)
    piece.withUnsafeBytes { body.append($0, budget: budget) }
    // Never past the limit.
    #expect(body.bytes.count == 9000 && body.reserved == 10_000 && body.refusal == nil)
    piece.withUnsafeBytes { body.append($0, budget: budget) }
    #expect(body.refusal == .bodyTooLarge && body.bytes.count == 9000)
    // Once refused, the rest is dropped.
    [UInt8(1)].withUnsafeBytes { body.append($0, budget: budget) }
    #expect(body.bytes.count == 9000)

    // A second body finds the server's memory taken.
    var second = IncomingBody(limit: 50_000)
    [UInt8](repeating: 66, count: 12_000).withUnsafeBytes { second.append($0, budget: budget) }
    #expect(second.refusal == .busy && second.bytes.isEmpty)
    budget.release(body.reserved)
    #expect(budget.bytesHeld == 0)
  }

  @Test func aDeclaredBodyIsReservedWholeWhenItsHeadersArrive() {
    let budget = BodyBudget(limit: 1000)
    var first = IncomingBody(limit: 800)
    let reserved = first.reserve(declaredLength: 700, in: budget)
    #expect(reserved)
    [UInt8](repeating: 1, count: 700).withUnsafeBytes { first.append($0, budget: budget) }
    #expect(first.bytes.count == 700 && first.reserved == 700 && first.refusal == nil)
    var second = IncomingBody(limit: 800)
    let refused = !second.reserve(declaredLength: 400, in: budget)
    #expect(refused)
    #expect(budget.bytesHeld == 700 && second.reserved == 0)
  }

  @Test func percentDecodingKeepsNULEncoded() {
    func decoded(_ text: String) -> String { String(decoding: PercentDecoding.decode(Array(text.utf8)), as: UTF8.self) }
    #expect(decoded("/t/Social%20Studies.json") == "/t/Social Studies.json")
    #expect(decoded("/t/Quiz%00.json") == "/t/Quiz%00.json")
    #expect(decoded("/t/%C3%A9t%C3%A9") == "/t/été")
    #expect(decoded("/t/..%2F..") == "/t/../..")
    for kept in ["%", "%4", "%zz", "%%41", "a%g1"] {
      #expect(decoded(kept) == (kept == "%%41" ? "%A" : kept), "\(kept)")
    }
    // In place, as libmicrohttpd hands the shim its C strings.
    var text = Array("/t/a%2Bb%00".utf8CString)
    let length = text.withUnsafeMutableBufferPointer { PercentDecoding.decode(inPlace: $0.baseAddress!) }
    let decoded = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    #expect(length == 9 && decoded == "/t/a+b%00")
  }

  @Test func theWatchdogCutsWhatIsPastItsDeadlineAndNothingClosed() {
    let clock = Locked(100.0)
    let watchdog = Watchdog(now: { clock.withLock { $0 } })
    let slow = Watchdog.Connection(address: 1)
    let busy = Watchdog.Connection(address: 2)
    let gone = Watchdog.Connection(address: 3)
    watchdog.opened(slow, socket: 11, seconds: 10)
    watchdog.opened(busy, socket: 12, seconds: 10)
    watchdog.opened(gone, socket: 13, seconds: 10)
    // The responder works on busy's request: no deadline; a body declared moves slow's on.
    watchdog.setDeadline(busy, in: nil)
    watchdog.extendDeadline(slow, by: 5)
    watchdog.closed(gone)
    var shut: [Int32] = []
    #expect(watchdog.cutExpired(at: 112) { shut.append($0) } == 0)
    #expect(watchdog.cutExpired(at: 115.5) { shut.append($0) } == 1)
    #expect(shut == [11] && watchdog.connectionsCut == 1)
    // Cut once: its deadline is gone until it is given another.
    #expect(watchdog.cutExpired(at: 1000) { shut.append($0) } == 0)
    #expect(watchdog.deadline(of: slow) == nil && watchdog.count == 2)
    watchdog.setDeadline(busy, in: 2)
    #expect(watchdog.deadline(of: busy) == 102)
  }

  @Test func transferTimesGrowWithWhatIsSent() {
    let times = TransferTimes(requestTimeout: 10, responseTimeout: 5, minimumRate: 1000)
    #expect(times.toSendRequest == 10)
    #expect(times.toSendBody(of: 3000) == 3)
    #expect(times.toTakeAnswer(of: 2000) == 7)
  }

  @Test func aStreamsBacklogIsBoundedAndTakenInOrder() {
    var backlog = StreamBacklog(limit: 10)
    let first = backlog.append(Array("abcdef".utf8))
    #expect(first)
    var buffer = [UInt8](repeating: 0, count: 4)
    let taken = buffer.withUnsafeMutableBufferPointer { backlog.take(into: $0.baseAddress!, capacity: 4) }
    #expect(taken == 4)
    #expect(String(decoding: buffer, as: UTF8.self) == "abcd" && backlog.count == 2)
    let second = backlog.append(Array("ghijklmn".utf8))
    #expect(second)
    #expect(backlog.count == 10)
    // One byte more than a client may be behind: nothing is kept.
    let third = backlog.append([0])
    #expect(!third)
    #expect(backlog.count == 0)
    let none = buffer.withUnsafeMutableBufferPointer { backlog.take(into: $0.baseAddress!, capacity: 4) }
    #expect(none == 0)
  }

  @Test func streamsTakeAShareOfTheConnectionsWithRoomKeptForTheHost() {
    var admission = StreamAdmission(limit: 5, perAddress: 3, reserved: 2)
    // One address: its share, then no more, while another address still gets in.
    let first = (0..<3).map { _ in admission.admit(from: "10.0.0.2", priority: .ordinary) }
    #expect(first.allSatisfy { $0 == .ordinary(address: "10.0.0.2") })
    #expect(admission.admit(from: "10.0.0.2", priority: .ordinary) == nil)
    #expect(admission.admit(from: "10.0.0.3", priority: .ordinary) != nil)
    #expect(admission.admit(from: "10.0.0.4", priority: .ordinary) != nil)
    // Every ordinary place taken: the host's streams have their own room, from any address.
    #expect(admission.admit(from: "10.0.0.5", priority: .ordinary) == nil)
    #expect(admission.admit(from: "10.0.0.2", priority: .reserved) == .reserved)
    #expect(admission.admit(from: "10.0.0.2", priority: .reserved) == .reserved)
    #expect(admission.admit(from: "10.0.0.9", priority: .reserved) == nil)
    #expect(admission.ordinaryOpen == 5 && admission.reservedOpen == 2)
    // A place given back is taken again, by its address or another.
    admission.release(.ordinary(address: "10.0.0.2"))
    #expect(admission.admit(from: "10.0.0.2", priority: .ordinary) == .ordinary(address: "10.0.0.2"))
    admission.release(.ordinary(address: "10.0.0.3"))
    admission.release(.reserved)
    #expect(admission.admit(from: "10.0.0.9", priority: .reserved) == .reserved)
    #expect(admission.admit(from: "10.0.0.9", priority: .ordinary) == .ordinary(address: "10.0.0.9"))
    // The server's shares: streams and their reserve keep a quarter of the connections
    // for requests, and an address keeps half of its share.
    let shares = HTTPServer.Configuration(connectionLimit: 4160, connectionsPerAddress: 256).streamAdmission
    #expect(shares.limit + shares.reserved == 4160 * 3 / 4 && shares.reserved == 64 && shares.perAddress == 128)
  }

  @Test func aCountIsWaitedOnUntilItIsZero() async {
    let count = WaitableCount()
    #expect(count.waitUntilZero(before: Date()))
    count.increment()
    #expect(!count.waitUntilZero(before: Date()))
    let waiter = Task.detached { count.waitUntilZero(before: Date().addingTimeInterval(60)) }
    count.decrement()
    #expect(await waiter.value)
  }

  @Test func aRoutesBodyLimitIsTheServersWhenItsHeadersArrive() {
    var router = Router()
    router.add(
      .put, "/big", "takes a lot", access: .anyone, bodyLimit: .mebibytes(4),
      .immediate { _ in HTTPResponse(status: 204) })
    router.add(.get, "/small", "takes the standard", access: .anyone, .immediate { _ in HTTPResponse(status: 204) })
    #expect(router.bodyLimit(method: "PUT", path: "/big") == 4 << 20)
    #expect(router.bodyLimit(method: "HEAD", path: "/small") == BodyLimit.standard.bytes)
    // No route takes these: the server's own limit applies.
    #expect(router.bodyLimit(method: "POST", path: "/big") == nil)
    #expect(router.bodyLimit(method: "GET", path: "/nothing") == nil)
    #expect("\(BodyLimit.mebibytes(4)) \(BodyLimit.kibibytes(16)) \(BodyLimit(bytes: 300))" == "4 MiB 16 KiB 300 bytes")
  }
  /// An identity only the test's access can make.
  struct Keyholder: Sendable {
    let name: String
  }

  @Test func aRoutesAccessRunsBeforeItsHandlerWhichGetsTheIdentity() async {
    let runs = Locked<[String]>([])
    let keyholder = Access<RouteRequest, Keyholder>("whoever has the key (`?key=`)") { request in
      guard let key = request.request.query["key"] else { return .answered(HTTPResponse(status: 401)) }
      return key == "k" ? .admitted(Keyholder(name: "Ada")) : .answered(HTTPResponse(status: 403))
    }
    var router = Router()
    router.add(
      .get, "/now", "at once", access: keyholder,
      .immediate { _, holder in
        runs.withLock { $0.append("now " + holder.name) }
        return HTTPResponse(status: 204)
      })
    router.add(
      .post, "/later", "on a responder", access: keyholder,
      .deferred { _, holder in
        runs.withLock { $0.append("later " + holder.name) }
        return HTTPResponse(status: 204)
      })
    func status(_ method: String, _ path: String, _ query: [String: String]) async -> Int {
      switch router.answer(HTTPRequest(method: method, path: path, query: query)) {
      case .now(let response): response.status
      case .later(_, let work): await work().status
      case .stream(let head, _, _): head.status
      }
    }
    #expect(await status("GET", "/now", [:]) == 401)
    #expect(await status("GET", "/now", ["key": "x"]) == 403)
    #expect(await status("POST", "/later", ["key": "x"]) == 403)
    #expect(runs.withLock { $0 }.isEmpty)
    #expect(router.admits(HTTPRequest(method: "GET", path: "/now", query: ["key": "x"])) == false)
    #expect(router.admits(HTTPRequest(method: "GET", path: "/now", query: ["key": "k"])) == true)
    #expect(router.admits(HTTPRequest(method: "GET", path: "/elsewhere")) == nil)
    #expect(runs.withLock { $0 }.isEmpty, "checking an access runs no handler")
    #expect(await status("GET", "/now", ["key": "k"]) == 204)
    #expect(await status("POST", "/later", ["key": "k"]) == 204)
    #expect(runs.withLock { $0 } == ["now Ada", "later Ada"])
    #expect(router.routes.map(\.identity) == ["Keyholder", "Keyholder"])
    #expect(router.documentation.contains("| GET, HEAD | `/now` | at once | whoever has the key (`?key=`) | 1 MiB |"))
  }

  @Test func aHostNameTheServerIsNotReachedByIsMisdirected() {
    let lan = HostNames(listeningOn: "192.168.1.20", others: ["quiz.school.example", "192.168.1.20"])
    for good in [
      "localhost", "localhost:8080", "LOCALHOST.:8080", "127.0.0.1:8080", "[::1]:8080", "192.168.1.20:8080",
      "quiz.school.example", "Quiz.School.Example.:443",
    ] {
      #expect(lan.admits(good), "\(good)")
      #expect(
        head([("host", good)]).verdict(headerLimit: 4096, bodyLimit: 100, hosts: lan) == .accept(declaredLength: nil))
    }
    // Rebound names, lookalikes, other addresses (the server listens on one), and what no
    // client sends: each refused before any route is looked at.
    for bad in [
      "attacker.example:8080", "attacker.example", "quiz.school.example.attacker.example", "localhost.attacker.example",
      "10.0.0.1:8080", "192.168.1.200", "", ":8080", "localhost:80x", "[::1", "user@localhost", "localhost/x",
      "127.0.0.1.nip.io",
    ] {
      #expect(!lan.admits(bad), "\(bad)")
      #expect(head([("host", bad)]).verdict(headerLimit: 4096, bodyLimit: 100, hosts: lan) == .refuse(.misdirected))
    }
    // The first Host counts; a second cannot smuggle a name in.
    #expect(
      head([("host", "attacker.example"), ("host", "localhost")]).verdict(headerLimit: 4096, bodyLimit: 100, hosts: lan)
        == .refuse(.misdirected))
    // Listening on every address: any address typed as numbers (it cannot be rebound), no other name.
    let every = HostNames(listeningOn: "0.0.0.0")
    #expect(every.admits("10.1.2.3:8080") && every.admits("[fe80::1]:8080") && every.admits("localhost"))
    #expect(!every.admits("attacker.example:8080") && !every.admits("999.1.2.3") && !every.admits("1.2.3"))
    // Without names (a library server of tests), any Host is answered as before.
    #expect(
      head([("host", "attacker.example")]).verdict(headerLimit: 4096, bodyLimit: 100) == .accept(declaredLength: nil))
    #expect(ServerRefusal.misdirected.status == 421)
  }
}
