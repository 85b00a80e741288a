internal import CQRQuizHTTP
import Foundation
import QRQuizLocking

/// What a server's libmicrohttpd events need (``ServerHooks``): the responder, the limits
/// and times requests are held to, the connections' deadlines, the bodies held, the
/// requests suspended and the streams open, and the counts its stop waits on.
final class ServerState: Sendable {
  let responder: any HTTPResponder
  /// The body limit of a request no route takes.
  let bodyLimit: Int
  let headerLimit: Int
  /// The names requests must be for (`nil`: any).
  let hostNames: HostNames?
  /// The proxies whose `X-Forwarded-For` names the client.
  let trustedProxies: TrustedProxies
  let times: TransferTimes
  /// Headers every answer the server makes itself carries.
  let headersOnEveryAnswer: [(name: String, value: String)]
  let watchdog = Watchdog()
  let bodies: BodyBudget
  let suspended = SuspendedRequests()
  let streams: OpenStreams
  /// Bulk-lane requests at most at once (being made or waiting for their thread).
  let bulkLimit: Int
  /// Bulk-lane requests now.
  private let bulkInFlight = Locked(0)
  /// Requests begun whose answer is not sent yet (nor their connection closed).
  let openRequests = WaitableCount()

  init(configuration: HTTPServer.Configuration, responder: some HTTPResponder) {
    self.responder = responder
    bodyLimit = max(0, configuration.bodyLimit)
    headerLimit = configuration.effectiveHeaderLimit
    hostNames = configuration.hostNames
    trustedProxies = configuration.trustedProxies
    times = TransferTimes(
      requestTimeout: max(0.5, configuration.requestTimeout), responseTimeout: max(0.5, configuration.responseTimeout),
      minimumRate: max(1, configuration.minimumRate))
    headersOnEveryAnswer = configuration.headersOnEveryAnswer
    bodies = BodyBudget(limit: max(1, configuration.bodyMemoryLimit))
    streams = OpenStreams(admission: configuration.streamAdmission)
    bulkLimit = max(1, configuration.bulkRequestLimit)
  }

  // MARK: Requests

  /// A request's headers arrived: it is checked (and refused at once if it must be), and
  /// its body's limit and memory are reserved before any of it is read. False when the
  /// connection must close (a refusal could not be queued).
  func began(_ request: IncomingRequest) -> Bool {
    guard admit(request) else { return false }
    // Counted until libmicrohttpd says it is finished (a request closed at once never is).
    openRequests.increment()
    return true
  }

  /// The checks of `began`.
  private func admit(_ request: IncomingRequest) -> Bool {
    let head = request.head
    let limit = responder.bodyLimit(method: head.method, path: head.path) ?? bodyLimit
    switch head.verdict(headerLimit: headerLimit, bodyLimit: limit, hosts: hostNames) {
    case .refuse(let refusal):
      return refuse(request, refusal)
    case .accept(let declared):
      request.body = IncomingBody(limit: limit)
      guard let declared else { return true }
      guard request.body.reserve(declaredLength: declared, in: bodies) else { return refuse(request, .busy) }
      // A body of this length may take its time, at the minimum rate.
      watchdog.extendDeadline(.init(request.connection), by: times.toSendBody(of: declared))
      return true
    }
  }

  /// A piece of the body arrived: kept, unless the request was answered or is to be refused.
  func bodyArrived(_ request: IncomingRequest, _ piece: UnsafeRawBufferPointer) {
    guard !request.handled else { return }
    request.body.append(piece, budget: bodies)
  }

  /// The request arrived whole: refused if its body was, else handed to the responder.
  /// False when the connection must close (no answer could be queued).
  func arrived(_ request: IncomingRequest) -> Bool {
    guard !request.handled else { return true }
    if let refusal = request.body.refusal { return refuse(request, refusal) }
    request.handled = true
    // From here the time is the responder's, not the client's.
    watchdog.setDeadline(.init(request.connection), in: nil)
    return answer(request)
  }

  /// libmicrohttpd is done with `request` (`nil`: none had begun): its body memory given
  /// back, and the connection's next request has the request timeout to arrive whole.
  func finished(_ request: IncomingRequest?, on connection: OpaquePointer) {
    watchdog.setDeadline(.init(connection), in: times.toSendRequest)
    guard let request else { return }
    bodies.release(request.body.reserved)
    openRequests.decrement()
  }

  /// The responder's answer to `request`: sent now, later from a task on the responder
  /// threads while the connection is suspended, or as a stream. False when none could be
  /// queued.
  private func answer(_ incoming: IncomingRequest) -> Bool {
    let connection = incoming.connection
    // Behind a trusted proxy the client is the one its header names; else the peer.
    let client = trustedProxies.client(
      peer: Self.clientAddress(connection), forwardedFor: incoming.header("x-forwarded-for"))
    let request = incoming.request(clientAddress: client)
    switch responder.answer(request) {
    case .now(let response):
      return send(response, to: connection)
    case .stream(let head, let priority, let opened):
      // Its place is taken before anything is made: past the streams' share the request
      // is refused, and the connection goes back to answering requests.
      guard let place = streams.admit(from: request.clientAddress, priority: priority) else {
        return send(ServerRefusal.tooManyStreams.response(headers: headersOnEveryAnswer), to: connection)
      }
      let stream = HTTPEventStream(connection: connection, streams: streams, place: place)
      guard let made = NativeResponse(stream: stream, headers: head.headers) else {
        streams.release(place)
        return send(ServerRefusal.stopping.response(headers: headersOnEveryAnswer), to: connection)
      }
      streams.add(stream)
      // A stream has no deadline: it lasts as long as the client listens (one that stops
      // reading is closed by the idle timeout, or by its backlog's limit).
      watchdog.setDeadline(.init(connection), in: nil)
      // Queued or not, the response is libmicrohttpd's now: a refused one is freed
      // (ending the stream) as it is dropped here, and writes to it then fail.
      let queued = CQRQuizHTTP_queue(connection, UInt32(clamping: head.status), made.pointer)
      opened(stream)
      return queued == .done
    case .later(let lane, let work):
      // The bulk lane is bounded: past it a request is refused, never queued for ever.
      if lane == .bulk, !takeBulkPlace() {
        return send(ServerRefusal.busy.response(headers: headersOnEveryAnswer), to: connection)
      }
      guard let number = suspended.suspend(connection) else {
        if lane == .bulk { bulkInFlight.withLock { $0 -= 1 } }
        return send(ServerRefusal.stopping.response(headers: headersOnEveryAnswer), to: connection)
      }
      Task(executorPreference: ResponderThreads.of(lane)) {
        let response = await work()
        if lane == .bulk { self.bulkInFlight.withLock { $0 -= 1 } }
        self.suspended.answer(number) { self.send(response, to: $0, resuming: true) }
      }
      return true
    }
  }

  /// Takes a place in the bulk lane, unless it is full.
  private func takeBulkPlace() -> Bool {
    bulkInFlight.withLock { count in
      guard count < bulkLimit else { return false }
      count += 1
      return true
    }
  }

  // MARK: Answers

  /// Queues `response` on `connection`, giving the client the time to take it; `resuming`
  /// a connection suspended while it was made. Whether it was queued.
  @discardableResult
  func send(_ response: HTTPResponse, to connection: OpaquePointer, resuming: Bool = false) -> Bool {
    var queued = false
    if let native = response.native ?? NativeResponse(response) {
      watchdog.setDeadline(.init(connection), in: times.toTakeAnswer(of: native.length))
      queued = CQRQuizHTTP_queue(connection, UInt32(clamping: response.status), native.pointer) == .done
    }
    if resuming { CQRQuizHTTP_resume(connection) }
    return queued
  }

  /// Answers `request` with the server's own refusal; the rest of it is not read.
  private func refuse(_ request: IncomingRequest, _ refusal: ServerRefusal) -> Bool {
    request.handled = true
    return send(refusal.response(headers: headersOnEveryAnswer), to: request.connection)
  }

  /// Answers every request still waiting with 503, and suspends no more.
  func answerEveryoneWaiting() {
    let stopping = ServerRefusal.stopping.response(headers: headersOnEveryAnswer)
    suspended.answerAll { send(stopping, to: $0, resuming: true) }
  }

  private static func clientAddress(_ connection: OpaquePointer) -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
      CQRQuizHTTP_client_address(connection, buffer.baseAddress, buffer.count)
      return String(cString: buffer.baseAddress!)
    }
  }
}

extension Watchdog.Connection {
  /// libmicrohttpd's connection, by its address.
  init(_ connection: OpaquePointer) { address = UInt(bitPattern: connection) }
}
