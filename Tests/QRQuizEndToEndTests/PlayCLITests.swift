import Foundation
import QRQuiz
import QRQuizClassroom
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

/// `qrquiz play`, `cards` and `stats` as a player uses them: scripted in plain mode (one
/// answer per line), with the statistics they leave behind.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct PlayCLITests {
  let home: TemporaryDirectory

  init() throws { home = try TemporaryDirectory() }

  var environment: [String: String] {
    var environment = home.qrquizEnvironment
    environment["NO_COLOR"] = "1"
    return environment
  }

  func qrquiz(_ arguments: [String], input: String = "") throws -> ProcessResult {
    try ProcessRunner.qrquiz(arguments, stdin: Data(input.utf8), environment: environment)
  }

  /// Two sets in file order, no timer: set 1 is "2+2?" (4) and "Capital of France?"
  /// (Paris), set 2 one question with two correct answers.
  func writeTopic(options: String = #""questionsInRandomOrder":false"#, name: String = "quiz.json") throws -> String {
    let path = home.path(name)
    let json = """
      {"options":{"name":"Maths and more",\(options)},"sets":[
        [{"question":"2+2?","answers":["3","4","5"],"correct":1},
         {"question":"Capital of France?","answers":["Rome","Paris","Oslo"],"correct":1}],
        [{"question":"Even numbers?","answers":["1","2","3","4"],"correctAnswers":[1,3]}]
      ]}
      """
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  func statistics() throws -> [String: Any] {
    let result = try qrquiz(["stats", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
  }

  @Test func theExplanationFollowsTheVerdict() throws {
    let path = home.path("why.json")
    let json = #"""
      {"options":{"name":"Space","questionsInRandomOrder":false},"sets":[[
        {"question":"Closest planet to the Sun?","answers":["Venus","Mercury"],"correct":1,
         "explanation":"Mercury orbits at 0.39 AU.\nVenus is second.\u001b[31m"},
        {"question":"Largest planet?","answers":["Jupiter","Saturn"],"correct":0}]]}
      """#
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    let result = try qrquiz(["play", path, "--no-images"], input: "2\n1\n")
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let verdict = try #require(lines.firstIndex(of: "Right! +20 points"))
    #expect(lines[verdict + 1] == "Why: Mercury orbits at 0.39 AU.")
    // A stranger's text never drives the terminal.
    #expect(lines[verdict + 2] == "  Venus is second.\\u{1B}[31m")
    #expect(lines[verdict + 3] == "")
    #expect(!result.stdoutText.contains("\u{1B}"))
    #expect(lines.filter { $0.hasPrefix("Why:") }.count == 1)
  }

  @Test func aScriptedPlayFollowsTheRulesAndRecordsTheSetOnce() throws {
    let topic = try writeTopic()
    // Set 1: right, then wrong; decline the repeat.
    let first = try qrquiz(["play", topic, "--no-images"], input: "1\n2\n1\nn\n")
    #expect(first.status == 0, "\(first.stderr)")
    let lines = first.stdoutText.split(separator: "\n").map(String.init)
    #expect(lines.contains("Maths and more: 2 sets"))
    #expect(lines.contains("  1. Set 1 (2 questions)"))
    #expect(lines.contains("Question 1/2"))
    #expect(lines.contains("  2. 4"))
    #expect(lines.contains("Answer (1-3, h for help at 5 points, q to quit):"))
    #expect(lines.contains("Right! +20 points"))
    #expect(lines.contains("Wrong. -10 points"))
    #expect(lines.contains("Set 1 over: 1/2 correct, 1 wrong, 0 help, score 10"))
    // Recorded as the set ends, before the repeat is offered.
    let recorded = try #require(lines.firstIndex(of: "recorded for default: total score 10"))
    #expect(lines[recorded - 1] == "Set 1 over: 1/2 correct, 1 wrong, 0 help, score 10")
    #expect(lines.last == "Repeat the set? (y/n)")
    var stats = try statistics()
    #expect(stats["score"] as? Int == 10 && stats["correct"] as? Int == 1 && stats["wrong"] as? Int == 1)
    #expect((stats["completedSets"] as? [String: [Int]]) == ["Maths and more": [1]])
    // Played again, all right: a score, but the totals stay.
    let again = try qrquiz(["play", topic, "--set", "1", "--no-images"], input: "2\n2\n")
    #expect(again.stdoutText.contains("Set 1 over: 2/2 correct, 0 wrong, 0 help, score 40"))
    #expect(again.stdoutText.contains("set 1 was completed before: the totals stay as they were (total score 10)"))
    stats = try statistics()
    #expect(stats["score"] as? Int == 10)
  }

  /// A GIFT file of nine questions whose seventh is true/false, imported: the app's format
  /// makes it three sets ("Questions 1–6", "Question 7", "Questions 8–9"), one list.
  func importedList() throws -> String {
    let gift = home.path("cells.gift")
    var questions = (1...9).map { "Cell question \($0)? {=right \($0) ~wrong a ~wrong b ~wrong c}" }
    questions[6] = "Cell question 7? {T}"
    try Data(questions.joined(separator: "\n\n").utf8).write(to: URL(fileURLWithPath: gift))
    let topic = home.path("cells.json")
    let imported = try qrquiz(["import", gift, "-o", topic])
    #expect(imported.status == 0, "\(imported.stderr)")
    return topic
  }

  @Test func aListImportedFromOneFileIsPlayedAsOneQuizInOrder() throws {
    let topic = try importedList()
    // One choice, so no menu: the nine questions in the file's order, then one result.
    let result = try qrquiz(["play", topic, "--no-images"], input: "1\n1\n1\n1\n1\n1\n1\n1\n1\n")
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdoutText.split(separator: "\n").map(String.init)
    #expect(!lines.contains { $0.hasPrefix("Choose a set") }, "\(result.stdoutText)")
    #expect(lines.filter { $0.hasPrefix("Question ") } == (1...9).map { "Question \($0)/9" })
    #expect(lines.filter { $0.hasPrefix("Cell question") } == (1...9).map { "Cell question \($0)?" })
    #expect(lines.first == "cells: 9 questions", "\(result.stdoutText)")
    #expect(lines.contains("cells over: 9/9 correct, 0 wrong, 0 help, score 180"), "\(result.stdoutText)")
    #expect((try statistics()["completedSets"] as? [String: [Int]]) == ["cells": [1, 2, 3]])
    // The cards are the whole list's, in order.
    let cards = try qrquiz(["cards", topic], input: "n\nn\nn\nn\nn\nn\nn\nn\nq\n")
    #expect(cards.status == 0, "\(cards.stderr)")
    let shown = cards.stdoutText.split(separator: "\n").map(String.init)
    #expect(shown.filter { $0.hasPrefix("Card ") } == (1...9).map { "Card \($0)/9: Cell question \($0)?" })
  }

  @Test func mandatoryAnswersHelpAndRepeatsInPlainMode() throws {
    let topic = try writeTopic(options: #""questionsInRandomOrder":false,"multipleCorrectAnswersAsMandatory":true"#)
    // Set 2: no points yet, so help is refused; "2,1" is one right and one wrong pick;
    // then repeat once (the total goes back to 0) and answer "2,4".
    let result = try qrquiz(["play", topic, "--set", "2", "--seed", "3", "--no-images"], input: "h\n2,1\ny\n2,4\n")
    #expect(result.status == 0, "\(result.stderr)")
    let out = result.stdoutText
    #expect(out.contains("Pick 2 answers, e.g. 1,2 (1-4, h for help at 5 points, q to quit):"), "\(out)")
    #expect(out.contains("Not enough points for help (it costs 5)."))
    #expect(out.contains("Set 2 over: 1/1 correct, 1 wrong, 0 help, score 10"))
    #expect(out.contains("Repeat 1 of 2: the total score is back to 0"))
    #expect(out.contains("Set 2 over: 2/1 correct, 0 wrong, 0 help, score 40"))
    // The first completion counted (score 10); the repeat is practice.
    #expect(out.contains("a repeat is practice: the statistics keep the set's first completion"))
    #expect(try statistics()["score"] as? Int == 10)
  }

  @Test func quittingARepeatLosesNothing() throws {
    let topic = try writeTopic(options: #""questionsInRandomOrder":false"#)
    // Set 1: one right, one wrong; repeat; quit the repeat at its first question.
    let result = try qrquiz(["play", topic, "--set", "1", "--no-images"], input: "2\n1\ny\nq\n")
    #expect(result.status == 0, "\(result.stderr)")
    let stats = try statistics()
    #expect(stats["score"] as? Int == 10)
    #expect((stats["completedSets"] as? [String: [Int]]) == ["Maths and more": [1]])
  }

  @Test func aTotalSampleIsSpreadOverTheSetsAndChangesNoStatistics() throws {
    let topic = try writeTopic()
    let result = try qrquiz(["play", topic, "--sample", "2", "--seed", "1", "--no-images"], input: "1\n1\nq\n")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdoutText.contains("Maths and more: 2 questions from 2 categories"), "\(result.stdoutText)")
    #expect(result.stdoutText.contains("a sampled quiz is practice: the statistics stay as they were"))
    #expect(try statistics()["score"] as? Int == 0)
    #expect(try QuizSession.spread(7, over: [2, 10, 3]) == [2, 3, 2])
    #expect(try QuizSession.spread(5, over: [1, 1, 10]) == [1, 1, 3])
    #expect(throws: QuizSession.SetupError.sampleTooLarge(set: 0, asked: 9, has: 8)) {
      try QuizSession.spread(9, over: [4, 4])
    }
  }

  @Test func helpHidesAWrongAnswerOnceThereArePoints() throws {
    let topic = try writeTopic()
    let result = try qrquiz(["play", topic, "--set", "1", "--seed", "9", "--no-images"], input: "2\nh\n2\n")
    let out = result.stdoutText
    #expect(out.range(of: #"Help hid answer [13] \(-5 points\)\."#, options: .regularExpression) != nil, "\(out)")
    #expect(out.contains("Set 1 over: 2/2 correct, 0 wrong, 1 help, score 35"))
  }

  @Test func theCountdownEndsTheSetWhileWaitingForALine() throws {
    let topic = try writeTopic(options: #""questionsInRandomOrder":false,"timePerSetInSeconds":1"#)
    // Standard input stays open and silent after the first answer.
    let input = Pipe()
    let output = home.url.appendingPathComponent("out")
    let process = try ChildProcess(
      ProcessRunner.qrquiz, ["play", topic, "--set", "1", "--no-images"], environment: environment,
      stdin: .descriptor(input.fileHandleForReading.fileDescriptor), stdout: output)
    defer { process.killNow() }
    input.fileHandleForWriting.write(Data("2\n".utf8))
    // Say nothing more until the set is over, however long that takes; then decline the repeat.
    let asked = process.wait(until: {
      ((try? String(contentsOf: output, encoding: .utf8)) ?? "").contains("Repeat the set?")
    })
    #expect(asked == .done, "no repeat question: \(asked)")
    input.fileHandleForWriting.write(Data("n\n".utf8))
    try input.fileHandleForWriting.close()
    #expect(process.wait(), "play did not end")
    let out = try String(contentsOf: output, encoding: .utf8)
    #expect(out.range(of: #"Question 1/2 \((1\.0|0\.\d) left\)"#, options: .regularExpression) != nil, "\(out)")
    #expect(out.contains("time ran out"))
    #expect(out.contains("Set 1 over: 1/2 correct, 0 wrong, 0 help, score 20 (time ran out)"))
  }

  @Test func aSampledQuizEndsWithResultsPerCategoryAndAReview() throws {
    let path = home.path("mix.json")
    let sets = (0..<3).map { set in
      (0..<4).map { index in
        #"{"question":"S\#(set)Q\#(index)","answers":["yes","no"],"correct":0}"#
      }.joined(separator: ",")
    }
    let json =
      #"{"options":{"name":"Mix","setNames":["Science","History","Art"]},"sets":[[\#(sets.joined(separator: "],["))]]}"#
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    // Answer "yes" twice then "no" for everything else; then review, then quit.
    let result = try qrquiz(
      ["play", path, "--sample", "2,2,1", "--seed", "4", "--no-images"], input: "1\n1\n2\n2\n2\nr\nq\n")
    #expect(result.status == 0, "\(result.stderr)")
    let out = result.stdoutText
    #expect(out.contains("Mix: 5 questions from 3 categories"))
    #expect(out.range(of: #"  Science  +\d+%  \d correct  \d incorrect"#, options: .regularExpression) != nil, "\(out)")
    #expect(out.contains("Review incorrect answers (r), restart (s), or quit (q)?"))
    #expect(out.contains("Incorrect answers:"))
    #expect(out.contains("    your answer: 2. no"))
    #expect(out.contains("    correct: 1. yes"))
  }

  @Test(arguments: [
    (["--set", "3"], ".json: there is no set 3: the topic has 2 sets (1-2)"),
    (["--sample", "1,9"], ".json: set 2 has 1 question; 9 were asked for"),
    (["--sample", "1,1,1"], ".json: give one count per set, or one total: 2 sets, 3 counts"),
    (["--sample", "9"], ".json: the topic has 3 questions; 9 were asked for"),
    (["--sample", "1,x"], "--sample must be whole numbers separated by commas"),
  ])
  func impossibleRequestsAreOneLineErrorsBeforeAnythingIsDrawn(_ extra: [String], _ message: String) throws {
    let result = try qrquiz(["play", try writeTopic()] + extra)
    #expect(result.status == 2)
    #expect(result.stdoutText.isEmpty)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1)
  }

  @Test func anInvalidTopicGetsTheSameProblemsAsValidate() throws {
    let path = home.path("bad.json")
    try Data(#"{"sets":[[],[{"question":"","answers":["a","a"],"correct":0}]]}"#.utf8)
      .write(to: URL(fileURLWithPath: path))
    let result = try qrquiz(["play", path])
    #expect(result.status == 1)
    #expect(result.stdoutText.isEmpty)
    let validate = try qrquiz(["validate", path])
    let problemLines = validate.stdoutText.split(separator: "\n").filter { $0.contains(": error: ") }
    #expect(problemLines.count == 3)
    #expect(result.stderr == "\(path): invalid (3 problems)\n" + problemLines.map { $0 + "\n" }.joined())
  }

  @Test func topicsArePlayedFromSavedNamesAndQRImages() throws {
    let topic = try writeTopic()
    #expect(try qrquiz(["topics", "add", topic]).status == 0)
    let saved = try qrquiz(["play", "Maths and more", "--set", "2", "--no-images"], input: "2\n")
    #expect(saved.stdoutText.contains("Set 2 of Maths and more"), "\(saved.stderr)")
    // A saved name as people type it: case and accents aside, when only one matches.
    let loose = try qrquiz(["play", "maths AND more", "--set", "2", "--no-images"], input: "2\n")
    #expect(loose.stdoutText.contains("Set 2 of Maths and more"), "\(loose.stderr)")
    let near = try qrquiz(["play", "Maths and mor"])
    #expect(near.status == 3 && near.stderr.contains("did you mean Maths and more?"), "\(near.stderr)")
    let image = home.path("quiz.png")
    #expect(try qrquiz(["encode", topic, "-o", image]).status == 0)
    let fromImage = try qrquiz(["play", image, "--set", "1", "--no-images"], input: "2\n2\n")
    #expect(fromImage.stdoutText.contains("Set 1 over: 2/2 correct"), "\(fromImage.stderr)")
    let missing = try qrquiz(["play", "No such topic"])
    #expect(missing.status == 3)
    #expect(missing.stderr.contains("no such file, and no saved topic by that name"))
  }

  @Test func statisticsAreKeptPerProfileAndCanBeReset() throws {
    let topic = try writeTopic()
    #expect(try qrquiz(["profile", "add", "Ada"]).status == 0)
    #expect(try qrquiz(["profile", "use", "Ada"]).status == 0)
    _ = try qrquiz(["play", topic, "--set", "1", "--no-images"], input: "2\n2\n")
    #expect(try statistics()["profile"] as? String == "Ada")
    #expect(try statistics()["score"] as? Int == 40)
    // The default player is called "default", though it is not a profile.
    let other = try qrquiz(["stats", "--json", "--profile", "default"])
    #expect(other.status == 0 && other.stdoutText.contains(#""profile":"default","score":0"#), "\(other.stderr)")
    let typo = try qrquiz(["stats", "--profile", "Adda"])
    #expect(typo.status == 3 && typo.stderr.contains("no profile named 'Adda'; did you mean Ada?"))
    #expect(try qrquiz(["profile", "use", "--default"]).status == 0)
    #expect(try statistics()["score"] as? Int == 0)
    // A reset cannot be undone: asked on a terminal, --yes in a script.
    let unasked = try qrquiz(["stats", "--reset", "--profile", "Ada"])
    #expect(unasked.status == 2 && unasked.stderr.contains("give --yes as well"))
    #expect(try qrquiz(["stats", "--json", "--profile", "ada"]).stdoutText.contains(#""score":40"#))
    #expect(try qrquiz(["stats", "--reset", "--yes", "--profile", "Ada"]).status == 0)
    #expect(try qrquiz(["stats", "--json", "--profile", "ada"]).stdoutText.contains(#""score":0"#))
  }

  @Test func corruptStatisticsAreSetAsideAndReported() throws {
    let records = try RecordStore(file: home.url.appendingPathComponent("data/qrquiz/\(RecordStore.fileName)"))
    try records.write { database throws(DatabaseError) in
      try database.execute("INSERT INTO statistics (profile_key, statistics) VALUES ('default', 'garbage')")
    }
    let result = try qrquiz(["play", try writeTopic(), "--set", "1", "--no-images"], input: "2\n2\n")
    #expect(result.status == 0)
    #expect(result.stderr.contains("statistics were corrupt; set aside as default.corrupt-"), "\(result.stderr)")
    let kept = try records.read { database throws(DatabaseError) in
      try database.value(
        "SELECT statistics FROM statistics WHERE profile_key LIKE 'default.corrupt-%'", as: String.self)
    }
    #expect(kept == "garbage")
    #expect(try statistics()["score"] as? Int == 40)
  }

  @Test func flashCardsTurnAndMove() throws {
    let result = try qrquiz(["cards", try writeTopic(), "--plain"], input: "t\nn\nt\np\nq\n")
    #expect(result.status == 0)
    #expect(
      result.stdoutText == """
        Card 1/2: 2+2?
        Card 1/2 answer: 4
        Card 2/2: Capital of France?
        Card 2/2 answer: Paris
        Card 1/2: 2+2?

        """)
  }

  @Test func flashCardsOfASetTheTopicLacksAreAnErrorNamingIt() throws {
    let topic = try writeTopic()
    let missing = try qrquiz(["cards", topic, "--set", "3", "--plain"])
    #expect(missing.status == 2)
    #expect(missing.stdoutText.isEmpty)
    #expect(
      missing.stderr
        == "qrquiz cards: \(topic): there is no set 3: the topic has 2 sets (1-2) (see 'qrquiz cards --help')\n")
    let zero = try qrquiz(["cards", topic, "--set", "0", "--plain"])
    #expect(zero.status == 2)
    #expect(zero.stderr.contains("--set must be 1 or more, not '0'"), "\(zero.stderr)")
  }
}

/// The terminal's own words in the locale's language: Spanish for `es_*`, English
/// otherwise; the topic's text as its author wrote it.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct TerminalLanguageTests {
  let home: TemporaryDirectory

  init() throws { home = try TemporaryDirectory() }

  func qrquiz(_ arguments: [String], input: String = "", locale: String) throws -> ProcessResult {
    var environment = home.qrquizEnvironment
    environment["LC_ALL"] = nil
    environment["LC_MESSAGES"] = nil
    environment["LANG"] = locale
    return try ProcessRunner.qrquiz(arguments, stdin: Data(input.utf8), environment: environment)
  }

  func topic() throws -> String {
    let path = home.path("quiz.json")
    try Data(
      #"{"options":{"name":"Maths","questionsInRandomOrder":false},"sets":[[{"question":"2+2?","answers":["3","4","5"],"correct":1},{"question":"3+3?","answers":["5","6","7"],"correct":1}]]}"#
        .utf8
    ).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func playSpeaksSpanishForASpanishLocale() throws {
    let result = try qrquiz(["play", try topic(), "--no-images"], input: "2\n1\nn\n", locale: "es_ES.UTF-8")
    #expect(result.status == 0, "\(result.stderr)")
    let out = result.stdoutText
    for line in [
      "Pregunta 1/2", "Respuesta (1-3, h para la ayuda por 5 puntos, q para salir):", "¡Correcto! +20 puntos",
      "Fin del bloque 1: 1/2 correctas, 1 incorrectas, 0 ayudas, puntuación 10", "¿Repetir el bloque? (s/n)",
      "2+2?",
    ] {
      #expect(out.contains(line), "\(line)\n\(out)")
    }
    #expect(!out.contains("Question 1/2"))
    // Any other locale: English.
    let english = try qrquiz(["play", try topic(), "--no-images"], input: "2\n2\n", locale: "fr_FR.UTF-8")
    #expect(english.stdoutText.contains("Question 1/2") && english.stdoutText.contains("Right! +20 points"))
  }

  @Test func newAndCardsAndTheirHelpSpeakSpanishToo() throws {
    let script = "Sumas\n\ns\nn\n\n\n\n2+2?\n3\n4\n\n2\n\n\n"
    let created = try qrquiz(["new", "-o", home.path("sumas.json")], input: script, locale: "es_MX")
    #expect(created.status == 0, "\(created.stderr)")
    #expect(created.stdoutText.contains("Nombre del tema:") && created.stdoutText.contains("Bloque 1, pregunta 1:"))
    #expect(created.stdoutText.contains("¿Preguntas en orden aleatorio? [S/n]"))
    let topic = try TopicReader.topic(
      json: Array(try Data(contentsOf: URL(fileURLWithPath: home.path("sumas.json")))), source: "sumas.json",
      sourceName: "sumas")
    #expect(topic.topic.options?.questionsInRandomOrder == true && topic.topic.options?.helpButtonEnabled == false)
    let cards = try qrquiz(["cards", try self.topic(), "--plain"], input: "t\nq\n", locale: "es_ES.UTF-8")
    #expect(cards.stdoutText.contains("Tarjeta 1/2: 2+2?") && cards.stdoutText.contains("Tarjeta 1/2 respuesta: 4"))
    for command in ["play", "cards", "new"] {
      let help = try qrquiz([command, "--help"], locale: "es_ES.UTF-8").stdoutText
      #expect(help.hasPrefix("uso: qrquiz \(command) [opciones]") && help.contains("muestra esta ayuda"), "\(help)")
      let english = try qrquiz([command, "--help"], locale: "C").stdoutText
      #expect(english.hasPrefix("usage: qrquiz \(command) [options]"))
    }
  }
}
