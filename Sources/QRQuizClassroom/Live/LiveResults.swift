import Foundation
import QRQuiz

/// A game's results, as the host downloads them and the data folder keeps them: every
/// player best first with their totals and what they answered to each question played,
/// the removed players after them, then the questions with their right answers and picks.
public struct LiveResults: Sendable {
  public let game: LiveGame

  public init(_ game: LiveGame) { self.game = game }

  /// The questions asked, by index (a game ended early asked the first ones only).
  public var playedQuestions: Range<Int> { 0..<game.questionsPlayed }

  /// The players as the results list them: by rank, then the removed ones as they joined.
  public var players: [LiveGame.Player] {
    // A player merged into another is that one's row: one student, one row.
    game.ranking + game.players.filter { $0.isRemoved && $0.mergedInto == nil }
  }

  /// The CSV a spreadsheet opens: UTF-8 with a byte-order mark (Excel on Windows reads
  /// "Chloé" as "ChloÃ©" without one), RFC 4180, every text cell guarded against
  /// formulas (`CSVText/cell(_:)-(String)`).
  ///
  /// Two tables, one under the other with an empty row between, so a sort or a filter of
  /// the first (a spreadsheet takes the block around the cursor) never mixes in the second:
  /// - the players: `name,score,correct,wrong,unanswered,rank` (`name,card,score,…` in a
  ///   game with a class answering by card; `guest` in the card column for a name not on
  ///   the roster the host let in), then for each question
  ///   played `Qn answer` (answer numbers from 1, `2+3` for several), `Qn answer text`
  ///   (their texts, `; ` between), `Qn seconds` and `Qn points`; a question asked before
  ///   the player joined is left empty. A removed player's rank is `removed`, with the
  ///   answers they gave.
  /// - the questions: `question,set,text,right answer,right answer text,right,wrong,
  ///   unanswered` (and `asked`, the times each was asked, in a game where the host asked
  ///   one again), then each answer's text and how many picked it (`answer 1,picked 1,…`);
  ///   `set` is the topic's set the question came from (from 1, as the JSON's `"set"`: a
  ///   list played as one quiz spans several), empty when the game does not know it.
  ///
  /// The questions' texts are a table of their own rather than a row under the header:
  /// a second row of texts would be taken for a player by every sort, filter and sum.
  public var csv: String {
    "\u{FEFF}" + playersTable + "\r\n" + questionsTable
  }

  /// Whether the game had a class answering with cards: the results then say who holds
  /// which card, and which answers were read from a card.
  private var hasCards: Bool { game.setup.cardClass != nil }

  private var playersTable: String {
    var header = ["name"] + (hasCards ? ["card"] : []) + ["score", "correct", "wrong", "unanswered", "rank"]
    for number in playedQuestions.map({ $0 + 1 }) {
      header += ["Q\(number) answer", "Q\(number) answer text", "Q\(number) seconds", "Q\(number) points"]
    }
    var text = CSVText.row(header)
    for player in players {
      var cells = [CSVText.cell(player.name.text)]
      // A guest of a class's game (not on its roster) says so where a student's card is.
      if hasCards { cells.append(player.card.map(CSVText.cell) ?? "guest") }
      cells += [
        CSVText.cell(player.score), CSVText.cell(player.correct),
        CSVText.cell(player.wrong), CSVText.cell(player.unanswered),
        player.isRemoved ? "removed" : CSVText.cell(game.rank(of: player)),
      ]
      for index in playedQuestions {
        guard let answer = player.answers[index], Self.isGiven(answer) else {
          cells += ["", "", "", ""]
          continue
        }
        if let number = answer.number {
          // A number typed: it is both the answer and its text.
          cells += [CSVText.cell(Self.text(of: number)), CSVText.cell(Self.text(of: number))]
        } else {
          cells.append(answer.picks.map { String($0 + 1) }.joined(separator: "+"))
          cells.append(CSVText.cell(texts(of: answer.picks, in: index).joined(separator: "; ")))
        }
        cells.append(answer.milliseconds.map(Self.seconds) ?? "")
        cells.append(answer.outcome == nil ? "" : CSVText.cell(answer.points))
      }
      text += CSVText.row(cells)
    }
    return text
  }

  private var questionsTable: String {
    let widest = playedQuestions.map { game.setup.questions[$0].answers.count }.max() ?? 0
    var header = ["question", "set", "text", "right answer", "right answer text", "right", "wrong", "unanswered"]
    // Only a game with a question asked again has the column: the answers counted are
    // those of its last asking.
    let askedAgain = playedQuestions.contains { game.timesAsked[$0] > 1 }
    if askedAgain { header.append("asked") }
    for number in (0..<widest).map({ $0 + 1 }) { header += ["answer \(number)", "picked \(number)"] }
    var text = CSVText.row(header)
    for index in playedQuestions {
      let question = game.setup.questions[index]
      let outcomes = outcomes(of: index)
      var cells = [
        CSVText.cell(index + 1), question.set.map { CSVText.cell($0) } ?? "", CSVText.cell(question.text),
        question.correct.map { String($0 + 1) }.joined(separator: "+"),
        CSVText.cell(texts(of: question.correct, in: index).joined(separator: "; ")),
        CSVText.cell(outcomes[.right, default: 0]), CSVText.cell(outcomes[.wrong, default: 0]),
        CSVText.cell(outcomes[.unanswered, default: 0]),
      ]
      if askedAgain { cells.append(CSVText.cell(game.timesAsked[index])) }
      let tally = game.tallies[index]
      for (position, answer) in question.answers.enumerated() {
        cells += [CSVText.cell(answer), tally.indices.contains(position) ? CSVText.cell(tally[position]) : ""]
      }
      text += CSVText.row(cells)
    }
    return text
  }

  /// The same as JSON, with the game's settings: only the questions played, each
  /// player's answers by number (`picks`, from 0) and by text (`texts`) and how each came
  /// (`"by"`: `"card"`, `"phone"`, `null` when unanswered), the removed players last with
  /// `"removed": true` and no rank.
  public var json: JSONValue {
    let setup = game.setup
    let questions: [JSONValue] = playedQuestions.map { index in
      let question = setup.questions[index]
      return .object([
        ("number", .number(index + 1)), ("set", question.set.map(JSONValue.number) ?? .null),
        ("text", .string(question.text)),
        ("answers", .array(question.answers.map(JSONValue.string))),
        ("correct", .array(question.correct.map(JSONValue.number))),
        ("tally", .array(game.tallies[index].map(JSONValue.number))),
        // 2 for a question the host asked again: its answers are the second asking's.
        ("asked", .number(game.timesAsked[index])),
      ])
    }
    let players: [JSONValue] = players.map { player in
      .object([
        ("name", .string(player.name.text)), ("card", player.card.map(JSONValue.number) ?? .null),
        ("guest", .bool(game.isGuest(player))),
        ("rank", player.isRemoved ? .null : .number(game.rank(of: player))),
        ("removed", .bool(player.isRemoved)), ("score", .number(player.score)),
        ("correct", .number(player.correct)), ("wrong", .number(player.wrong)),
        ("unanswered", .number(player.unanswered)),
        ("answers", .array(playedQuestions.map { answerJSON(player.answers[$0], question: $0) })),
      ])
    }
    var members: [(key: String, value: JSONValue)] = [
      ("pin", .string(setup.pin)), ("topic", .string(setup.topicName)), ("title", .string(setup.title)),
      ("set", setup.setNumber.map(JSONValue.number) ?? .null), ("scoring", .string(setup.scoring.rawValue)),
      ("seconds", .number(setup.seconds)), ("created", .string(Self.timestamp(setup.created.date))),
      ("class", setup.cardClass.map { .string($0.name) } ?? .null),
    ]
    members.append(("ended", game.ended.map { .string(Self.timestamp($0.date)) } ?? .null))
    members += [("questions", .array(questions)), ("players", .array(players))]
    return .object(members)
  }

  private func answerJSON(_ answer: LiveGame.Answer?, question: Int) -> JSONValue {
    guard let answer, Self.isGiven(answer) else { return .null }
    var members: [(key: String, value: JSONValue)] = [
      ("picks", .array(answer.picks.map(JSONValue.number))),
      ("texts", .array(texts(of: answer.picks, in: question).map(JSONValue.string))),
    ]
    if let number = answer.number { members.append(("number", .number(number))) }
    return .object(
      members + [
        ("seconds", answer.milliseconds.map { .number(Double($0) / 1000) } ?? .null),
        ("outcome", answer.outcome.map { .string($0.rawValue) } ?? .null),
        ("points", answer.outcome == nil ? .null : .number(answer.points)),
        // How the answer came; an unanswered question came by neither (a card student
        // whose card was never seen did not answer by phone).
        ("by", answer.picks.isEmpty && answer.number == nil ? .null : .string(answer.byCard ? "card" : "phone")),
      ])
  }

  /// Whether the player answered (or was scored): a pick, a number, or an outcome.
  private static func isGiven(_ answer: LiveGame.Answer) -> Bool {
    !answer.picks.isEmpty || answer.number != nil || answer.outcome != nil
  }

  /// A typed number as people write it: `32`, `1.5`, never `32.0`.
  static func text(of number: Double) -> String { JSONValue.number(number).compactText }

  private func texts(of picks: [Int], in question: Int) -> [String] {
    let answers = game.setup.questions[question].answers
    return picks.map { answers.indices.contains($0) ? answers[$0] : "" }
  }

  /// How the players did on question `index`, as it was scored when it closed (a
  /// player removed later counts, as in the tally; one removed while it was open does
  /// not).
  private func outcomes(of index: Int) -> [LiveOutcome: Int] {
    var counts: [LiveOutcome: Int] = [:]
    for player in game.players {
      if let outcome = player.answers[index]?.outcome { counts[outcome, default: 0] += 1 }
    }
    return counts
  }

  private static func seconds(_ milliseconds: Int) -> String {
    String(milliseconds / 1000) + "." + String(1000 + milliseconds % 1000).dropFirst()
  }

  static func timestamp(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }
}
