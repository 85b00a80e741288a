import QRQuiz

/// The leaderboard: ranks as the players see them, the top five, the podium.
extension LiveGame {
  /// A name and a score on the leaderboard.
  public struct Standing: Sendable, Hashable {
    public var name: String
    public var score: Int
  }

  /// Players not kicked, in the order they joined.
  public var activePlayers: [Player] { players.filter { !$0.isRemoved } }

  /// 1 + the number of players with more points (as of the last closed question).
  public func rank(of player: Player) -> Int {
    // `standings` is descending: count the scores above this one by bisection.
    var low = 0
    var high = standings.count
    while low < high {
      let middle = (low + high) / 2
      if standings[middle] > player.score { low = middle + 1 } else { high = middle }
    }
    return low + 1
  }

  /// The first `count` players by score (ties in the order they joined).
  public func top(_ count: Int) -> [Standing] {
    var best: [Player] = []
    best.reserveCapacity(count + 1)
    // One pass keeping the best few, not a sort of a thousand players after each question.
    for player in players where !player.isRemoved {
      guard best.count < count || player.score > best[best.count - 1].score else { continue }
      let position = best.firstIndex { $0.score < player.score } ?? best.count
      best.insert(player, at: position)
      if best.count > count { best.removeLast() }
    }
    return best.map { Standing(name: $0.name.text, score: $0.score) }
  }

  /// Every active player, best first (the results).
  public var ranking: [Player] {
    activePlayers.sorted { $0.score != $1.score ? $0.score > $1.score : $0.id < $1.id }
  }
}
