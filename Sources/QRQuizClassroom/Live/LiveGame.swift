import Foundation
import QRQuiz

/// A live classroom game: players join with a nickname, every question opens for all at
/// once and closes at its deadline (or when everyone has answered, or when the host moves
/// on), right and quick answers score, and a leaderboard follows each question.
///
/// A value with no clock and no I/O: every move takes the time (a `QuizClock/Instant`)
/// from its caller, checks what it is asked, and returns the ``Entry`` values it applied,
/// each carrying its time. Applying the same entries to a new game from the same ``Setup``
/// gives the same game, so the stored entries are the game (a server replays it after a
/// crash, deadlines and answer times included): ``init(setup:entries:)`` rebuilds it, equal
/// (`==`) to the game the moves made.
///
/// ```swift
/// let start = QuizClock.now
/// var game = LiveGame(setup: setup)
/// let (_, ada) = try game.join(name: "Ada", browser: nil, secret: Secret.make(), at: start)
/// _ = try game.next(at: start)  // the first question opens
/// _ = try game.answer(secret: ada.secret, question: 0, picks: [1], at: start + .seconds(3.2))
/// _ = try game.next(at: start + .seconds(4))  // it closes: points, streaks, ranks
/// ```
public struct LiveGame: Sendable, Equatable {
  /// What a game is made with, fixed for its life (stored with the game's row).
  public struct Setup: Sendable, Codable, Hashable {
    /// Six digits: what players type or scan to find the game (it grants nothing).
    public var pin: String
    /// The host's secret: every host action needs it.
    public var hostSecret: String
    /// The topic's name in the library's addresses (`/t/NAME`).
    public var topicName: String
    /// The topic's name as shown.
    public var title: String
    /// The set played (1-based), or `nil` for every set in turn.
    public var setNumber: Int?
    public var scoring: LiveScoring
    /// Seconds each question is open, unless it has its own (``LiveQuestion/seconds``).
    public var seconds: Double
    /// Players at most (kicked ones do not count).
    public var maximumPlayers: Int
    /// The topic's `multipleCorrectAnswersAsMandatory`.
    public var mandatory: Bool
    /// The questions in the order they are asked.
    public var questions: [LiveQuestion]
    /// When the game was made (its `QuizClock/Instant/date` names the results' files).
    public var created: QuizClock.Instant
    /// The class whose students answer with printed answer cards (`docs/CARDS.md`): each
    /// is a player from the start. `nil` for a game of phones only (and every setup written
    /// before cards came to live games).
    public var cardClass: LiveCardClass?
    /// The secret of the game's card scanners (the teacher's phone at `/scan/PIN`): it
    /// reads cards into the game and does nothing else. Set when ``cardClass`` is.
    public var scannerSecret: String?
    /// The teacher whose game it is on a school's server (an account's id in
    /// `TeacherAccountStore`, kept in `live_games.teacher_id` too): only they are its host
    /// without its secret. `nil`: the laptop's single teacher's.
    public var teacher: Int64?

    public init(
      pin: String, hostSecret: String, topicName: String, title: String, setNumber: Int?, scoring: LiveScoring,
      seconds: Double, maximumPlayers: Int, mandatory: Bool, questions: [LiveQuestion],
      created: QuizClock.Instant, cardClass: LiveCardClass? = nil, scannerSecret: String? = nil
    ) {
      self.pin = pin
      self.hostSecret = hostSecret
      self.topicName = topicName
      self.title = title
      self.setNumber = setNumber
      self.scoring = scoring
      self.seconds = seconds
      self.maximumPlayers = maximumPlayers
      self.mandatory = mandatory
      self.questions = questions
      self.created = created
      self.cardClass = cardClass
      self.scannerSecret = scannerSecret
    }
  }

  /// Where the game is.
  public enum Phase: Sendable, Hashable {
    /// Players join; no question yet.
    case lobby
    /// Question `question` takes answers until `openedAt + seconds`.
    case open(question: Int, openedAt: QuizClock.Instant)
    /// Question `question`'s right answers and the leaderboard are shown.
    case closed(question: Int)
    /// The podium.
    case over
  }

  /// A player (kicked ones stay, marked, with their answers, so their numbers are never
  /// reused and the results show what they did).
  public struct Player: Sendable, Identifiable, Hashable {
    public let id: Int
    public let name: LivePlayerName
    /// The player's secret: every action of the player needs it. Empty for a student of
    /// the class who answers with their card and has not joined from a phone.
    public internal(set) var secret: String
    /// The browser the player joined from (a cookie), to keep a banned one out.
    public internal(set) var browser: String?
    /// The number of the answer card the player holds: a student of the game's class.
    public let card: Int?
    /// How many times as long each question runs for the player (a student of the class
    /// with extra time): their own deadline, and the time their speed is scored against.
    public internal(set) var timeFactor = 1.0
    /// The player's right answers score as if given at once.
    public internal(set) var noSpeedScoring = false
    public internal(set) var score = 0
    /// Right answers in a row, up to the last closed question.
    public internal(set) var streak = 0
    public internal(set) var correct = 0
    public internal(set) var wrong = 0
    public internal(set) var unanswered = 0
    /// The player's answer to each question, by index (`nil`: none yet, or asked before
    /// the player joined).
    public internal(set) var answers: [Answer?]
    /// Kicked out of the game.
    public internal(set) var isRemoved = false
    /// Kicked out and kept out: neither the name nor the browser may join again, until the
    /// host lifts the ban.
    public internal(set) var isBanned = false
    /// Merged into this player (``LiveGame/merge(from:into:at:)``): removed, their answers
    /// are that player's, and the results list them no more.
    public internal(set) var mergedInto: Int?
  }

  /// A player's answer to one question.
  public struct Answer: Sendable, Hashable {
    /// The answers picked (none: unanswered, or a number typed).
    public var picks: [Int]
    /// The number typed, for a question asked as a number (``LiveQuestion/numericAnswer``).
    public var number: Double?
    /// Milliseconds from the question's opening to the answer reaching the server.
    public var milliseconds: Int?
    /// Right, wrong or unanswered; `nil` while the question is open.
    public var outcome: LiveOutcome?
    /// The points it scored (streak bonus included); 0 while the question is open.
    public var points: Int
    /// Read from the player's answer card (else given on a phone).
    public var byCard = false
  }

  public let setup: Setup
  public internal(set) var phase: Phase = .lobby
  /// Players in the order they joined; a player's ``Player/id`` is its index + 1.
  public internal(set) var players: [Player] = []
  /// New players are refused.
  public internal(set) var isLocked = false
  /// The leaderboard is hidden until the podium.
  public internal(set) var scoresHidden = false
  /// Names not on the class's roster may join, as guests (`LiveGame+Roster.swift`): off in
  /// a game with a class until the host allows them, always on in a game without one.
  public internal(set) var guestsAllowed: Bool
  /// Students of the class whose card a scanner has seen: in the room though not on a phone.
  public internal(set) var cardsShown: Set<Int> = []
  /// When the game ended, once over.
  public internal(set) var ended: QuizClock.Instant?
  /// Picks per answer of each closed question.
  public internal(set) var tallies: [[Int]]
  /// Questions opened so far (the first ones of ``Setup/questions``): the questions
  /// played, when the game ends early.
  public internal(set) var questionsPlayed = 0
  /// How many times each question was asked: 2 once the host asked it again
  /// (``reask(question:at:)``), 0 for one not asked yet.
  public internal(set) var timesAsked: [Int]
  /// The questions closed, in the order they last closed: the order scores and streaks
  /// are counted in when a question asked again is scored anew.
  var closingOrder: [Int] = []
  /// Active players' scores, highest first, as of the last closed question.
  var standings: [Int] = []
  var playerBySecret: [String: Int] = [:]
  /// Active players by ``LivePlayerName/key`` and by ``LivePlayerName/skeleton``.
  var playerByName: [String: Int] = [:]
  var playerBySkeleton: [String: Int] = [:]
  /// Banned names' keys and skeletons.
  var bannedNames: Set<String> = []
  var bannedSkeletons: Set<String> = []
  var bannedBrowsers: Set<String> = []
  /// Card players by card number.
  var playerByCard: [Int: Int] = [:]
  /// Players with extra time, by id: a question stays open until their deadlines too.
  var playersWithExtraTime: [Int] = []
  /// Students of the class answering with their card (not removed, not joined from a
  /// phone): while any is, a question stays open until its time is up or the host closes
  /// it, since a card held up may still change.
  public internal(set) var cardHolderCount = 0
  /// Answers to the open question so far.
  public internal(set) var answeredCount = 0
  /// Players not kicked.
  public internal(set) var activeCount = 0

  public init(setup: Setup) {
    self.setup = setup
    guestsAllowed = setup.cardClass == nil
    tallies = Array(repeating: [], count: setup.questions.count)
    timesAsked = Array(repeating: 0, count: setup.questions.count)
    addCardPlayers()
  }

  /// The game `entries` make from `setup` (the stored ones, or those the records made durable
  /// after a write failed): equal to the game whose moves made them.
  public init(setup: Setup, entries: some Sequence<Entry>) {
    self.init(setup: setup)
    for entry in entries { apply(entry) }
  }

  /// The question open or just closed, by index.
  public var currentIndex: Int? {
    switch phase {
    case .open(let index, _), .closed(let index): index
    case .lobby, .over: nil
    }
  }

  /// Seconds the open question has left at `now` for everyone without extra time (0 when
  /// none is open): the projector's countdown.
  public func remaining(at now: QuizClock.Instant) -> Double {
    guard case .open(let index, let openedAt) = phase else { return 0 }
    return max(0, (openedAt + .seconds(setup.seconds(of: index))).seconds(since: now))
  }

  /// Seconds the open question has left at `now` for `player` (more with extra time).
  public func remaining(for player: Player, at now: QuizClock.Instant) -> Double {
    guard let deadline = deadline(for: player) else { return 0 }
    return max(0, deadline.seconds(since: now))
  }

  /// When the open question closes for `player`: its time, times theirs.
  public func deadline(for player: Player) -> QuizClock.Instant? {
    guard case .open(let index, let openedAt) = phase else { return nil }
    return openedAt + .seconds(setup.seconds(of: index) * player.timeFactor)
  }

  /// When the open question closes by itself: its time, or later while a player with
  /// extra time may still answer (one who has not, or holds a card that may still turn).
  public var deadline: QuizClock.Instant? {
    guard case .open(let index, let openedAt) = phase else { return nil }
    var closing = openedAt + .seconds(setup.seconds(of: index))
    for id in playersWithExtraTime {
      let player = players[id - 1]
      guard !player.isRemoved, player.answers[index] == nil || player.isHoldingCard,
        let own = deadline(for: player)
      else { continue }
      closing = max(closing, own)
    }
    return closing
  }

  /// The player holding `secret`, unless kicked.
  public func player(secret: String) -> Player? {
    guard let id = playerBySecret[secret] else { return nil }
    return players[id - 1]
  }

  /// Players kicked out for good, whose ban the host may lift.
  public var bannedPlayers: [Player] { players.filter(\.isBanned) }

  /// Whether the game has anything to keep as results: a game ended in the lobby before
  /// anyone joined has none (a teacher who opened one by mistake finds no empty result).
  public var hasResults: Bool { !players.isEmpty || questionsPlayed > 0 }

  /// Whether `secret` is the host's.
  public func isHost(_ secret: String) -> Bool { Secret.matches(secret, setup.hostSecret) }

  /// Whether `secret` is the game's card scanners' (a game without a class has none).
  public func isScanner(_ secret: String) -> Bool {
    guard let scanner = setup.scannerSecret else { return false }
    return Secret.matches(secret, scanner)
  }
}
