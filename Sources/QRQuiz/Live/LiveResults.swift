import Foundation

/// A game's results, as the host downloads them and the data folder keeps them: every
/// player best first with their totals, then each question's picks, seconds and points.
public struct LiveResults: Sendable {
  public let game: LiveGame

  public init(_ game: LiveGame) { self.game = game }

  /// One row per player: `name,score,correct,wrong,unanswered,rank`, then for each
  /// question `Qn answer` (answer numbers from 1, `2+3` for several), `Qn seconds` and
  /// `Qn points`; a question asked before the player joined is left empty. Names are
  /// guarded against formulas (``CSVText/cell(_:)-(String)``).
  public var csv: String {
    var header = ["name", "score", "correct", "wrong", "unanswered", "rank"]
    for number in game.setup.questions.indices.map({ $0 + 1 }) {
      header += ["Q\(number) answer", "Q\(number) seconds", "Q\(number) points"]
    }
    var text = CSVText.row(header)
    for player in game.ranking {
      var cells = [
        CSVText.cell(player.name.text), CSVText.cell(player.score), CSVText.cell(player.correct),
        CSVText.cell(player.wrong), CSVText.cell(player.unanswered), CSVText.cell(game.rank(of: player)),
      ]
      for answer in player.answers {
        guard let answer, answer.outcome != nil else {
          cells += ["", "", ""]
          continue
        }
        cells.append(answer.picks.map { String($0 + 1) }.joined(separator: "+"))
        cells.append(answer.milliseconds.map(Self.seconds) ?? "")
        cells.append(CSVText.cell(answer.points))
      }
      text += CSVText.row(cells)
    }
    return text
  }

  /// The same as JSON, with the questions and the game's settings.
  public var json: JSONValue {
    let setup = game.setup
    let questions: [JSONValue] = setup.questions.enumerated().map { index, question in
      .object([
        ("text", .string(question.text)), ("answers", .array(question.answers.map(JSONValue.string))),
        ("correct", .array(question.correct.map(JSONValue.number))),
        ("tally", .array(game.tallies[index].map(JSONValue.number))),
      ])
    }
    let players: [JSONValue] = game.ranking.map { player in
      .object([
        ("name", .string(player.name.text)), ("rank", .number(game.rank(of: player))), ("score", .number(player.score)),
        ("correct", .number(player.correct)), ("wrong", .number(player.wrong)),
        ("unanswered", .number(player.unanswered)),
        ("answers", .array(player.answers.map(Self.answerJSON))),
      ])
    }
    var members: [(key: String, value: JSONValue)] = [
      ("pin", .string(setup.pin)), ("topic", .string(setup.topicName)), ("title", .string(setup.title)),
      ("set", setup.setNumber.map(JSONValue.number) ?? .null), ("scoring", .string(setup.scoring.rawValue)),
      ("seconds", .number(setup.seconds)), ("created", .string(Self.timestamp(setup.created.date))),
    ]
    members.append(("ended", game.ended.map { .string(Self.timestamp($0.date)) } ?? .null))
    members += [("questions", .array(questions)), ("players", .array(players))]
    return .object(members)
  }

  private static func answerJSON(_ answer: LiveGame.Answer?) -> JSONValue {
    guard let answer, let outcome = answer.outcome else { return .null }
    return .object([
      ("picks", .array(answer.picks.map(JSONValue.number))),
      ("seconds", answer.milliseconds.map { .number(Double($0) / 1000) } ?? .null),
      ("outcome", .string(outcome.rawValue)), ("points", .number(answer.points)),
    ])
  }

  private static func seconds(_ milliseconds: Int) -> String {
    String(milliseconds / 1000) + "." + String(1000 + milliseconds % 1000).dropFirst()
  }

  static func timestamp(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }
}
