import QRQuiz

/// Moodle XML as Moodle writes it (its question bank export; the rules of Moodle's own
/// importer, `question/format/xml/format.php`): `<quiz>` holding `<question>`s.
///
/// - `category` starts a set named by the path's last level (`$course$/top/Unit 1/Fractions`
///   → "Fractions"); the level above names the topic when every set shares it.
/// - `multichoice`: with `single` true the answers of fraction 100 are right (a question
///   with none but partial credit is refused by name); with `single` false the answers of
///   positive fraction are right when they add up to 100%, else the question is refused
///   as partial credit the app cannot give, and the topic asks for every right answer
///   (as Moodle does).
/// - `truefalse` as True/False; `numerical` as the app's numeric answer with its tolerance,
///   its answers of no credit as the choices (else made up, seeded, as GIFT's: named in the
///   notes, and marked as made up in the topic, `madeUpAnswers`, for the editor).
/// - Every other type (essay, shortanswer, matching, cloze, ddwtos, description …) is
///   reported by its name, never turned into something else.
///
/// Text is read as its `format` says (``MoodleText``); general feedback becomes the
/// explanation; the first picture of the question text that the file embeds (or links over
/// http(s), or Moodle 1.9's `<image_base64>`) becomes its picture (``PendingPictures``).
struct MoodleXMLImporter {
  private var imported = ImportedQuestions()
  private var random: SeededRandom
  /// The level above each set's name, when a category has one.
  private var parents: [String?] = []
  private var anyOneRightQuestions = 0
  private var everyRightQuestions = 0
  /// The file's questions read so far, imported or not (the notes count them: "question 4").
  private var questionsRead = 0

  init(random: SeededRandom) { self.random = random }

  mutating func parse(_ text: String) throws(TopicImporter.Error) -> ImportedQuestions {
    var importer = self
    let root = try XMLReader.forEachChild(of: text) { (element) throws(TopicImporter.Error) in
      guard element.name == "question" else { return }
      try importer.read(element)
    }
    guard root == "quiz" else { throw .syntax(line: 1, .notMoodleXML(root: root)) }
    self = importer
    if let parent = parents.first ?? nil, parents.allSatisfy({ $0 == parent }) { imported.suggestedName = parent }
    if everyRightQuestions > 0 {
      imported.mandatoryMultipleAnswers = true
      imported.notes.append(.everyRightAnswerAsked(questions: everyRightQuestions))
      if anyOneRightQuestions > 0 { imported.notes.append(.anyRightAnswerNowAll(questions: anyOneRightQuestions)) }
    }
    return imported
  }

  private mutating func read(_ question: XMLElement) throws(TopicImporter.Error) {
    let type = question.attributes["type"] ?? ""
    if type == "category" {
      let category = question.element("category")
      startSet(path: category?.text(of: "text") ?? category?.text ?? "")
      return
    }
    questionsRead += 1
    switch type {
    case "multichoice": try add(multichoice(question), question)
    case "truefalse": try add(trueFalse(question), question)
    case "numerical": try add(numerical(question), question)
    default:
      imported.issues.append(
        ImportIssue(line: question.line, reason: .unsupported(kind: Self.typeName(type)), label: Self.label(question)))
    }
  }

  /// `$course$/top/Unit 1/Fractions`: a set called "Fractions", under "Unit 1".
  private mutating func startSet(path: String) {
    let levels = CategoryPath.levels(path)
    imported.startSet(named: levels.last)
    parents.append(levels.count >= 2 ? levels[levels.count - 2] : nil)
  }

  private mutating func add(
    _ draft: Read, _ question: XMLElement
  ) throws(TopicImporter.Error) {
    switch draft {
    case .question(var draft):
      draft.line = question.line
      draft.label = Self.label(question)
      draft.explanation = MoodleText.read(question.element("generalfeedback")).text.nonEmpty
      draft.imageURL = try picture(of: question)
      try imported.addToLastSet(draft)
    case .refused(let reason):
      imported.issues.append(ImportIssue(line: question.line, reason: reason, label: Self.label(question)))
    }
  }

  /// A question read, or why it cannot be one.
  private enum Read {
    case question(QuestionDraft)
    case refused(ImportIssue.Reason)
  }

  // MARK: Types

  private mutating func multichoice(_ question: XMLElement) -> Read {
    let answers = question.elements("answer")
    let fractions = answers.map { Double($0.attributes["fraction"] ?? "0") ?? 0 }
    let single = ["true", "1"].contains((question.text(of: "single") ?? "true").trimmingCharacters(in: .whitespaces))
    var right: Set<Int>
    if single {
      right = Set(fractions.indices.filter { fractions[$0] >= 99.99 })
      if right.isEmpty, fractions.contains(where: { $0 > 0 }) { return .refused(.partialCredit) }
      if right.count > 1 { anyOneRightQuestions += 1 }
    } else {
      right = Set(fractions.indices.filter { fractions[$0] > 0 })
      let total = right.reduce(0) { $0 + fractions[$1] }
      if !right.isEmpty, abs(total - 100) > 0.01 * Double(right.count) { return .refused(.partialCredit) }
      if right.count > 1 { everyRightQuestions += 1 }
    }
    return .question(
      QuestionDraft(
        text: MoodleText.questionText(question), answers: answers.map { MoodleText.read($0, singleLine: true).text },
        correct: right))
  }

  private func trueFalse(_ question: XMLElement) -> Read {
    let answers = question.elements("answer")
    guard
      let right = answers.first(where: { (Double($0.attributes["fraction"] ?? "0") ?? 0) >= 99.99 }),
      let isTrue = ["true": true, "false": false][MoodleText.read(right, singleLine: true).text.lowercased()]
    else { return .refused(.missing("true or false answer of 100%")) }
    return .question(
      QuestionDraft(text: MoodleText.questionText(question), answers: ["True", "False"], correct: [isTrue ? 0 : 1]))
  }

  /// The answer of 100% asked as a number; the answers of no credit are the choices.
  private mutating func numerical(_ question: XMLElement) -> Read {
    var choices: [String] = []
    var right: (answer: NumericAnswer, position: Int)?
    for answer in question.elements("answer") {
      let written = MoodleText.read(answer, singleLine: true).text
      guard let value = NumericAnswer.parse(written) else { continue }  // "*", any other answer
      let fraction = Double(answer.attributes["fraction"] ?? "0") ?? 0
      if fraction >= 99.99, right == nil {
        let tolerance = NumericAnswer.parse(answer.text(of: "tolerance") ?? "0").map(abs) ?? 0
        right = (NumericAnswer(value: value, tolerance: tolerance), choices.count)
        choices.append(written)
      } else if fraction == 0 {
        choices.append(written)
      }
    }
    guard let right else { return .refused(.missing("number of 100% in the numerical answers")) }
    let text = MoodleText.questionText(question)
    if choices.count > 1 {
      return .question(
        QuestionDraft(text: text, answers: choices, correct: [right.position], numericAnswer: right.answer))
    }
    let (answers, position) = NumericChoices.generate(for: right.answer, random: &random)
    let madeUp = answers.indices.filter { $0 != position }
    imported.notes.append(
      .madeUpChoices(
        question: questionsRead, line: question.line, number: choices[right.position],
        choices: madeUp.map { answers[$0] }))
    var draft = QuestionDraft(text: text, answers: answers, correct: [position], numericAnswer: right.answer)
    draft.madeUpAnswers = Set(madeUp)
    return .question(draft)
  }

  // MARK: Pictures

  /// The question's picture: an embedded one (checked and re-encoded) by its placeholder,
  /// or a picture's own http(s) address; the others said as left out.
  private mutating func picture(of question: XMLElement) throws(TopicImporter.Error) -> String? {
    let text = question.element("questiontext")
    var candidates = MoodleText.read(text).pictures.map { (name: $0, embedded: MoodleText.embeddedFile($0, in: text)) }
    if let legacy = question.text(of: "image_base64"), let name = question.text(of: "image") {
      candidates.append((name.trimmingCharacters(in: .whitespacesAndNewlines), legacy))
    }
    for picture in MoodleText.read(question.element("generalfeedback")).pictures {
      imported.notes.append(.pictureLeftOut(line: question.line, name: MoodleText.fileName(picture), .inExplanation))
    }
    var chosen: String?
    for candidate in candidates {
      let name = MoodleText.fileName(candidate.name)
      guard chosen == nil else {
        imported.notes.append(.pictureLeftOut(line: question.line, name: name, .notTheFirst))
        continue
      }
      if let base64 = candidate.embedded {
        switch MoodleText.decodeBase64(base64, limit: QuestionPicture.maximumUploadSize) {
        case .failure(let error):
          imported.notes.append(.pictureLeftOut(line: question.line, name: name, .refused(error)))
        case .success(let bytes):
          switch try imported.pictures.add(bytes, name: name) {
          case .success(let placeholder): chosen = placeholder
          case .failure(let error):
            imported.notes.append(.pictureLeftOut(line: question.line, name: name, .refused(error)))
          }
        }
      } else if candidate.name.hasPrefix("https://") || candidate.name.hasPrefix("http://") {
        chosen = candidate.name
      } else {
        imported.notes.append(.pictureLeftOut(line: question.line, name: name, .notInFile))
      }
    }
    return chosen
  }

  /// The question's `<name>`, quoted, as Moodle's question bank lists it (the teacher
  /// finds it there by name, not by a line of the file); its first words when it has none.
  static func label(_ question: XMLElement) -> String? {
    let name = (question.element("name")?.text(of: "text") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty else { return ImportIssue.firstWords(MoodleText.questionText(question)) }
    return "'" + (name.count > 60 ? String(name.prefix(59)) + "…" : name) + "'"
  }

  /// A question type as Moodle's question bank names it.
  static func typeName(_ type: String) -> String {
    [
      "shortanswer": "Short-answer", "essay": "Essay", "matching": "Matching", "cloze": "Cloze (embedded answers)",
      "multianswer": "Cloze (embedded answers)", "ddwtos": "Drag and drop into text", "description": "Description",
      "gapselect": "Select missing words", "calculated": "Calculated", "calculatedsimple": "Simple calculated",
      "calculatedmulti": "Calculated multichoice", "ddimageortext": "Drag and drop onto image",
      "ddmarker": "Drag and drop markers", "randomsamatch": "Random short-answer matching", "random": "Random",
      "ordering": "Ordering", "numerical": "Numerical",
    ][type] ?? (type.isEmpty ? "Untyped" : type)
  }
}

extension String {
  /// `nil` for an empty string.
  fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
