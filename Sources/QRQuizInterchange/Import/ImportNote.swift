import QRQuiz

/// What an importer chose or found that the person importing should know, in the order it
/// happened: which columns were read as what, which template was recognised, how the text
/// was decoded, which sets were split or padded.
public enum ImportNote: Sendable, Hashable, CustomStringConvertible {
  /// Which columns of a spreadsheet's header were read as what, in the header's order.
  case columns([SpreadsheetColumn])
  /// The spreadsheet is a quiz site's template, whose correct column holds answer
  /// positions (`1` is the first answer, never an answer whose text is "1").
  case template(SpreadsheetTemplate)
  /// A template's row of instructions under its header (Quizizz's), skipped.
  case instructionsSkipped(line: Int)
  /// The file was not UTF-8 and was read in another encoding.
  case decoded(TextEncoding)
  /// A set whose questions have different answer counts, split into sets of consecutive
  /// questions (1-based numbers in the set), in the file's order.
  case splitIntoRuns(set: String?, answerCounts: [Int], runs: [ClosedRange<Int>])
  /// A set whose questions have different answer counts, kept whole by giving the shorter
  /// ones answers no one picks.
  case padded(set: String?, answerCounts: [Int], to: Int)
  /// A question's picture that could not come along; the question is imported without it.
  case pictureLeftOut(line: Int?, name: String, PictureProblem)
  /// Questions whose file asks for every right answer (Moodle's multiple-answer
  /// questions): the topic says `multipleCorrectAnswersAsMandatory`.
  case everyRightAnswerAsked(questions: Int)
  /// Questions whose file lets any one of their right answers count (Moodle single-answer
  /// questions with several at 100%), in a topic that asks for every one.
  case anyRightAnswerNowAll(questions: Int)
  /// Questions with several right answers (their numbers in the topic, 1-based), and
  /// whether a player must pick every one (`every`) or any one counts; `chosen` when
  /// the importer's option said so rather than the app's default.
  case severalRightAnswers(questions: [Int], every: Bool, chosen: Bool)
  /// A question asked as a number with no other choices in the file (Moodle's numerical,
  /// GIFT's `{#400}`): the app asks it as choices, so `choices` were made up for `number`
  /// (the question is the file's `question`th, 1-based; the editor marks them).
  case madeUpChoices(question: Int, line: Int?, number: String, choices: [String])
  /// Feedback the file gives wrong answers (GIFT's `~Rome#That is Italy's`; with
  /// `anyOtherAnswer`, to any answer not listed, `{#3~#Completely wrong}`), left out: the
  /// app explains the right answer only (whose feedback is the explanation).
  case answerFeedbackDropped(line: Int?, answers: [String], anyOtherAnswer: Bool = false)
  /// An Anki deck's notes have a right answer only: each question's other `answers - 1`
  /// answers are other notes' answers, drawn at random (seeded), as the Quizlet import draws them.
  case wrongAnswersFromOtherCards(questions: Int, answers: Int)
  /// Anki Cloze notes made into `questions` questions, one per cloze number: the blanks
  /// shown as `[…]` (or their hint), the answer the deleted text.
  case clozeQuestions(notes: Int, questions: Int)
  /// Anki notes whose fields play sounds (`[sound:…]`), left out: the app shows no sound.
  case soundLeftOut(notes: Int)
  /// Anki notes with more than two fields: the first is the question, the second the
  /// answer, the rest left out.
  case fieldsLeftOut(notes: Int)
  /// An Anki deck's review history: `reviews` reviews of `cards` cards read (brought into
  /// the study log by `qrquiz import --save`); reviews of notes' other cards (the reverse
  /// card asks another question) and entries that rate nothing (rescheduled by hand) left out.
  case reviewHistory(reviews: Int, cards: Int, otherCards: Int, unrated: Int)

  /// Why a picture did not come along.
  public enum PictureProblem: Sendable, Hashable, CustomStringConvertible {
    /// Not taken as an editor upload would not be (its format, size or pixels).
    case refused(QuestionPicture.Error)
    /// Named by the question but not in the file.
    case notInFile
    /// A question shows one picture: a second one is left out.
    case notTheFirst
    /// In an explanation, which is text.
    case inExplanation
    /// In an answer, which is text.
    case inAnswer

    public var description: String {
      switch self {
      case .refused(let error): "\(error)"
      case .notInFile: "it is not in the file"
      case .notTheFirst: "a question shows one picture, and this is not its first"
      case .inExplanation: "an explanation is text only"
      case .inAnswer: "an answer is text only"
      }
    }
  }

  public var description: String {
    switch self {
    case .columns(let columns): "columns read: " + SpreadsheetColumn.summary(columns)
    case .template(let template):
      "\(template.name)'s template: the numbers in its correct column are answer positions (1 is the first answer)"
    case .instructionsSkipped(let line): "line \(line): the template's instructions, skipped"
    case .decoded(let encoding): "not UTF-8: read as \(encoding.description)"
    case .splitIntoRuns(let set, let counts, let runs):
      "\(Self.setName(set)) mixes questions of \(Self.list(counts.map(String.init))) answers: split into "
        + "\(runs.count) sets of consecutive questions (\(runs.map(Self.range).joined(separator: ", "))), in the "
        + "file's order, as the app needs one answer count per set"
    case .padded(let set, let counts, let most):
      "\(Self.setName(set)) mixes questions of \(Self.list(counts.map(String.init))) answers: padded to \(most) "
        + "with answers no one picks (\(TopicImporter.paddingAnswers.joined(separator: ", "))), as the app needs "
        + "one answer count per set"
    case .pictureLeftOut(let line, let name, let problem):
      (line.map { "line \($0): " } ?? "") + "the picture '\(name)' is left out: \(problem)"
    case .everyRightAnswerAsked(let questions):
      "multiple-answer questions (\(questions)) ask for every right answer, as in the file: the topic says "
        + "multipleCorrectAnswersAsMandatory"
    case .anyRightAnswerNowAll(let questions):
      "single-choice questions with several right answers (\(questions)) now ask for every one of them too: the "
        + "app has one rule for the whole topic"
    case .severalRightAnswers(let questions, let every, let chosen):
      (questions.count == 1 ? "question \(questions[0]) has" : "questions \(Self.shortList(questions)) have")
        + " several right answers: "
        + (every
          ? "a player must pick every one of them" + (chosen ? " (--every-right-answer)" : "")
          : "picking any one of them is right"
            + (chosen ? " (--any-right-answer)" : " (the app's default); --every-right-answer asks for all of them"))
    case .madeUpChoices(let question, let line, let number, let choices):
      "question \(question)" + (line.map { " (line \($0))" } ?? "") + ": "
        + "\(Self.list(choices.sorted { (Double($0) ?? 0) < (Double($1) ?? 0) })) are made-up choices for \(number): "
        + "the app asks a number as choices (the editor marks them)"
    case .answerFeedbackDropped(let line, let answers, let anyOther):
      (line.map { "line \($0): " } ?? "") + "the feedback on "
        + Self.list(answers.map { "'\($0)'" } + (anyOther ? ["any other answer"] : []))
        + " is left out: the app explains the right answer only"
    case .wrongAnswersFromOtherCards(_, let answers):
      "an Anki note has a right answer only: each question's "
        + (answers == 2
          ? "wrong answer is another note's answer" : "\(answers - 1) wrong answers are other notes' answers")
        + ", drawn at random (--seed changes the draw, --quiz N asks N answers)"
    case .clozeQuestions(let notes, let questions):
      "\(Plural.count(notes, "Cloze note")) made into \(Plural.count(questions, "question")), one per cloze number, "
        + "whose blanks show '[…]' (or their hint) and whose answer is the text they hide; their other fields "
        + "(Back Extra) left out"
    case .soundLeftOut(let notes):
      "sounds ([sound:…]) left out of \(Plural.count(notes, "note")): the app plays no sound"
    case .fieldsLeftOut(let notes):
      "fields past the second left out of \(Plural.count(notes, "note")): the first field is the question, "
        + "the second the answer"
    case .reviewHistory(let reviews, let cards, let otherCards, let unrated):
      "review history: \(Plural.count(reviews, "review")) of \(Plural.count(cards, "card")) read"
        + (otherCards > 0 ? "; \(otherCards) of notes' other cards (reverse …) left out" : "")
        + (unrated > 0 ? "; \(unrated) rescheduled by hand (no rating) left out" : "")
    }
  }

  private static func setName(_ name: String?) -> String { name.map { "'\($0)'" } ?? "the file" }

  private static func range(_ run: ClosedRange<Int>) -> String {
    run.count == 1 ? "\(run.lowerBound)" : "\(run.lowerBound)–\(run.upperBound)"
  }

  /// Numbers listed, the first five and how many more.
  private static func shortList(_ numbers: [Int]) -> String {
    let shown = numbers.prefix(5).map(String.init)
    return numbers.count > 5 ? shown.joined(separator: ", ") + " and \(numbers.count - 5) more" : list(shown)
  }

  private static func list(_ items: [String]) -> String {
    items.count > 1 ? items.dropLast().joined(separator: ", ") + " and " + items.last! : items.first ?? ""
  }
}
