import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizInterchange

/// Each format's sample (Fixtures/import, with the awkward cases), imported and checked
/// question by question; every imported topic validated and read back from its QR code.
@Suite struct ImportTests {
  func importFixture(
    _ name: String, format: ImportFormat? = nil, options: TopicImporter.Options = .init(skipInvalid: true)
  ) throws -> TopicImporter.Result {
    try TopicImporter.importTopic(Fixtures.bytes("import/\(name)"), format: format, fileName: name, options: options)
  }

  /// question, answers, correct answers, image, numeric answer.
  typealias Expected = (String, [String], [UInt8], String?, NumericAnswer?)

  func expect(_ set: [Topic.Question], _ expected: [Expected], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(set.count == expected.count, sourceLocation: sourceLocation)
    for (question, (text, answers, correct, image, numeric)) in zip(set, expected) {
      #expect(question.question == text, sourceLocation: sourceLocation)
      #expect(question.answers == answers, "\(text)", sourceLocation: sourceLocation)
      #expect(question.mergedCorrectAnswers == correct, "\(text)", sourceLocation: sourceLocation)
      #expect(question.imageURL == image, "\(text)", sourceLocation: sourceLocation)
      #expect(question.numericAnswer == numeric, "\(text)", sourceLocation: sourceLocation)
    }
  }

  /// The topic the app would accept, and the same after a QR code and back (but for the
  /// keys only QRQuiz's own front ends use, which a code leaves out: ``Topic/forQRCode``).
  func roundTrip(_ topic: ValidTopic, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let document = try TopicDocument(bytes: Array(topic.normalizedJSON.utf8))
    #expect(document.isValid, "\(document.problems)", sourceLocation: sourceLocation)
    let symbols = try TopicQREncoder().encode(topic)
    let image = try ImageDecoder.decode(try SymbolSheet(matrices: symbols.matrices, scale: 3, margin: 4).pngData())
    var collector = TopicCollector()
    for symbol in try QRCodeReader(timeLimit: .infinity).scan(image).symbols {
      try collector.add(symbol, from: "sheet")
    }
    guard case .topic(let read, _)? = try collector.finish().first else {
      Issue.record("nothing read back", sourceLocation: sourceLocation)
      return
    }
    #expect(read.normalizedJSON == topic.topic.forQRCode.normalizedJSON, sourceLocation: sourceLocation)
  }

  @Test func giftQuestionsCategoriesEscapesWeightsAndNumbers() throws {
    let result = try importFixture("sample.gift", options: .init(skipInvalid: true, answerCounts: .split, seed: 1))
    let topic = result.topic.topic
    // In the file's order: a set whose answer counts change is split into consecutive runs.
    #expect(
      topic.options?.setNames == [
        "Geography: questions 1–2", "Geography: question 3", "Geography: question 4", "History: questions 1–2",
        "History: question 3",
      ])
    #expect(topic.options?.setGroups == [0, 0, 0, 1, 1])
    #expect(topic.options?.questionsInRandomOrder == false)
    expect(
      topic.sets[0],
      [
        ("What is the capital of France?", ["Paris", "Rome", "Madrid", "Berlin"], [0], nil, nil),
        ("Which of these rivers flow\nthrough Germany?", ["Rhine", "Danube", "Thames", "Seine"], [0, 1], nil, nil),
      ])
    expect(topic.sets[1], [("The Earth is flat.", ["True", "False"], [1], nil, nil)])
    expect(
      topic.sets[2],
      [
        (
          "What does {x} mean in GIFT: a set?", ["braces = escaped", "a ~ tilde", "a hash # sign", "none"], [0], nil,
          nil
        )
      ])
    expect(
      topic.sets[4],
      [("Moodle costs _____ to download.", ["lots of money", "nothing", "a small amount"], [1], nil, nil)])
    let moon = topic.sets[3][0]
    #expect(moon.question == "In which year did Apollo 11 land on the Moon?")
    #expect(moon.numericAnswer == NumericAnswer(value: 1969, tolerance: 0))
    #expect(moon.answers[Int(moon.mergedCorrectAnswers[0])] == "1969")
    #expect(Set(moon.answers).count == 4 && moon.answers.allSatisfy { Int($0) != nil })
    let pi = topic.sets[3][1]
    #expect(pi.numericAnswer == NumericAnswer(value: 3.14, tolerance: 0.005))
    #expect(pi.answers[Int(pi.mergedCorrectAnswers[0])] == "3.14")
    // Wrong numbers are outside the tolerance and written like the number.
    for (index, answer) in pi.answers.enumerated() where !pi.mergedCorrectAnswers.contains(UInt8(index)) {
      #expect(!pi.numericAnswer!.accepts(Double(answer)!) && answer.count == 4, "\(answer)")
    }
    #expect(
      result.skipped.map(\.description) == [
        "line 34: Matching questions have no form in the Questions app",
        "line 39: Essay questions have no form in the Questions app",
        "line 41: Short-answer questions have no form in the Questions app",
      ])
    #expect(result.summary == "7 questions in 5 sets imported, 3 skipped")
    try roundTrip(result.topic)
  }

  @Test func theSameSeedImportsTheSameTopic() throws {
    let options = TopicImporter.Options(skipInvalid: true, answerCounts: .split, seed: 5)
    #expect(
      try importFixture("sample.gift", options: options).topic == importFixture("sample.gift", options: options).topic)
    #expect(
      try importFixture("opentdb.json", options: .init(skipInvalid: true, answerCounts: .pad, seed: 5)).topic
        == importFixture("opentdb.json", options: .init(skipInvalid: true, answerCounts: .pad, seed: 5)).topic)
  }

  @Test func giftAnswerCountsAreReportedPaddedOrSplit() throws {
    #expect {
      _ = try importFixture("sample.gift", options: .init(skipInvalid: false, answerCounts: .report))
    } throws: { error in
      guard case TopicImporter.Error.invalidQuestions(let issues) = error else { return false }
      return issues.map(\.description) == [
        "line 21: Every question of set 1 must have 4 answers like the first",
        "line 32: Every question of set 2 must have 4 answers like the first",
        "line 34: Matching questions have no form in the Questions app",
        "line 39: Essay questions have no form in the Questions app",
        "line 41: Short-answer questions have no form in the Questions app",
      ]
    }
    let padded = try importFixture("sample.gift", options: .init(skipInvalid: true, answerCounts: .pad, seed: 1)).topic
    let flat = try #require(padded.topic.sets[0].first { $0.question == "The Earth is flat." })
    // Padding reads as answers a student can rule out, never as "(no answer 3)".
    #expect(flat.answers == ["True", "False", "None of these", "All of these"])
    #expect(flat.mergedCorrectAnswers == [1])
    try roundTrip(padded)
    // Split by default, in order, and said why.
    let split = try importFixture("sample.gift")
    #expect(split.topic.topic.options?.setNames?.first == "Geography: questions 1–2")
    #expect(
      split.notes.map(\.description).contains(
        "'Geography' mixes questions of 2 and 4 answers: split into 3 sets of consecutive questions (1–2, 3, 4), in "
          + "the file's order, as the app needs one answer count per set"))
  }

  @Test func giftGivesOnlyFullCreditAndKeepsNumbersAsWritten() throws {
    let result = try importFixture("moodle-style.gift", options: .init(skipInvalid: true, seed: 1))
    let topic = result.topic.topic
    #expect(
      topic.options?.setNames == [
        "Weights: question 1", "Weights: question 2", "Weights: questions 3–4", "Numbers", "Formats",
      ])
    let weights = topic.sets[0] + topic.sets[1] + topic.sets[2]
    func question(_ prefix: String) throws -> Topic.Question {
      try #require(
        weights.first { $0.question.hasPrefix(prefix) } ?? topic.questions.first { $0.question.hasPrefix(prefix) })
    }
    // Partial credit beside a full-credit answer is wrong in the app.
    let hometown = try question("The explorer")
    #expect(hometown.answers == ["Lisbon", "Genoa", "Spain", "Palos"] && hometown.mergedCorrectAnswers == [3])
    #expect(try question("Hard one").mergedCorrectAnswers == [2])
    // Without a full-credit answer, the weights that make up 100% together are right.
    #expect(try question("Which two rivers").mergedCorrectAnswers == [1, 2])
    #expect(try question("Which two planets").mergedCorrectAnswers == [1, 2])
    // Numbers with the precision they were written in; a feedback part keeps the tolerance.
    let pi = try question("What is the value of pi")
    #expect(pi.numericAnswer == NumericAnswer(value: 3.1415, tolerance: 0.0005))
    #expect(pi.answers[Int(pi.mergedCorrectAnswers[0])] == "3.1415")
    #expect(JSONWriter.compact(JSONValue.number(pi.numericAnswer!.value)) == "3.1415")
    #expect(try question("How many legs").numericAnswer == NumericAnswer(value: 3, tolerance: 2))
    // Format markers gone; [html] text plain; no stray space before punctuation.
    #expect(try question("Which colour").answers == ["blue", "green", "red"])
    #expect(try question("Which colour").question == "Which colour is the **sky**?")
    let heavier = try question("Which is")
    #expect(heavier.question == "Which is heavier?" && heavier.answers == ["a ton of lead", "a & b", "neither"])
    #expect(try question("Energy is measured").question == "Energy is measured in _____.")
    try roundTrip(result.topic)
  }

  @Test func aRightAnswerPastTheAppsLastIsRefusedNeverMovedToAnother() throws {
    let wrong = (1...299).map { "~wrong \($0)" }.joined(separator: " ")
    let gift = "Which is right? {\(wrong) =right}\n"
    #expect {
      _ = try TopicImporter.importTopic(Array(gift.utf8), format: .gift)
    } throws: { error in
      guard case TopicImporter.Error.invalidQuestions(let issues) = error else { return false }
      return issues.map(\.description) == [
        "line 1: Answer 300 is marked correct, but the app can mark only answers 1 to 256 correct"
      ]
    }
  }

  @Test func spreadsheetTemplatesReadAsTheyAre() throws {
    let kahoot = try importFixture("kahoot.csv")
    expect(
      kahoot.topic.topic.sets[0],
      [
        ("Which planet is closest to the Sun?", ["Venus", "Mercury", "Earth", "Mars"], [1], nil, nil),
        ("Which of these are prime numbers?", ["2", "4", "5", "9"], [0, 2], nil, nil),
      ])
    #expect(
      kahoot.notes.first?.description.hasPrefix(
        "columns read: 'column A' → question numbers, not needed; 'Question - max 120 characters' → question; "
          + "'Answer 1 - max 75 characters'") == true)
    #expect(
      kahoot.notes.first?.description.contains("'Correct answer(s) - choose at least one' → correct answers") == true)
    let quizizz = try importFixture("quizizz.csv")
    expect(
      quizizz.topic.topic.sets[0],
      [
        (
          "What is the boiling point of water in Celsius?", ["90", "100", "110", "120"], [1],
          "https://example.org/kettle.png", nil
        ),
        ("Which are mammals?", ["Whale", "Shark", "Bat", "Trout"], [0, 2], nil, nil),
      ])
    #expect(
      quizizz.skipped.map(\.description) == [
        "line 4, 'Name a noble gas': Fill-in-the-Blank questions have no form in the Questions app"
      ])
  }

  @Test func aCSVHeaderWithoutACorrectColumnNamesTheLikelyOne() {
    #expect {
      _ = try importFixture("answer-column.csv")
    } throws: { error in
      String(describing: error)
        == "line 1: no column says which answers are right (Correct, Correct answer, Key); is 'Answer' the right answer? call it 'Correct'"
    }
  }

  @Test func aRowOfAnotherSeparatorIsSkippedLikeAnyBadQuestion() throws {
    let result = try importFixture("mixed-separators.csv")
    #expect(result.topic.topic.questions.map(\.question) == ["Capital of Spain?", "Capital of Chile?"])
    #expect(
      result.skipped.map(\.description) == ["line 3: 1 field where the header has 5 (the row is separated by ';')"])
    let ragged = try importFixture("ragged.csv")
    #expect(ragged.skipped.map(\.description) == ["line 3: 3 fields where the header has 4"])
  }

  @Test func aikenOptionsInBothStylesAndMissingOrUnknownAnswers() throws {
    let result = try importFixture("sample.aiken")
    expect(
      result.topic.topic.sets[0],
      [
        (
          "What is the correct answer to this question?",
          ["Is it this one?", "Maybe this answer?", "Possibly this one?", "Must be this one!"], [3], nil, nil
        ),
        (
          "Which LMS has the most quiz import formats?", ["Moodle", "ATutor", "Claroline", "Blackboard"], [0], nil, nil
        ),
      ])
    #expect(
      result.skipped.map(\.description) == [
        "line 14: no ANSWER: line", "line 20: the correct answer 'E' is not one of the answers",
      ])
    try roundTrip(result.topic)
  }

  @Test func csvQuotingSetsImagesAndCorrectAnswersAsLettersNumbersOrText() throws {
    let result = try importFixture("sample.csv")
    let topic = result.topic.topic
    #expect(topic.options?.setNames == ["Maths", "Geography"])
    expect(
      topic.sets[0],
      [
        ("What is 2+2?", ["3", "4", "5", "6"], [1], nil, nil),
        ("Which are even?\n(pick all)", ["1", "2", "3", "4"], [1, 3], nil, nil),
        ("First prime?", ["1", "2", "3", "4"], [1], nil, nil),
      ])
    expect(
      topic.sets[1],
      [
        (
          "Capital of Italy, the \"Eternal City\"?", ["Paris", "Rome", "Oslo", "Bern"], [1],
          "https://example.org/rome.jpg", nil
        )
      ])
    #expect(
      result.skipped.map(\.description) == [
        "line 7, 'Broken correct': the correct answer 'Z' is not one of the answers"
      ])
    let semicolons = try importFixture("semicolon.csv")
    expect(
      semicolons.topic.topic.sets[0],
      [
        ("Welche Farbe hat der Himmel?", ["blau", "grün", "rot"], [0], nil, nil),
        ("Größte Zahl; bitte", ["10", "2,5", "7"], [0], nil, nil),
      ])
    try roundTrip(result.topic)
  }

  @Test func openTriviaEntitiesCategoriesAndTrueFalse() throws {
    let result = try importFixture("opentdb.json", options: .init(skipInvalid: true, answerCounts: .split, seed: 2))
    let topic = result.topic.topic
    #expect(
      topic.options?.setNames == [
        "Science: Computers: question 1", "Science: Computers: question 2", "Entertainment: Music",
      ])
    expect(topic.sets[1], [("The logo for Snapchat is a Bell.", ["True", "False"], [1], nil, nil)])
    let cpu = topic.sets[0][0]
    #expect(cpu.question == "What does \"CPU\" stand for?")
    #expect(
      Set(cpu.answers) == [
        "Central Processing Unit", "Central Process Unit", "Computer Personal Unit", "Central Processor Unit",
      ])
    #expect(cpu.answers[Int(cpu.mergedCorrectAnswers[0])] == "Central Processing Unit")
    let music = topic.sets[2][0]
    #expect(music.question == "Which artist sang 'Café del Mar'?")
    #expect(music.answers[Int(music.mergedCorrectAnswers[0])] == "Energy 52")
    try roundTrip(result.topic)
  }

  @Test(arguments: [
    ("unclosed.gift", "line 1: an answer block '{' is never closed"),
    ("noresults.json", "Open Trivia DB answered response_code 1 (no results)"),
    (
      "spreadsheet.xlsx",
      "not a zip archive, or one cut short (it has no central directory)"
    ),
    ("binary.gift", "line 1: not UTF-8 text (a binary file, or another encoding)"),
  ])
  func brokenFilesAreOneClearError(_ name: String, _ message: String) throws {
    #expect {
      _ = try importFixture(name)
    } throws: { error in
      String(describing: error) == message
    }
  }

  @Test func formatsAreToldFromTheNameOrTheText() {
    #expect(ImportFormat.detect(fileName: "q.gift", text: "") == .gift)
    #expect(ImportFormat.detect(fileName: "q.CSV", text: "") == .csv)
    #expect(ImportFormat.detect(fileName: nil, text: #"{"response_code":0,"results":[]}"#) == .opentdb)
    #expect(ImportFormat.detect(fileName: nil, text: "Q?\nA. x\nB. y\nANSWER: A") == .aiken)
    #expect(ImportFormat.detect(fileName: nil, text: "Q? {=a ~b}") == .gift)
    #expect(ImportFormat.detect(fileName: "x.txt", text: "question,a,b,correct\n") == .csv)
    #expect(ImportFormat.detect(fileName: nil, text: "just words") == nil)
  }

  @Test func oversizedInputIsRefused() {
    let big = [UInt8](repeating: 0x41, count: TopicDocument.maximumSize + 1)
    #expect(throws: TopicImporter.Error.tooLarge(size: big.count, limit: TopicDocument.maximumSize)) {
      _ = try TopicImporter.importTopic(big, format: .csv)
    }
  }

  @Test func imageQuizzesDrawOtherNamesAsWrongAnswers() throws {
    let csv =
      "name,image\nFrance,https://x/fr.png\nItaly,https://x/it.png\nSpain,https://x/es.png\nChile,https://x/cl.png\n"
    let pairs = try ImageQuizGenerator.pairs(fromCSV: csv)
    #expect(pairs.count == 4)
    let quiz = try ImageQuizGenerator.generate(
      pairs: pairs, answers: 3, prompt: "Which country's flag is this?", name: "Flags", seed: 3)
    #expect(quiz.topic.questions.count == 4)
    for question in quiz.topic.questions {
      let right = pairs.first { $0.imageURL == question.imageURL }!.name
      #expect(question.question == "Which country's flag is this?")
      #expect(question.answers.count == 3 && Set(question.answers).count == 3)
      #expect(question.answers[Int(question.mergedCorrectAnswers[0])] == right)
    }
    #expect(
      try ImageQuizGenerator.generate(pairs: pairs, answers: 3, seed: 3)
        == ImageQuizGenerator.generate(pairs: pairs, answers: 3, seed: 3))
    #expect(throws: ImageQuizGenerator.Error.tooFewNames(names: 4, answers: 5)) {
      _ = try ImageQuizGenerator.generate(pairs: pairs, answers: 5)
    }
    try roundTrip(quiz)
  }

  @Test func searchIgnoresCaseAndDiacriticsAndNeedsEveryWord() {
    let search = TextSearch("cafe ZURICH")
    #expect(search.matches(["Café in Zürich"]))
    #expect(search.matches(["Best café", "Zurich lake"]))
    #expect(!search.matches(["Café in Bern"]))
    #expect(!TextSearch("").matches(["anything"]))
  }
}
