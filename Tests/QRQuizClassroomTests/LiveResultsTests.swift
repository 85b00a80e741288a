import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom

/// The results as a teacher opens them: the CSV read back by Python's `csv` module in the
/// Excel dialect (as a spreadsheet splits it), with the byte-order mark, accents, the
/// question texts, the removed players and the formula guard.
@Suite struct LiveResultsTests {
  typealias Game = LiveGameFixtures

  /// Three questions; the game ends after the second, a player removed during it.
  static func playedGame() throws -> LiveGame {
    var setup = Game.setup(scoring: .accuracy)
    setup.questions = [
      LiveQuestion(text: "¿Qué río pasa por Sevilla?", answers: ["Guadalquivir", "Río Tajo", "=1+1"], correct: [0]),
      LiveQuestion(text: "=SUM(A1) is a formula?", answers: ["-5", "@home", "Yes, \"quoted\""], correct: [1, 2]),
      LiveQuestion(text: "Never asked", answers: ["a", "b"], correct: [0]),
    ]
    var game = LiveGame(setup: setup)
    for (number, name) in ["Chloé", "=HYPERLINK(\"x\")", "Bob", "Zoë"].enumerated() {
      _ = try game.join(name: name, browser: nil, secret: Game.secret(number + 1), at: Game.t(0))
    }
    _ = try game.next(at: Game.t(0))
    _ = try game.answer(secret: Game.secret(1), question: 0, picks: [0], at: Game.t(1.5))
    _ = try game.answer(secret: Game.secret(2), question: 0, picks: [2], at: Game.t(2))
    _ = try game.answer(secret: Game.secret(3), question: 0, picks: [0], at: Game.t(3))
    _ = try game.next(at: Game.t(10))
    _ = try game.next(at: Game.t(11))
    _ = try game.answer(secret: Game.secret(1), question: 1, picks: [2, 1], at: Game.t(12.25))
    _ = try game.answer(secret: Game.secret(3), question: 1, picks: [0], at: Game.t(13))
    _ = try game.kick(name: "Bob", ban: false, at: Game.t(14))
    _ = try game.end(at: Game.t(15))
    return game
  }

  /// The CSV's rows as Python's `csv.reader` (Excel dialect) gives them, read with
  /// `utf-8-sig` as a spreadsheet reads a file with a byte-order mark.
  static func spreadsheetRows(_ csv: String) throws -> [[String]] {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("results.csv")
    try Data(csv.utf8).write(to: file)
    let script = """
      import csv, json, sys
      with open(sys.argv[1], encoding="utf-8-sig", newline="") as f:
          print(json.dumps(list(csv.reader(f, dialect="excel"))))
      """
    let result = try ProcessRunner.tool("python3", ["-c", script, file.path])
    try #require(result.status == 0, "\(result.stderr)")
    return try JSONDecoder().decode([[String]].self, from: result.stdout)
  }

  @Test(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread)
  func aSpreadsheetReadsNamesAccentsQuestionsAndRemovedPlayers() throws {
    let results = LiveResults(try Self.playedGame())
    #expect(Array(results.csv.utf8.prefix(3)) == [0xEF, 0xBB, 0xBF], "a UTF-8 byte-order mark")
    let rows = try Self.spreadsheetRows(results.csv)
    let header = rows[0]
    #expect(header.first == "name", "the byte-order mark is not part of the first cell")
    #expect(
      header == [
        "name", "score", "correct", "wrong", "unanswered", "rank", "Q1 answer", "Q1 answer text", "Q1 seconds",
        "Q1 points", "Q2 answer", "Q2 answer text", "Q2 seconds", "Q2 points",
      ], "only the two questions played")
    func row(_ name: String) -> [String]? { rows.first { $0.first == name } }
    #expect(
      row("Chloé") == [
        "Chloé", "2000", "2", "0", "0", "1", "1", "Guadalquivir", "1.500", "1000", "3+2", "Yes, \"quoted\"; @home",
        "1.250", "1000",
      ])
    // A formula stays text: a leading apostrophe, in the name and in an answer's text.
    #expect(
      row("'=HYPERLINK(\"x\")") == [
        "'=HYPERLINK(\"x\")", "0", "0", "1", "1", "2", "3", "'=1+1", "2.000", "0", "", "", "", "0",
      ])
    #expect(row("Zoë") == ["Zoë", "0", "0", "0", "2", "2", "", "", "", "0", "", "", "", "0"])
    // Bob was removed during question 2: kept, marked, with both answers.
    #expect(
      row("Bob") == [
        "Bob", "1000", "1", "0", "0", "removed", "1", "Guadalquivir", "3.000", "1000", "1", "'-5", "2.000", "",
      ])
    #expect(rows.firstIndex { $0.first == "Bob" } == 4, "after the players still in the game")

    // Under an empty row, the questions with their texts and right answers.
    let blank = try #require(rows.firstIndex { $0.isEmpty })
    #expect(blank == 5)
    #expect(
      rows[6] == [
        "question", "set", "text", "right answer", "right answer text", "right", "wrong", "unanswered", "answer 1",
        "picked 1", "answer 2", "picked 2", "answer 3", "picked 3",
      ])
    #expect(
      rows[7] == [
        "1", "", "¿Qué río pasa por Sevilla?", "1", "Guadalquivir", "2", "1", "1", "Guadalquivir", "2", "Río Tajo", "0",
        "'=1+1", "1",
      ])
    #expect(
      rows[8] == [
        "2", "", "'=SUM(A1) is a formula?", "2+3", "'@home; Yes, \"quoted\"", "1", "0", "2", "'-5", "0", "'@home", "1",
        "Yes, \"quoted\"", "1",
      ])
    #expect(rows.count == 9)
  }

  @Test(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) func eachQuestionSaysItsSetAsTheJSONDoes() throws {
    // A list of three runs played as one quiz (sets 1–3), as an imported spreadsheet is.
    let setup = try LiveGame.Setup.make(
      topic: LiveGameFixtures.listedTopic(), topicName: "Lesson", setNumber: 1, scoring: .accuracy, pin: "123456",
      hostSecret: String(repeating: "f", count: 32), created: Game.t(0), seed: 1)
    var game = LiveGame(setup: setup)
    _ = try game.join(name: "Chloé", browser: nil, secret: Game.secret(1), at: Game.t(0))
    // Zoë never answers: no question closes before the host closes it.
    _ = try game.join(name: "Zoë", browser: nil, secret: Game.secret(2), at: Game.t(0))
    for question in setup.questions.indices {
      _ = try game.next(at: Game.t(Double(question * 10)))
      _ = try game.answer(secret: Game.secret(1), question: question, picks: [0], at: Game.t(Double(question * 10 + 1)))
      _ = try game.next(at: Game.t(Double(question * 10 + 2)))
    }
    _ = try game.end(at: Game.t(100))
    let results = LiveResults(game)
    #expect(Array(results.csv.utf8.prefix(3)) == [0xEF, 0xBB, 0xBF], "a UTF-8 byte-order mark")
    let rows = try Self.spreadsheetRows(results.csv)
    let header = try #require(rows.firstIndex { $0.first == "question" })
    #expect(Array(rows[header].prefix(3)) == ["question", "set", "text"])
    let questions = rows[(header + 1)...]
    #expect(questions.map { $0[1] } == ["1", "1", "2", "3", "3"])
    #expect(questions.map { $0[2] } == ["q1", "q2", "q3", "q4", "q5"])
    guard case .array(let asked)? = results.json["questions"] else {
      return #expect(Bool(false), "no questions in \(results.json.compactText)")
    }
    #expect(
      asked.map { $0["set"] ?? .null } == questions.map { JSONValue.number(Double($0[1]) ?? -1) },
      "the JSON's sets, the same")
    #expect(rows.first { $0.first == "Chloé" }?[5] == "1")
  }

  @Test func theJSONHasTheSameQuestionsPlayersAndTexts() throws {
    let json = LiveResults(try Self.playedGame()).json
    guard case .array(let questions)? = json["questions"], case .array(let players)? = json["players"] else {
      Issue.record("no questions or players in \(json.compactText)")
      return
    }
    #expect(questions.count == 2 && questions[1]["text"] == .string("=SUM(A1) is a formula?"))
    #expect(players.map { $0["name"] } == ["Chloé", "=HYPERLINK(\"x\")", "Zoë", "Bob"].map { .string($0) })
    let bob = players[3]
    #expect(bob["removed"] == .bool(true) && bob["rank"] == .null)
    guard case .array(let answers)? = bob["answers"] else {
      Issue.record("no answers for Bob")
      return
    }
    #expect(answers.count == 2)
    #expect(answers[1]["texts"] == .array([.string("-5")]) && answers[1]["outcome"] == .null)
    guard case .array(let chloesAnswers)? = players[0]["answers"] else {
      Issue.record("no answers for Chloé")
      return
    }
    #expect(
      chloesAnswers[0]["texts"] == .array([.string("Guadalquivir")])
        && chloesAnswers[0]["picks"] == .array([.number(0)]))
  }
}
