import QRQuiz

/// A game for a class (`"class"`, `qrquiz live --class`): its students are players from
/// the start (``LiveGame+Cards.swift``), a phone joins as one of them, by the student's
/// number or by a name matched against the roster (``NameFolding``), and a name not on the
/// roster joins only when the host allows guests. A player who lost their phone comes
/// back on another device once the host allows it (``rejoin(_:secret:browser:at:)``).
extension LiveGame {
  /// Whether `player` is a guest: a game for a class, and not one of its students.
  public func isGuest(_ player: Player) -> Bool { setup.cardClass != nil && player.card == nil }

  /// How a student of the class is in the room.
  public enum Presence: String, Sendable, Hashable {
    /// Joined from a phone.
    case phone
    /// Their card was seen by a scanner.
    case card
  }

  /// The class's students in card order (removed ones left out), each with how they are
  /// here, if they are: the lobby's "23 of 28 here".
  public var roster: [(player: Player, presence: Presence?)] {
    players.lazy.filter { $0.card != nil && !$0.isRemoved }.map { player in
      let presence: Presence? =
        !player.secret.isEmpty ? .phone : cardsShown.contains(player.id) ? .card : nil
      return (player, presence)
    }
  }

  /// A phone joins as the class's student holding card `card` (the join page's list).
  public mutating func join(
    student card: Int, browser: String?, secret: String, at now: QuizClock.Instant
  ) throws(JoinRefusal) -> (Entry, Player) {
    if phase == .over { throw .over }
    guard let id = playerByCard[card], !players[id - 1].isRemoved else { throw .noSuchStudent }
    return try join(name: players[id - 1].name.text, browser: browser, secret: secret, at: now)
  }

  /// The host allows names not on the roster to join, or stops allowing them.
  public mutating func allowGuests(_ allowed: Bool, at now: QuizClock.Instant) -> Entry {
    let entry = Entry.guestsAllowed(allowed, at: now)
    apply(entry)
    return entry
  }

  /// A scanner saw card `card`: its student is present, the first time (`nil` after, or
  /// for a card of no student answering by card).
  public mutating func noticeCard(_ card: Int, at now: QuizClock.Instant) -> Entry? {
    guard let id = playerByCard[card], players[id - 1].isHoldingCard, !players[id - 1].isRemoved,
      !cardsShown.contains(id)
    else { return nil }
    let entry = Entry.cardShown(id: id, at: now)
    apply(entry)
    return entry
  }

  /// The player already playing from a phone under `name` (its key, not a look-alike):
  /// who a refused join may ask to continue as, from another device.
  public func playerPlaying(name: String) -> Player? {
    let key = NameFolding.key(name.trimmingCharacters(in: .whitespaces))
    guard let id = playerByName[key], !players[id - 1].isRemoved, !players[id - 1].secret.isEmpty else { return nil }
    return players[id - 1]
  }

  /// Why a rejoin is refused.
  public enum RejoinRefusal: Error, Sendable, Hashable {
    /// The player was removed, or never joined from a phone.
    case notPlaying
    case over
  }

  /// The host let player `id` continue on another device: `secret` is theirs from now on
  /// (score, streak and answers stay), the old secret opens nothing.
  public mutating func rejoin(
    _ id: Int, secret: String, browser: String?, at now: QuizClock.Instant
  ) throws(RejoinRefusal) -> Entry {
    guard phase != .over else { throw .over }
    guard players.indices.contains(id - 1), !players[id - 1].isRemoved, !players[id - 1].secret.isEmpty else {
      throw .notPlaying
    }
    let entry = Entry.rejoined(id: id, secret: secret, browser: browser, at: now)
    apply(entry)
    return entry
  }
}
