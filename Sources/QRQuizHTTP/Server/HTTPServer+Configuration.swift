extension HTTPServer {
  /// Where and how to listen.
  public struct Configuration: Sendable {
    /// A numeric IPv4 or IPv6 address; `127.0.0.1` keeps the server on this machine.
    public var address: String
    /// The port; 0 for any free one.
    public var port: Int
    /// Threads parsing requests.
    public var threads: Int
    /// Connections at once, in all.
    public var connectionLimit: Int
    /// Connections at once from one client address.
    public var connectionsPerAddress: Int
    /// Event streams at once, in all (`nil`: three quarters of ``connectionLimit``, less
    /// the reserved ones): the connections left always answer requests, however many
    /// streams clients hold open. Past it a stream gets 503.
    public var streamLimit: Int?
    /// Event streams at once from one address (`nil`: half of ``connectionsPerAddress``, so
    /// the address keeps connections for its requests).
    public var streamsPerAddress: Int?
    /// Event streams kept for those the responder marks ``StreamPriority/reserved`` (a
    /// game's host), above ``streamLimit`` (`nil`: an eighth of ``connectionLimit``, at
    /// most 64).
    public var reservedStreams: Int?
    /// Requests of the ``ResponderLane/bulk`` lane at once (being made or waiting for its
    /// thread); more get 503.
    public var bulkRequestLimit: Int
    /// Seconds a connection may be idle before it is closed.
    public var idleTimeout: Int
    /// Seconds to receive a whole request (request line, headers, body) from when the
    /// connection opens or its previous answer was sent; a body adds its length at
    /// ``minimumRate``. Also the longest a keep-alive connection waits for its next request.
    public var requestTimeout: Double
    /// Seconds to send a whole answer, plus its length at ``minimumRate``.
    public var responseTimeout: Double
    /// Bytes a second a client must keep up sending a body or reading an answer.
    public var minimumRate: Double
    /// Bytes for a request's line and headers; more gets 431.
    public var headerLimit: Int
    /// Bytes of request body, unless the responder says otherwise for a route; more gets
    /// 413 before any of it is read. A body sent without a `Content-Length` (chunked) gets
    /// 411, also before it is read.
    public var bodyLimit: Int
    /// Bytes of request bodies held at once, in all: each body is held whole before its
    /// route runs, so this is the most memory bodies take; past it, a request gets 503.
    public var bodyMemoryLimit: Int
    /// Headers every answer the server makes itself carries (its 400, 413, 431, 503); the
    /// responder's answers carry their own.
    public var headersOnEveryAnswer: [(name: String, value: String)]
    /// PEM certificate and private key, for HTTPS.
    public var tls: (certificate: String, key: String)?
    /// The names and addresses requests must be for (their `Host`); any other gets 421
    /// before its route is looked at. `nil` answers any (a server of tests, or behind a
    /// proxy that checks).
    public var hostNames: HostNames?
    /// The proxies whose `X-Forwarded-For` names the client (``TrustedProxies``): the
    /// address every per-address limit counts by. None by default: the peer is the client.
    public var trustedProxies: TrustedProxies = .none

    /// A configuration; the defaults suit a server on this machine for a few clients.
    public init(
      address: String = "127.0.0.1", port: Int = 8080, threads: Int = 2, connectionLimit: Int = 512,
      connectionsPerAddress: Int = 128, streamLimit: Int? = nil, streamsPerAddress: Int? = nil,
      reservedStreams: Int? = nil, bulkRequestLimit: Int = 16, idleTimeout: Int = 15, requestTimeout: Double = 10,
      responseTimeout: Double = 10, minimumRate: Double = 16 * 1024, headerLimit: Int = 16 * 1024,
      bodyLimit: Int = 1 << 20, bodyMemoryLimit: Int = 256 << 20,
      headersOnEveryAnswer: [(name: String, value: String)] = [],
      tls: (certificate: String, key: String)? = nil, hostNames: HostNames? = nil
    ) {
      self.address = address
      self.port = port
      self.threads = threads
      self.connectionLimit = connectionLimit
      self.connectionsPerAddress = connectionsPerAddress
      self.streamLimit = streamLimit
      self.streamsPerAddress = streamsPerAddress
      self.reservedStreams = reservedStreams
      self.bulkRequestLimit = bulkRequestLimit
      self.idleTimeout = idleTimeout
      self.requestTimeout = requestTimeout
      self.responseTimeout = responseTimeout
      self.minimumRate = minimumRate
      self.headerLimit = headerLimit
      self.bodyLimit = bodyLimit
      self.bodyMemoryLimit = bodyMemoryLimit
      self.headersOnEveryAnswer = headersOnEveryAnswer
      self.tls = tls
      self.hostNames = hostNames
    }
  }
}

extension HTTPServer.Configuration {
  /// The header limit in force: at least 4 KiB.
  var effectiveHeaderLimit: Int { max(4096, headerLimit) }

  /// Bytes of memory per connection: twice the header limit, at least 32 KiB.
  /// libmicrohttpd answers 431 itself when headers overflow it, so between the two the
  /// server's own 431 (with its headers) comes first.
  var connectionMemory: Int { max(32768, effectiveHeaderLimit * 2) }
}

extension HTTPServer.Configuration {
  /// The streams' shares in force: reserved and ordinary streams together take at most
  /// three quarters of the connections (and an address's ordinary ones half of its share),
  /// so a quarter is always left for requests.
  var streamAdmission: StreamAdmission {
    let connections = max(1, connectionLimit)
    let reserved = reservedStreams ?? min(64, connections / 8)
    let limit = streamLimit ?? max(1, connections * 3 / 4 - reserved)
    return StreamAdmission(
      limit: limit, perAddress: streamsPerAddress ?? max(1, connectionsPerAddress / 2), reserved: reserved)
  }
}
