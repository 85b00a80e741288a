internal import CQRQuizHTTP
import Foundation

/// An event stream's connection: bytes written are sent as the client takes them; while
/// nothing is written the connection waits, suspended (no thread waits, no loop spins),
/// until the next write resumes it.
final class HTTPEventStream: EventSink, @unchecked Sendable {
  /// Bytes a client may be behind before it is cut off (it reconnects and starts afresh).
  static let backlogLimit = 256 * 1024

  // The fields below `lock` are touched only while it is held; the connection is
  // libmicrohttpd's, alive until it frees the stream's response.
  private let lock = NSLock()
  private let connection: OpaquePointer
  private let streams: OpenStreams
  /// Its place among the server's streams, given back when it is freed.
  let place: StreamAdmission.Place
  private var backlog = StreamBacklog(limit: HTTPEventStream.backlogLimit)
  /// The connection is suspended, waiting for a write.
  private var suspended = false
  /// No more writes: the stream ends once what waits is sent.
  private var closed = false
  /// libmicrohttpd is done with it: the client is gone, or the stream ended.
  private var finished = false

  init(connection: OpaquePointer, streams: OpenStreams, place: StreamAdmission.Place) {
    self.connection = connection
    self.streams = streams
    self.place = place
  }

  @discardableResult
  func send(_ bytes: [UInt8]) -> Bool {
    lock.withLock {
      guard !closed, !finished else { return false }
      if !backlog.append(bytes) { closed = true }
      resumeIfWaiting()
      return !closed
    }
  }

  func close() {
    lock.withLock {
      closed = true
      if !finished { resumeIfWaiting() }
    }
  }

  var isFinished: Bool { lock.withLock { finished } }

  /// libmicrohttpd asks for bytes, on its thread: what waits, else the end once closed,
  /// else nothing, with the connection suspended until the next write (in the lock, so a
  /// write cannot come between and find it not yet suspended).
  func read(into buffer: UnsafeMutablePointer<UInt8>, capacity: Int, length: inout Int) -> CQRQuizHTTP_stream_read {
    lock.withLock {
      length = backlog.take(into: buffer, capacity: capacity)
      if length > 0 { return .bytes }
      if closed { return .ended }
      suspended = true
      CQRQuizHTTP_suspend(connection)
      return .waiting
    }
  }

  /// libmicrohttpd is done with the stream's response: the connection is closing.
  func freed() {
    lock.withLock {
      finished = true
      closed = true
    }
    streams.remove(self)
  }

  private func resumeIfWaiting() {
    guard suspended else { return }
    suspended = false
    CQRQuizHTTP_resume(connection)
  }
}

/// A server's open event streams, within their ``StreamAdmission``: ended (their
/// connections resumed) when it stops, since libmicrohttpd must not stop with a connection
/// still suspended; a stream opened after that is ended at once.
final class OpenStreams: @unchecked Sendable {
  // Touched only under `lock`.
  private let lock = NSLock()
  private var streams: [ObjectIdentifier: HTTPEventStream] = [:]
  private var admission: StreamAdmission
  private var stopping = false
  /// How many are open, for the stop to wait on.
  let count = WaitableCount()

  init(admission: StreamAdmission) { self.admission = admission }

  /// A place for a stream from `address`, or `nil` when the streams have their share.
  func admit(from address: String, priority: StreamPriority) -> StreamAdmission.Place? {
    lock.withLock { admission.admit(from: address, priority: priority) }
  }

  /// Gives back a place taken for a stream that was not opened after all.
  func release(_ place: StreamAdmission.Place) {
    lock.withLock { admission.release(place) }
  }

  /// Keeps `stream` until libmicrohttpd frees it.
  func add(_ stream: HTTPEventStream) {
    let ended = lock.withLock {
      streams[ObjectIdentifier(stream)] = stream
      count.increment()
      return stopping
    }
    if ended { stream.close() }
  }

  /// Forgets a stream libmicrohttpd freed, and gives back its place.
  func remove(_ stream: HTTPEventStream) {
    let removed = lock.withLock {
      guard streams.removeValue(forKey: ObjectIdentifier(stream)) != nil else { return false }
      admission.release(stream.place)
      return true
    }
    if removed { count.decrement() }
  }

  /// Ends every stream, and every one opened from now on.
  func closeAll() {
    let open = lock.withLock {
      stopping = true
      return Array(streams.values)
    }
    for stream in open { stream.close() }
  }
}
