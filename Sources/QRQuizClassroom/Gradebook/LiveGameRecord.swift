import Foundation
import QRQuiz
import QRQuizFiles

/// A finished live game as the gradebook reads it: its title, when it was played, how many
/// questions it asked, and each player's totals, from the records (``LiveGameStore/gameRecords()``);
/// results JSON of an older qrquiz read the same way when a data folder is taken over.
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
    /// The student of the class the player is, in the records (`nil`: a guest, or a game
    /// of no class).
    public var studentID: Int64?

    public init(
      name: String, card: Int?, byCard: Bool, score: Int, correct: Int, wrong: Int, unanswered: Int,
      studentID: Int64? = nil
    ) {
      self.name = name
      self.card = card
      self.byCard = byCard
      self.score = score
      self.correct = correct
      self.wrong = wrong
      self.unanswered = unanswered
      self.studentID = studentID
    }
  }

  /// The results' file name without `.json` (`2026-12-01-1503-Capitals-123456`): the
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

  public init(
    id: String, pin: String, title: String, played: Date, questions: Int, className: String?, players: [Player]
  ) {
    self.id = id
    self.pin = pin
    self.title = title
    self.played = played
    self.questions = questions
    self.className = className
    self.players = players
  }

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
    self.players = Self.players(in: players).filter { !$0.removed }.map(\.player)
  }

  /// A results JSON's players, as stored: each with whether the host removed them.
  static func players(in json: [JSONValue]) -> [(player: Player, removed: Bool)] {
    json.compactMap { player in
      guard case .string(let name)? = player["name"] else { return nil }
      func count(_ key: String) -> Int {
        if case .number(let number)? = player[key], let value = Int(exactly: number.value) { value } else { 0 }
      }
      var card: Int?
      if case .number(let number)? = player["card"] { card = Int(exactly: number.value) }
      var byCard = card != nil
      // Answers that say how they came (an unanswered one says `null`: neither).
      if case .array(let answers)? = player["answers"],
        answers.contains(where: { if case .string? = $0["by"] { true } else { false } })
      {
        byCard = answers.contains { $0["by"] == .string("card") }
      }
      let entry = Player(
        name: name, card: card, byCard: byCard, score: count("score"), correct: count("correct"),
        wrong: count("wrong"), unanswered: count("unanswered"))
      return (entry, player["removed"] == .bool(true))
    }
  }
}
