import Foundation
import QRQuiz

/// What players and the host do: each move is checked, then applied as entries (the
/// stored moves), which it returns. A refused move changes nothing. Every move takes
/// its time from the caller, which read its clock: the game has none.
extension LiveGame {
  /// Why a player cannot join.
  public enum JoinRefusal: Error, Sendable, Hashable {
    case invalidName(LivePlayerName.Problem)
    /// Another player has this name (compared loosely: case, accents, width, spaces, and
    /// look-alike letters).
    case nameTaken
    /// The host locked the game.
    case locked
    /// The host kicked this name or browser out for good.
    case banned
    /// The game has its ``Setup/maximumPlayers``.
    case full
    case over
    /// The game is for a class, the name is not on its roster, and the host has not
    /// allowed guests.
    case notOnRoster
    /// The game is for a class and has no student of this number (``LiveGame/join(student:browser:secret:at:)``).
    case noSuchStudent
  }

  /// Why an answer is refused.
  public enum AnswerRefusal: Error, Sendable, Hashable {
    /// No player of this game holds the secret (or it was kicked).
    case unknownPlayer
    /// The question is not open: too late, or not yet.
    case notOpen
    /// The player answered it already: the first answer counts.
    case alreadyAnswered
    /// The picks are not an answer: none, out of range, repeated, or several for a
    /// question with one right answer.
    case invalidPicks(String)
  }

  /// Why the host's move is refused.
  public enum HostRefusal: Error, Sendable, Hashable {
    case over
    /// No player has that name.
    case noSuchPlayer
    /// A player cannot be merged into themselves.
    case samePlayer
  }

  /// Adds a player.
  ///
  /// - Parameters:
  ///   - name: the nickname as typed.
  ///   - browser: the joining browser's identity (a cookie), if known.
  ///   - secret: the player's new secret (random, from the caller).
  ///   - now: when the player asked to join.
  /// - Returns: the entry and the player.
  public mutating func join(
    name: String, browser: String?, secret: String, at now: QuizClock.Instant
  ) throws(JoinRefusal) -> (Entry, Player) {
    if phase == .over { throw .over }
    if let claim = try claimCard(name: name, browser: browser, secret: secret, at: now) { return claim }
    let checked: LivePlayerName
    do { checked = try LivePlayerName(name) } catch { throw .invalidName(error) }
    if bannedNames.contains(checked.key) || bannedSkeletons.contains(checked.skeleton)
      || browser.map(bannedBrowsers.contains) == true
    {
      throw .banned
    }
    if isLocked { throw .locked }
    if NameFolding.isTaken(
      key: checked.key, skeleton: checked.skeleton, keys: playerByName, skeletons: playerBySkeleton)
    {
      throw .nameTaken
    }
    if !guestsAllowed { throw .notOnRoster }
    if activeCount >= setup.maximumPlayers { throw .full }
    let entry = Entry.joined(id: players.count + 1, name: checked.text, secret: secret, browser: browser, at: now)
    apply(entry)
    return (entry, players[players.count - 1])
  }

  /// Takes a player's answer to the open question.
  ///
  /// - Returns: the answer's entry, and the question's closing entry when this was the
  ///   last player to answer.
  public mutating func answer(
    secret: String, question: Int, picks: [Int], at now: QuizClock.Instant
  ) throws(AnswerRefusal) -> [Entry] {
    guard let player = player(secret: secret) else { throw .unknownPlayer }
    guard case .open(let open, _) = phase, open == question, let deadline = deadline(for: player), now < deadline
    else { throw .notOpen }
    if player.answers[question] != nil { throw .alreadyAnswered }
    let asked = setup.questions[question]
    guard !picks.isEmpty else { throw .invalidPicks("no answer picked") }
    if let outside = picks.first(where: { !asked.answers.indices.contains($0) }) {
      throw .invalidPicks("answer \(outside) is not one of 0…\(asked.answers.count - 1)")
    }
    guard Set(picks).count == picks.count else { throw .invalidPicks("an answer is picked twice") }
    guard asked.isMultiple || picks.count == 1 else { throw .invalidPicks("this question takes one answer") }
    guard asked.numericAnswer == nil else { throw .invalidPicks("this question takes a number") }
    return take(.answered(id: player.id, question: question, picks: picks, at: now), question: question)
  }

  /// Takes a player's number for the open question, asked as a number
  /// (``LiveQuestion/numericAnswer``).
  ///
  /// - Returns: the answer's entry, and the question's closing entry when this was the
  ///   last player to answer.
  public mutating func answer(
    secret: String, question: Int, number: Double, at now: QuizClock.Instant
  ) throws(AnswerRefusal) -> [Entry] {
    guard let player = player(secret: secret) else { throw .unknownPlayer }
    guard case .open(let open, _) = phase, open == question, let deadline = deadline(for: player), now < deadline
    else { throw .notOpen }
    if player.answers[question] != nil { throw .alreadyAnswered }
    guard setup.questions[question].numericAnswer != nil else {
      throw .invalidPicks("this question takes a pick of its answers, not a number")
    }
    guard number.isFinite else { throw .invalidPicks("the number is not finite") }
    return take(.typed(id: player.id, question: question, number: number, at: now), question: question)
  }

  /// Applies an answer's entry, and closes the question when everyone has answered.
  mutating func take(_ answer: Entry, question: Int) -> [Entry] {
    var entries = [answer]
    apply(answer)
    // Cards held up may still change: a game with card holders waits for its time or its host.
    if answeredCount >= activeCount, cardHolderCount == 0 {
      entries.append(.closed(question: question, at: answer.time))
      apply(entries[1])
    }
    return entries
  }

  /// The host moves on: the lobby to the first question, an open question to its answers
  /// (early), answers to the next question or, after the last, the podium.
  public mutating func next(at now: QuizClock.Instant) throws(HostRefusal) -> Entry {
    let entry: Entry
    switch phase {
    case .lobby: entry = setup.questions.isEmpty ? .over(at: now) : .opened(question: 0, at: now)
    case .open(let index, _): entry = .closed(question: index, at: now)
    case .closed:
      // The next question never asked: after a question asked again, the one after the
      // last asked, not the one after it.
      entry = questionsPlayed < setup.questions.count ? .opened(question: questionsPlayed, at: now) : .over(at: now)
    case .over: throw .over
    }
    apply(entry)
    return entry
  }

  /// Closes the open question if its time is up.
  public mutating func closeIfDue(at now: QuizClock.Instant) -> Entry? {
    guard let deadline, now >= deadline, case .open(let index, _) = phase else { return nil }
    let entry = Entry.closed(question: index, at: now)
    apply(entry)
    return entry
  }

  /// Ends the game now: an open question is closed with the answers it has, then the
  /// podium.
  public mutating func end(at now: QuizClock.Instant) throws(HostRefusal) -> [Entry] {
    var entries: [Entry] = []
    switch phase {
    case .over: throw .over
    case .open(let index, _): entries.append(.closed(question: index, at: now))
    case .lobby, .closed: break
    }
    entries.append(.over(at: now))
    for entry in entries { apply(entry) }
    return entries
  }

  /// Removes the player named `name` (compared loosely, look-alikes too); with `ban`, neither the name nor
  /// the player's browser can join again.
  public mutating func kick(name: String, ban: Bool, at now: QuizClock.Instant) throws(HostRefusal) -> Entry {
    guard phase != .over else { throw .over }
    let checked = LivePlayerName(unchecked: name.trimmingCharacters(in: .whitespaces))
    guard let id = playerByName[checked.key] ?? playerBySkeleton[checked.skeleton] else { throw .noSuchPlayer }
    let entry = Entry.kicked(id: id, ban: ban, at: now)
    apply(entry)
    return entry
  }

  /// Lifts the ban of the banned player named `name` (compared loosely, as when kicking):
  /// that name and browser may join again.
  public mutating func unban(name: String, at now: QuizClock.Instant) throws(HostRefusal) -> Entry {
    guard phase != .over else { throw .over }
    let checked = LivePlayerName(unchecked: name.trimmingCharacters(in: .whitespaces))
    guard
      let player = players.last(where: {
        $0.isBanned && ($0.name.key == checked.key || $0.name.skeleton == checked.skeleton)
      })
    else { throw .noSuchPlayer }
    let entry = Entry.unbanned(id: player.id, at: now)
    apply(entry)
    return entry
  }

  /// Locks or unlocks the game to new players.
  public mutating func lock(_ locked: Bool, at now: QuizClock.Instant) -> Entry {
    let entry = Entry.locked(locked, at: now)
    apply(entry)
    return entry
  }

  /// Hides or shows the leaderboard until the podium.
  public mutating func hideScores(_ hidden: Bool, at now: QuizClock.Instant) -> Entry {
    let entry = Entry.scoresHidden(hidden, at: now)
    apply(entry)
    return entry
  }
}
