/// What answers a server's requests.
public protocol HTTPResponder: Sendable {
  /// How `request` is answered: at once, on the server's own thread (bytes in memory,
  /// bounded work), or later, from a task while the connection waits (disk, CPU, other
  /// services). Called once per request, on one of the server's threads.
  func answer(_ request: HTTPRequest) -> HTTPAnswer

  /// The most bytes of body a request to `path` with `method` may send, asked when its
  /// headers arrive (larger gets 413 before any of it is read); `nil` for the server's
  /// ``HTTPServer/Configuration/bodyLimit``.
  func bodyLimit(method: String, path: String) -> Int?
}

extension HTTPResponder {
  public func bodyLimit(method: String, path: String) -> Int? { nil }
}

/// How a request is answered.
public enum HTTPAnswer: Sendable {
  /// This response, now.
  case now(HTTPResponse)
  /// The response this work makes, run on the threads of `lane` while the connection is
  /// suspended (no thread of the server waits for it).
  case later(lane: ResponderLane = .standard, @Sendable () async -> HTTPResponse)
  /// An endless answer: `head`'s status and headers (its body is not sent), then what is
  /// written to the stream `opened` is handed, as long as the client listens (server-sent
  /// events). No thread waits while nothing is written. A stream past the server's share
  /// of streams is refused (503) unless `priority` gives it reserved room.
  case stream(
    head: HTTPResponse, priority: StreamPriority = .ordinary, opened: @Sendable (any EventSink) -> Void)

  /// The answer with `transform` applied to its response (a stream's head), whenever that
  /// is made.
  public func map(_ transform: @escaping @Sendable (HTTPResponse) -> HTTPResponse) -> HTTPAnswer {
    switch self {
    case .now(let response): .now(transform(response))
    case .later(let lane, let work): .later(lane: lane) { transform(await work()) }
    case .stream(let head, let priority, let opened):
      .stream(head: transform(head), priority: priority, opened: opened)
    }
  }

  /// The response, made now if it is to be made later (tests, other transports); a
  /// stream's head.
  public func response() async -> HTTPResponse {
    switch self {
    case .now(let response): response
    case .later(_, let work): await work()
    case .stream(let head, _, _): head
    }
  }
}

/// Which threads make a later answer. Each lane has threads and a queue of its own, so
/// work of one never waits behind another's: a live game's moves are not held up by a
/// save of a big topic or a picture's upload.
public enum ResponderLane: Sendable, Equatable, CaseIterable {
  /// Pages, the library, results: most answers.
  case standard
  /// A live game's moves: small, bounded, and waited for by a class.
  case live
  /// Big bodies and heavy work (editor saves, picture uploads): bounded, and past its
  /// bound a request is refused (503) rather than queued.
  case bulk
}

/// Whether an event stream may use the room the server keeps for streams that must get
/// through (a game's host) when ordinary streams have taken their share.
public enum StreamPriority: Sendable, Equatable {
  case ordinary
  case reserved
}

/// Where an endless answer's bytes go: a client's connection (``HTTPServer``), or whatever
/// else carries them (a test's recorder).
public protocol EventSink: AnyObject, Sendable {
  /// Sends `bytes` after what was sent before; false once the client is gone (or too far
  /// behind: it was cut off, and reconnects).
  @discardableResult
  func send(_ bytes: [UInt8]) -> Bool
  /// Ends the answer once what was sent is delivered.
  func close()
  /// Whether the client is gone.
  var isFinished: Bool { get }
}
