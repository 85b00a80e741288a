internal import CQRQuizHTTP

/// The functions libmicrohttpd's events reach through the shim, on its threads: each finds
/// the server's ``ServerState`` in the hooks' context and hands it the event. Static members
/// of a nonisolated type, as C callbacks must be (a closure of top-level code would be
/// main-actor isolated, and trap on libmicrohttpd's threads).
enum ServerHooks {
  /// The hooks of `state`, which must outlive the daemon.
  static func hooks(for state: Unmanaged<ServerState>) -> CQRQuizHTTP_hooks {
    CQRQuizHTTP_hooks(
      context: state.toOpaque(), connection_opened: connectionOpened, connection_closed: connectionClosed,
      request_began: requestBegan, body_arrived: bodyArrived, request_arrived: requestArrived,
      request_finished: requestFinished, unescape: unescape)
  }

  private static func state(_ context: UnsafeMutableRawPointer?) -> ServerState {
    Unmanaged<ServerState>.fromOpaque(context!).takeUnretainedValue()
  }

  private static func incoming(_ request: UnsafeMutableRawPointer?) -> IncomingRequest {
    Unmanaged<IncomingRequest>.fromOpaque(request!).takeUnretainedValue()
  }

  private static let connectionOpened: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, Int32) -> Void = {
    context, connection, socket in
    guard let connection else { return }
    let state = state(context)
    state.watchdog.opened(.init(connection), socket: socket, seconds: state.times.toSendRequest)
  }

  private static let connectionClosed: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?) -> Void = {
    context, connection in
    guard let connection else { return }
    state(context).watchdog.closed(.init(connection))
  }

  private static let requestBegan:
    @convention(c) (
      UnsafeMutableRawPointer?, OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?
    ) -> UnsafeMutableRawPointer? = { context, connection, method, path, version in
      guard let connection, let method, let path else { return nil }
      let request = IncomingRequest(
        connection: connection, method: String(cString: method), path: String(cString: path),
        version: version.map { String(cString: $0) } ?? "")
      // Kept by libmicrohttpd until the request is finished.
      let retained = Unmanaged.passRetained(request)
      guard state(context).began(request) else {
        retained.release()
        return nil
      }
      return retained.toOpaque()
    }

  private static let bodyArrived:
    @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, Int) -> CQRQuizHTTP_next =
      {
        context, request, bytes, length in
        guard let bytes else { return .proceed }
        state(context).bodyArrived(incoming(request), UnsafeRawBufferPointer(start: bytes, count: length))
        return .proceed
      }

  private static let requestArrived:
    @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> CQRQuizHTTP_next = {
      context, request in
      state(context).arrived(incoming(request)) ? .proceed : .close
    }

  private static let requestFinished:
    @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = {
      context, connection, request in
      guard let connection else { return }
      let owned = request.map { Unmanaged<IncomingRequest>.fromOpaque($0) }
      state(context).finished(owned?.takeUnretainedValue(), on: connection)
      owned?.release()
    }

  private static let unescape: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<CChar>?) -> Int = {
    _, text in
    guard let text else { return 0 }
    return PercentDecoding.decode(inPlace: text)
  }
}
