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
