import QRQuiz

/// What an export could not hold as the topic has it: a value, said in a person's
/// language by ``text(in:)`` (the words are ``ExportPhrase``'s), in English by
/// `description`. The editor's page says it in its own language; `qrquiz export` in the
/// terminal's.
public enum ExportNote: Sendable, Hashable, CustomStringConvertible {
  /// A topic option, a QRQuiz key or a part of the topic the format has no place for.
  case notKept(Setting, format: ExportFormat)
  /// A question the format cannot hold, left out.
  case questionLeftOut(QuestionReference, why: LeftOut)
  /// A question written in another form than the topic's (a typed number as its choices).
  case questionChanged(QuestionReference, how: Change)
  /// A picture not found on this machine (not in the library nor the image cache):
  /// written as a link to its address, not embedded.
  case pictureLinked(QuestionReference, url: String)
  /// A picture whose address is not http(s) (`javascript:`, `data:`, a file's path) and
  /// that this machine does not have: left out, never linked.
  case pictureLeftOut(QuestionReference, url: String)
  /// Characters no XML document may hold (control characters), written as U+FFFD.
  case charactersReplaced(count: Int)

  /// What of a topic a format does not keep.
  public enum Setting: Sendable, Hashable {
    /// `timePerSetInSeconds`: a quiz's timer is the quiz's setting.
    case timePerSet
    /// `questionsInRandomOrder`.
    case questionOrder
    /// `helpButtonEnabled`: no help that hides a wrong answer.
    case help
    /// `showCorrectIncorrectAnswer`: when to show a verdict is the quiz's.
    case verdicts
    /// `setGroups`: which sets are runs of one list.
    case setGroups
    /// Questions' own times (`seconds`): how many questions had one.
    case seconds(questions: Int)
    /// Questions' explanations: how many had one.
    case explanation(questions: Int)
    /// `multipleCorrectAnswersAsMandatory: false`: the format asks for every right answer.
    case anyRightAnswer
    /// The sets, written one after another as one list (Aiken): how many there were.
    case sets(count: Int)
    /// Pictures (`imageURL`): how many questions had one.
    case pictures(questions: Int)
  }

  /// Why a question is left out.
  public enum LeftOut: Sendable, Hashable {
    /// GIFT reads an answer starting with `%` as a weight.
    case answerStartsWithPercent
    /// GIFT reads an answer with `->` as a matching pair.
    case answerWithArrow
    /// Aiken has one right answer a question.
    case severalRightAnswers
    /// Aiken has answers A to Z.
    case moreThan26Answers
    /// Aiken has answers of one line.
    case answerOfSeveralLines
    /// Aiken reads a blank line as the question's end.
    case blankLineInQuestion
    /// A line of the question reads, in Aiken, as an answer or its `ANSWER:` line.
    case lineReadsAsAnswer
    /// Moodle's grades cannot share 100% between this many right answers.
    case gradesCannotShare(rightAnswers: Int)
  }

  /// How a question was written otherwise.
  public enum Change: Sendable, Hashable {
    /// A typed number written as its choices: not every choice is a number.
    case choicesNotAllNumbers
    /// A typed number written as its choices: the format has no typed numbers (Aiken).
    case choicesNoTypedNumbers
    /// A typed number asked as its choices, the number not kept (QTI).
    case choicesNumberNotKept
  }

  public var description: String { text(in: .english) }

  /// The note in `language`: "set 3, question 1 ("How many …"): left out: …".
  public func text(in language: Language) -> String {
    switch self {
    case .notKept(let setting, let format): Self.text(of: setting, format: format, in: language)
    case .questionLeftOut(let question, let why):
      ExportPhrase.leftOut.text(
        in: language, ["question": .text(question.text(in: language)), "why": .text(Self.text(of: why, in: language))])
    case .questionChanged(let question, let how):
      ExportPhrase.changed.text(
        in: language, ["question": .text(question.text(in: language)), "how": .text(Self.text(of: how, in: language))])
    case .pictureLinked(let question, let url):
      ExportPhrase.pictureLinked.text(
        in: language, ["question": .text(question.text(in: language)), "url": .text(url)])
    case .pictureLeftOut(let question, let url):
      ExportPhrase.pictureLeftOut.text(
        in: language, ["question": .text(question.text(in: language)), "url": .text(url)])
    case .charactersReplaced(let count): ExportPhrase.charactersReplaced.text(in: language, ["count": .number(count)])
    }
  }

  private static func text(of setting: Setting, format: ExportFormat, in language: Language) -> String {
    let (what, phrase, count): (String, ExportPhrase, Int?) =
      switch setting {
      case .timePerSet: ("timePerSetInSeconds", .notKeptTimer, nil)
      case .questionOrder: ("questionsInRandomOrder", .notKeptOrder, nil)
      case .help: ("helpButtonEnabled", .notKeptHelp, nil)
      case .verdicts: ("showCorrectIncorrectAnswer", .notKeptVerdicts, nil)
      case .setGroups: ("setGroups", .notKeptSetGroups, nil)
      case .seconds(let questions): ("seconds", .notKeptSeconds, questions)
      case .explanation(let questions): ("explanation", .notKeptExplanation, questions)
      case .anyRightAnswer:
        (
          "multipleCorrectAnswersAsMandatory false",
          [.qti, .qti21, .qti12, .imscc].contains(format) ? .notKeptAnyRightQTI : .notKeptAnyRightMoodle, nil
        )
      case .sets(let count): (ExportPhrase.theSets.text(in: language), .notKeptSets, count)
      case .pictures(let questions): ("imageURL", .notKeptPictures, questions)
      }
    var arguments: [String: MessageArgument] = ["format": .text(format.name)]
    if let count { arguments["count"] = .number(count) }
    return ExportPhrase.notKept.text(
      in: language, ["what": .text(what), "why": .text(phrase.text(in: language, arguments))])
  }

  private static func text(of reason: LeftOut, in language: Language) -> String {
    switch reason {
    case .answerStartsWithPercent: ExportPhrase.leftOutPercent.text(in: language)
    case .answerWithArrow: ExportPhrase.leftOutArrow.text(in: language)
    case .severalRightAnswers: ExportPhrase.leftOutSeveralRight.text(in: language)
    case .moreThan26Answers: ExportPhrase.leftOutTooManyAnswers.text(in: language)
    case .answerOfSeveralLines: ExportPhrase.leftOutMultilineAnswer.text(in: language)
    case .blankLineInQuestion: ExportPhrase.leftOutBlankLine.text(in: language)
    case .lineReadsAsAnswer: ExportPhrase.leftOutAnswerLikeLine.text(in: language)
    case .gradesCannotShare(let count): ExportPhrase.leftOutGrades.text(in: language, ["count": .number(count)])
    }
  }

  private static func text(of change: Change, in language: Language) -> String {
    switch change {
    case .choicesNotAllNumbers: ExportPhrase.changedNotAllNumbers.text(in: language)
    case .choicesNoTypedNumbers: ExportPhrase.changedNoTypedNumbers.text(in: language)
    case .choicesNumberNotKept: ExportPhrase.changedNumberNotKept.text(in: language)
    }
  }
}

/// A question of a topic, for a message: `set 1, question 3 ("Which planet …")`.
public struct QuestionReference: Sendable, Hashable, CustomStringConvertible {
  /// 0-based.
  public var set: Int
  /// 0-based, in its set.
  public var question: Int
  /// The start of its text.
  public var text: String

  /// A reference to question `question` of set `set` (both 0-based), named by `text`'s
  /// first line, cut to 40 characters.
  public init(set: Int, question: Int, text: String) {
    self.set = set
    self.question = question
    let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
    self.text = line.count > 40 ? String(line.prefix(39)) + "…" : line
  }

  public var description: String { text(in: .english) }

  /// The reference in `language`: "serie 1, pregunta 3 («Which planet …»)".
  public func text(in language: Language) -> String {
    ExportPhrase.question.text(
      in: language, ["set": .number(set + 1), "question": .number(question + 1), "text": .text(self.text)])
  }
}
