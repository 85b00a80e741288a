/// How many event streams a server holds open, in all and per client address, so that
/// streams nobody reads can never take every connection: past its share a stream is
/// refused (503), and the connections left answer requests (a player's answer, a host's
/// move). Streams the responder marks ``StreamPriority/reserved`` (a game's host) have
/// room of their own above the limit, and no address share (a projector behind the
/// class's NAT).
struct StreamAdmission: Sendable {
  /// Ordinary streams at most, in all.
  let limit: Int
  /// Ordinary streams at most from one address.
  let perAddress: Int
  /// Reserved streams at most, above ``limit``.
  let reserved: Int
  private(set) var ordinaryOpen = 0
  private(set) var reservedOpen = 0
  private var byAddress: [String: Int] = [:]

  init(limit: Int, perAddress: Int, reserved: Int) {
    self.limit = max(1, limit)
    self.perAddress = max(1, perAddress)
    self.reserved = max(0, reserved)
  }

  /// A stream's place: in the reserved room, or counted against an address.
  enum Place: Sendable, Equatable {
    case reserved
    case ordinary(address: String)
  }

  /// Takes a place for a stream from `address`, or `nil` when there is none: a reserved
  /// stream takes the reserved room first, then an ordinary place like any other.
  mutating func admit(from address: String, priority: StreamPriority) -> Place? {
    if priority == .reserved, reservedOpen < reserved {
      reservedOpen += 1
      return .reserved
    }
    let fromAddress = byAddress[address, default: 0]
    guard ordinaryOpen < limit, fromAddress < perAddress else { return nil }
    ordinaryOpen += 1
    byAddress[address] = fromAddress + 1
    return .ordinary(address: address)
  }

  /// Gives back the place of a stream that ended.
  mutating func release(_ place: Place) {
    switch place {
    case .reserved:
      reservedOpen -= 1
    case .ordinary(let address):
      ordinaryOpen -= 1
      let left = byAddress[address, default: 1] - 1
      byAddress[address] = left > 0 ? left : nil
    }
  }
}
