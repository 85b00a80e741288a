import Foundation
import QRQuiz
import QRQuizFiles

/// A finished live game as the gradebook reads it back from its saved results
/// (`DATA/live/results/*.json`, ``LiveArchive/saveResults(of:)``): its title, when it was
/// played, how many questions it asked, and each player's totals. Only what a gradebook
/// needs, read from the JSON the results already keep (``LiveResults/json``).
public struct LiveGameRecord: Sendable, Hashable {
  /// A player's totals.
  public struct Player: Sendable, Hashable {
    /// The nickname the player joined with (strangers' text).
    public var name: String
    /// The card of the class's roster they are (results of a game with a class answering
    /// by card: `card`).
    public var card: Int?
    /// Whether they answered with their card rather than a phone (an answer `"by": "card"`;
    /// results older than cards: holding a card).
    public var byCard = false
    public var score: Int
    public var correct: Int
    public var wrong: Int
    public var unanswered: Int
  }

  /// The results file's name without `.json` (`2026-12-01-1503-Capitals-123456`): the
  /// game's identity in a gradebook.
  public var id: String
  public var pin: String
  public var title: String
  /// When the game was made.
  public var played: Date
  /// The questions it asked.
  public var questions: Int
  /// The class it was played with, when its results say (a game with cards of a class).
  public var className: String?
  /// The players, the ones the host removed left out.
  public var players: [Player]

  /// Saved results files read at most: the newest, a teacher's few years of games.
  public static let maximumGames = 2000
  /// The largest results file read (the one `qrquiz live --results` reads too).
  public static let maximumFileSize = 64 << 20

  /// The game saved in `bytes` (a results JSON); `nil` when they are not one.
  public init?(id: String, bytes: [UInt8]) {
    guard let json = try? JSONParser.parse(bytes), case .string(let title)? = json["title"],
      case .array(let players)? = json["players"], case .array(let questions)? = json["questions"],
      case .string(let created)? = json["created"], let played = ISO8601DateFormatter().date(from: created)
    else { return nil }
    self.id = id
    self.title = title
    self.played = played
    self.questions = questions.count
    if case .string(let pin)? = json["pin"] { self.pin = pin } else { pin = "" }
    if case .string(let name)? = json["class"] { className = name }
    self.players = players.compactMap { player in
      guard player["removed"] != .bool(true), case .string(let name)? = player["name"] else { return nil }
      func count(_ key: String) -> Int {
        if case .number(let number)? = player[key], let value = Int(exactly: number.value) { value } else { 0 }
      }
      var card: Int?
      if case .number(let number)? = player["card"] { card = Int(exactly: number.value) }
      var byCard = card != nil
      if case .array(let answers)? = player["answers"], answers.contains(where: { $0["by"] != nil }) {
        byCard = answers.contains { $0["by"] == .string("card") }
      }
      return Player(
        name: name, card: card, byCard: byCard, score: count("score"), correct: count("correct"),
        wrong: count("wrong"), unanswered: count("unanswered"))
    }
  }

  /// The saved games of `archive`, newest first (at most ``maximumGames``; files that are
  /// not results, or not regular files, passed over). `read` reads a file's bytes: a
  /// server passes one that keeps what it read.
  public static func all(
    in archive: LiveArchive, read: (URL) -> LiveGameRecord? = { LiveGameRecord.read($0) }
  ) -> [LiveGameRecord] {
    archive.names(in: archive.resultsDirectory).filter { $0.hasSuffix(".json") }.suffix(maximumGames).reversed()
      .compactMap { read(archive.resultsDirectory.appendingPathComponent($0)) }
  }

  /// The game saved at `url`, if it is one.
  public static func read(_ url: URL) -> LiveGameRecord? {
    guard let bytes = try? RegularFile.read(url.path, limit: maximumFileSize) else { return nil }
    return LiveGameRecord(id: String(url.lastPathComponent.dropLast(".json".count)), bytes: bytes)
  }
}
