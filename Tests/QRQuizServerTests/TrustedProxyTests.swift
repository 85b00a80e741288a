import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizServer

/// `X-Forwarded-For` believed from a trusted proxy only (`serve --trusted-proxy`): the
/// client is the right-most address a trusted proxy did not write; from any other peer the
/// header is a stranger's text and ignored, so nobody picks the address the limits count.
@Suite struct TrustedProxyTests {
  /// Answers every request with the client's address as the server took it.
  struct EchoAddress: HTTPResponder {
    func answer(_ request: HTTPRequest) -> HTTPAnswer {
      .now(HTTPResponse(status: 200, body: Array(request.clientAddress.utf8)))
    }
  }

  @Test func theRightMostUntrustedEntryIsTheClient() {
    let proxies = TrustedProxies(["127.0.0.1", "10.0.0.2", "[::1]"])
    #expect(proxies.client(peer: "127.0.0.1", forwardedFor: "203.0.113.9") == "203.0.113.9")
    // What the client wrote stays left of what the proxy appended: never believed.
    #expect(proxies.client(peer: "127.0.0.1", forwardedFor: "6.6.6.6, 203.0.113.9") == "203.0.113.9")
    // Through two trusted proxies: past both.
    #expect(proxies.client(peer: "127.0.0.1", forwardedFor: "6.6.6.6, 203.0.113.9, 10.0.0.2") == "203.0.113.9")
    #expect(proxies.client(peer: "::1", forwardedFor: " 2001:DB8::0:1 ") == "2001:db8::1")
    // Garbage where the proxy's own entry should be: the proxy itself, never a guess.
    #expect(proxies.client(peer: "127.0.0.1", forwardedFor: "203.0.113.9, not-an-address") == "127.0.0.1")
    #expect(proxies.client(peer: "127.0.0.1", forwardedFor: "203.0.113.9:4711") == "127.0.0.1")
    #expect(proxies.client(peer: "127.0.0.1", forwardedFor: nil) == "127.0.0.1")
    #expect(proxies.client(peer: "127.0.0.1", forwardedFor: "10.0.0.2") == "127.0.0.1")
    // An untrusted peer's header is nobody's word.
    #expect(proxies.client(peer: "198.51.100.7", forwardedFor: "203.0.113.9") == "198.51.100.7")
    #expect(TrustedProxies.none.client(peer: "127.0.0.1", forwardedFor: "203.0.113.9") == "127.0.0.1")
    #expect(TrustedProxies.isAddress("::ffff:127.0.0.1") && !TrustedProxies.isAddress("localhost"))
  }

  @Test func aRealServerBelievesTheTrustedPeerAlone() throws {
    var configuration = HTTPServer.Configuration(port: 0)
    configuration.trustedProxies = TrustedProxies(["127.0.0.1"])
    let server = try HTTPServer(configuration: configuration, responder: EchoAddress())
    defer { server.stop(timeout: 1) }
    func client(from source: String, _ headers: [String: String]) throws -> String {
      try HTTPProbe.request(port: server.port, method: "GET", path: "/", headers: headers, from: source).text
    }
    #expect(try client(from: "127.0.0.1", ["X-Forwarded-For": "6.6.6.6, 203.0.113.9"]) == "203.0.113.9")
    #expect(try client(from: "127.0.0.1", [:]) == "127.0.0.1")
    // A hostile client on another address names whoever it likes: it stays itself.
    #expect(try client(from: "127.0.0.2", ["X-Forwarded-For": "203.0.113.9"]) == "127.0.0.2")
    // Two headers from the proxy: the client's first one is not the one kept.
    let twice =
      "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n"
      + "X-Forwarded-For: 6.6.6.6\r\nX-Forwarded-For: 203.0.113.9\r\n\r\n"
    let answer = String(decoding: try HTTPProbe.exchange(port: server.port, Array(twice.utf8)), as: UTF8.self)
    #expect(answer.hasSuffix("\r\n\r\n203.0.113.9"), "\(answer)")
  }

  @Test func withoutATrustedProxyTheHeaderIsIgnored() throws {
    let server = try HTTPServer(configuration: .init(port: 0), responder: EchoAddress())
    defer { server.stop(timeout: 1) }
    let answer = try HTTPProbe.request(
      port: server.port, method: "GET", path: "/", headers: ["X-Forwarded-For": "203.0.113.9"], from: "127.0.0.1")
    #expect(answer.text == "127.0.0.1")
  }

  /// The limits per address behind a trusted proxy: each client its own budget of joins,
  /// and a hostile peer that is not the proxy cannot buy more by naming others.
  @Test func theLimitsPerAddressCountEachClientBehindTheProxy() throws {
    let (library, _) = try LiveLibrary.make()
    let app = QuizWebApp(
      topics: .library(TopicLibrary(directory: library.url)),
      configuration: .init(publicURL: "http://127.0.0.1:8080"),
      live: LiveGames(store: nil, clock: ManualClock().clock, joinBurst: 3, runsTicker: false))
    var configuration = HTTPServer.Configuration(port: 0)
    configuration.trustedProxies = TrustedProxies(["127.0.0.1"])
    let server = try HTTPServer(configuration: configuration, responder: app)
    defer { server.stop(timeout: 1) }
    func join(from source: String, forwardedFor: String) throws -> Int {
      try HTTPProbe.request(
        port: server.port, method: "POST", path: "/api/live/000000/players",
        headers: ["Content-Type": "application/json", "X-Forwarded-For": forwardedFor],
        body: Array(#"{"name":"Ada"}"#.utf8), from: source
      ).status
    }
    // One client behind the proxy uses its budget up…
    #expect(try (0..<3).map { _ in try join(from: "127.0.0.1", forwardedFor: "203.0.113.1") } == [404, 404, 404])
    #expect(try join(from: "127.0.0.1", forwardedFor: "203.0.113.1") == 429)
    // …and the next one behind the same proxy still has its own.
    #expect(try join(from: "127.0.0.1", forwardedFor: "6.6.6.6, 203.0.113.2") == 404)
    // A peer that is no proxy names someone new each time: it is itself all the same.
    let hostile = try (0..<4).map { try join(from: "127.0.0.2", forwardedFor: "198.51.100.\($0)") }
    #expect(hostile == [404, 404, 404, 429], "\(hostile)")
  }
}
