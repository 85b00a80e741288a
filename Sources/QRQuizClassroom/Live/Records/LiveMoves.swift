import Foundation
import QRQuiz

/// A game's setup and moves as the records keep them: JSON, keys sorted, read back into
/// the same values (an instant is a whole number of microseconds, so a replayed game scores
/// exactly what the live one scored).
enum LiveMoves {
  /// `value` as the JSON of a row.
  static func encode(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
    // Setups, moves and assignments are plain values: encoding them cannot fail.
    return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
  }

  /// Why stored moves do not make a game.
  struct Damage: Error, Sendable {
    /// The move (1-based) that is wrong; 0 for the setup.
    var move: Int
    var reason: String
  }

  /// The game `setup` and `moves` (JSON, in order) make, each move checked against the game
  /// so far: rows edited by hand, or damaged, must not crash the server that reads them.
  static func replay(
    setup json: some Collection<UInt8>, moves: [some Collection<UInt8>]
  ) throws(Damage) -> (LiveGame.Setup, [LiveGame.Entry]) {
    let decoder = JSONDecoder()
    guard let setup = try? decoder.decode(LiveGame.Setup.self, from: Data(json)) else {
      throw Damage(move: 0, reason: "not a game's setup")
    }
    var game = LiveGame(setup: setup)
    var entries: [LiveGame.Entry] = []
    entries.reserveCapacity(moves.count)
    for (offset, move) in moves.enumerated() {
      guard let entry = try? decoder.decode(LiveGame.Entry.self, from: Data(move)) else {
        throw Damage(move: offset + 1, reason: "not a game's move")
      }
      guard game.accepts(entry) else { throw Damage(move: offset + 1, reason: "a move that does not fit the game") }
      game.apply(entry)
      entries.append(entry)
    }
    return (setup, entries)
  }
}
