import Foundation
import QRQuiz
import QRQuizClassroom
import QRQuizHTTP

/// A live game's event streams: the host's (a projector, the teacher's laptop) and each
/// player's, what each is sent, and when the last write was (keep-alives follow it). A value
/// its ``LiveRoom`` holds under its lock; writing only copies bytes to a connection's backlog,
/// so nothing here waits for a client.
///
/// Streams are kept by audience too, so a stream opened (a phone reconnecting) touches only
/// its own audience's few, never all of them: thousands of phones reconnecting at once
/// used to scan every stream each time under the game's lock, and a new player's join
/// waited behind them.
struct LiveStreams {
  /// Who a stream is for.
  enum Audience: Hashable {
    case host
    case player(Int)
    /// A device asking to continue as a player, by its ticket (``LiveRejoins``): told
    /// nothing of the game until the host allows it.
    case waiting(String)
  }

  final class Stream {
    let sink: any EventSink
    /// Who it is for: a waiting device's stream becomes its player's once allowed.
    var audience: Audience
    /// Closed by the game, or found finished: no longer written to or counted.
    var isEnded = false

    init(sink: any EventSink, audience: Audience) {
      self.sink = sink
      self.audience = audience
    }
  }

  /// Streams one player may hold (a reconnect before the old one is noticed gone, a
  /// second tab): a newer stream ends the oldest past it.
  static let perPlayer = 2
  /// Streams of the host (the projector, the teacher's laptop, a phone, a second
  /// projector): a newer one ends the oldest past it.
  static let ofTheHost = 4

  /// Every open stream, in the order they were opened.
  private var streams: [Stream] = []
  /// The same streams by audience, oldest first: a few each.
  private var byAudience: [Audience: [Stream]] = [:]
  /// Streams in `streams` ended since it was last compacted.
  private var ended = 0
  private var lastEventID: UInt64
  /// When a stream was last written to.
  private(set) var lastWrite: QuizClock.Instant

  init(now: QuizClock.Instant) {
    lastWrite = now
    // Event numbers go on from the wall clock's milliseconds, so they keep increasing
    // across a restart of the server too.
    lastEventID = UInt64(max(0, Date().timeIntervalSince1970 * 1000))
  }

  /// Streams open now.
  var count: Int { streams.count - ended }

  /// Adds a stream, its first event the game's state as `writer` writes it: a client that
  /// reconnects needs nothing else. An audience's oldest streams past its share are ended.
  mutating func subscribe(
    _ sink: any EventSink, as audience: Audience, writer: (UInt64) -> LiveRoom.EventWriter,
    rejoined: (secret: String, name: String)? = nil
  ) {
    var same = byAudience[audience] ?? []
    for gone in same where gone.sink.isFinished { end(gone) }
    same.removeAll { $0.isEnded }
    let allowed =
      switch audience {
      case .host: Self.ofTheHost
      case .player: Self.perPlayer
      case .waiting: 1
      }
    while same.count >= allowed {
      let old = same.removeFirst()
      old.sink.close()
      end(old)
    }
    let stream = Stream(sink: sink, audience: audience)
    same.append(stream)
    byAudience[audience] = same
    streams.append(stream)
    compactIfMostlyEnded()
    if let rejoined { sink.send(rejoinedEvent(rejoined.secret, name: rejoined.name)) }
    lastEventID += 1
    var events = writer(lastEventID)
    sink.send(events.state(for: audience))
  }

  /// The host allowed the device of `ticket` to continue as player `id`: the player's
  /// streams (the old device) are told `replaced` and end; the waiting device's are told
  /// `rejoined` with the new secret and follow the game as the player from now on.
  /// Whether a waiting device's stream got the secret.
  mutating func replace(
    player id: Int, waiting ticket: String, secret: String, name: String, writer: (UInt64) -> LiveRoom.EventWriter
  ) -> Bool {
    lastEventID += 1
    let replaced = Array("id: \(lastEventID)\nevent: replaced\ndata: {}\n\n".utf8)
    for stream in byAudience[.player(id)] ?? [] where !stream.isEnded {
      stream.sink.send(replaced)
      stream.sink.close()
      end(stream)
    }
    byAudience[.player(id)] = nil
    let waiting = (byAudience[.waiting(ticket)] ?? []).filter { !$0.isEnded }
    byAudience[.waiting(ticket)] = nil
    defer { compactIfMostlyEnded() }
    guard !waiting.isEmpty else { return false }
    let rejoined = rejoinedEvent(secret, name: name)
    lastEventID += 1
    var events = writer(lastEventID)
    for stream in waiting {
      stream.audience = .player(id)
      stream.sink.send(rejoined)
      stream.sink.send(events.state(for: .player(id)))
    }
    byAudience[.player(id)] = waiting
    return true
  }

  /// The host declined the device of `ticket`: its streams are told `declined` and end.
  mutating func decline(waiting ticket: String) {
    lastEventID += 1
    let declined = Array("id: \(lastEventID)\nevent: declined\ndata: {}\n\n".utf8)
    for stream in byAudience[.waiting(ticket)] ?? [] where !stream.isEnded {
      stream.sink.send(declined)
      stream.sink.close()
      end(stream)
    }
    byAudience[.waiting(ticket)] = nil
    compactIfMostlyEnded()
  }

  /// `rejoined {"secret", "name"}`: the waiting device's new secret, and the player's name as
  /// the game spells it (the roster's), for its "You are … · Not you?" line.
  private mutating func rejoinedEvent(_ secret: String, name: String) -> [UInt8] {
    lastEventID += 1
    let data = JSONValue.object([("secret", .string(secret)), ("name", .string(name))]).compactText
    return Array("id: \(lastEventID)\nevent: rejoined\ndata: \(data)\n\n".utf8)
  }

  /// Sends every stream the game's state.
  mutating func publishState(_ writer: (UInt64) -> LiveRoom.EventWriter, at now: QuizClock.Instant) {
    lastEventID += 1
    var events = writer(lastEventID)
    send(at: now) { events.state(for: $0) }
  }

  /// Sends the news held back: the lobby's players to everyone, or how many have answered
  /// to the host.
  mutating func publishNews(_ writer: (UInt64) -> LiveRoom.EventWriter, lobby: Bool, at now: QuizClock.Instant) {
    lastEventID += 1
    var events = writer(lastEventID)
    if lobby {
      send(at: now) { events.state(for: $0) }
    } else {
      let progress = events.progress()
      send(at: now) { $0 == .host ? progress : nil }
    }
  }

  /// A comment line to every stream: proxies and phones keep it open, and a client that is
  /// gone is found (a suspended connection notices nothing until it is written to).
  mutating func keepAlive(at now: QuizClock.Instant) {
    let comment = Array(":\n\n".utf8)
    send(at: now) { _ in comment }
  }

  /// Tells a kicked player's streams so, and ends them.
  mutating func dismiss(player id: Int) {
    lastEventID += 1
    let event = Array("id: \(lastEventID)\nevent: kicked\ndata: {}\n\n".utf8)
    for stream in byAudience[.player(id)] ?? [] where !stream.isEnded {
      stream.sink.send(event)
      stream.sink.close()
      end(stream)
    }
    byAudience[.player(id)] = nil
    compactIfMostlyEnded()
  }

  /// Ends every stream.
  mutating func closeAll() {
    for stream in streams where !stream.isEnded { stream.sink.close() }
    streams = []
    byAudience = [:]
    ended = 0
  }

  /// Writes to every stream what `bytes` gives for its audience (`nil`: nothing), and
  /// forgets the streams whose client is gone.
  private mutating func send(at now: QuizClock.Instant, _ bytes: (Audience) -> [UInt8]?) {
    for stream in streams where !stream.isEnded {
      guard let event = bytes(stream.audience) else { continue }
      if !stream.sink.send(event), stream.sink.isFinished { end(stream) }
    }
    compactIfMostlyEnded()
    lastWrite = now
  }

  /// Counts `stream` out: it is dropped from `streams` at the next compaction, and from its
  /// audience's list by the caller or the next subscription.
  private mutating func end(_ stream: Stream) {
    guard !stream.isEnded else { return }
    stream.isEnded = true
    ended += 1
  }

  /// Drops the ended streams once they are half of them: each stream ended costs a
  /// constant share of one pass, never a pass of its own.
  private mutating func compactIfMostlyEnded() {
    guard ended > 0, ended * 2 >= streams.count else { return }
    streams.removeAll { $0.isEnded }
    for (audience, list) in byAudience {
      let open = list.filter { !$0.isEnded }
      byAudience[audience] = open.isEmpty ? nil : open
    }
    ended = 0
  }
}
