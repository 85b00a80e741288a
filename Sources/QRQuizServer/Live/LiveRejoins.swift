import QRQuiz

/// Devices asking to continue as a player of a live game (`docs/LIVE.md`, "Another
/// device"): a phone whose join was refused because its name is playing gets a ticket (128
/// random bits in hex), follows the game's stream with it, and waits; the host screen
/// shows "X asks to join from another device — Allow", and once allowed the device gets
/// the player's new secret on that stream. Until then the ticket opens nothing of the
/// player. A value its `LiveRoom` holds under its lock.
struct LiveRejoins {
  /// A device's asking.
  struct Request {
    /// The player it asks to be (``LiveGame/Player/id``).
    var player: Int
    /// The asking browser, which becomes the player's once allowed.
    var browser: String?
    /// The player's new secret, once the host allowed it.
    var secret: String?
    /// The order of asking (the host sees the oldest first).
    var number: Int
  }

  private var requests: [String: Request] = [:]
  private var asked = 0

  /// A new ticket for a device asking to be player `player`; an earlier device's asking
  /// for the same player is dropped (one at a time: the host allows the last one).
  mutating func ask(player: Int, browser: String?) -> String {
    requests = requests.filter { $0.value.player != player || $0.value.secret != nil }
    asked += 1
    let ticket = Secret.make()
    requests[ticket] = Request(player: player, browser: browser, number: asked)
    return ticket
  }

  /// The asking of `ticket` (compared in constant time, as every secret).
  func request(_ ticket: String) -> Request? { entry(ticket)?.1 }

  /// The ticket as kept and its asking.
  func entry(_ ticket: String) -> (String, Request)? {
    guard !ticket.isEmpty else { return nil }
    return requests.first { Secret.matches(ticket, $0.key) }.map { ($0.key, $0.value) }
  }

  /// The askings the host has not allowed yet, oldest first.
  var pending: [(String, Request)] {
    requests.filter { $0.value.secret == nil }.sorted { $0.value.number < $1.value.number }.map { ($0.key, $0.value) }
  }

  /// The host allowed `ticket`: its device is the player, with `secret`.
  mutating func approve(_ ticket: String, secret: String) { requests[ticket]?.secret = secret }

  mutating func forget(_ ticket: String) { requests[ticket] = nil }
}
