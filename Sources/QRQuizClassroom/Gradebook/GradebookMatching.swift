import QRQuiz

/// Who in a class a live game's player is, and which live games a class played: the
/// gradebook's one place for both, so a card's number can join the name (a card player's
/// results say which card they held).
public enum GradebookMatching {
  /// The roster's student `player` is: the student holding their card when they played
  /// with one, else the student of their name compared as the roster compares names
  /// (case, accents, width and spacing aside: "ada lovelace " is Ada Lovelace).
  public static func student(_ player: LiveGameRecord.Player, in roster: ClassRoster) -> ClassRoster.Student? {
    if let card = player.card { return roster.student(card: card) }
    return roster.student(.name(player.name))
  }

  /// Whether `game` was played by the class of `roster`: its results name the class, or
  /// (results that name none) at least half of its players are the class's students.
  public static func isPlayed(_ game: LiveGameRecord, by roster: ClassRoster) -> Bool {
    if let name = game.className { return StudentName.foldedKey(name) == roster.name.key }
    let matched = game.players.count { student($0, in: roster) != nil }
    return matched > 0 && matched * 2 >= game.players.count
  }
}

/// The players of a class's live games the teacher may merge (issue 49 §3, after the game):
/// a guest, who joined by a name not on the roster ("Harry W"), and a student's second
/// player (a phone and a nickname), each with the players they may be merged into
/// (``LiveGameStore/merge(results:from:into:at:)``).
public struct GradebookMergeChoice: Sendable, Hashable {
  /// The game's results name (``LiveGameRecord/id``).
  public var game: String
  /// The game's title.
  public var title: String
  /// The player to merge away (strangers' text).
  public var from: String
  /// The game's players who are the class's students, the one to keep among them.
  public var into: [String]

  /// The choices of the class of `roster` in `games` (those it did not play left out), in
  /// the games' order.
  public static func choices(_ games: [LiveGameRecord], in roster: ClassRoster) -> [GradebookMergeChoice] {
    games.filter { GradebookMatching.isPlayed($0, by: roster) }.flatMap { game in
      let students = game.players.map { GradebookMatching.student($0, in: roster)?.card }
      var playersOfStudent: [Int: Int] = [:]
      for case let card? in students { playersOfStudent[card, default: 0] += 1 }
      return game.players.indices.compactMap { index -> GradebookMergeChoice? in
        let isGuest = students[index] == nil
        let isSecond = students[index].map { (playersOfStudent[$0] ?? 0) > 1 } ?? false
        guard isGuest || isSecond else { return nil }
        let into = game.players.indices.filter { $0 != index && students[$0] != nil }.map { game.players[$0].name }
        guard !into.isEmpty else { return nil }
        return GradebookMergeChoice(game: game.id, title: game.title, from: game.players[index].name, into: into)
      }
    }
  }
}
