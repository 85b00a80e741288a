import Foundation
import QRQuiz

/// The steps of the app's topic creator, one prompt at a time: the name and options (the
/// app's defaults shown), the number of sets, then each question, its answers, which are
/// correct, and an image URL. Problems are caught where they are typed, with the app's
/// kind of message, and the prompt is asked again. `/back` undoes one step, `/list` shows
/// what is there, `/done` finishes.
struct Creator {
  /// Where the creator is.
  enum Step: Equatable {
    case name, timer, randomOrder, help, verdicts, mandatory, setCount
    case question(set: Int)
    case answer(set: Int)
    case correct(set: Int)
    case image(set: Int)
    case finished
  }

  /// Everything that `/back` restores.
  struct State {
    var draft = TopicDraft(options: TopicDraft.creatorOptions)
    var step = Step.name
    var setCount = 1
    /// The question being written.
    var question = QuestionDraft(text: "", answers: [], correct: [])
  }

  private(set) var state = State()
  private var history: [State] = []
  /// The creator's words, in the locale's language.
  let words: TerminalWords

  init(words: TerminalWords = .current) { self.words = words }

  /// The prompt for the current step.
  var prompt: String {
    switch state.step {
    case .name: return words(.promptName)
    case .timer: return words(.promptTimer)
    case .randomOrder: return words(.promptRandomOrder)
    case .help: return words(.promptHelp)
    case .verdicts: return words(.promptVerdicts)
    case .mandatory: return words(.promptMandatory)
    case .setCount: return words(.promptSetCount)
    case .question(let set):
      let number = questions(in: set).count + 1
      let phrase: TerminalPhrase =
        number == 1 ? .promptQuestion : (set + 1 < state.setCount ? .promptQuestionMore : .promptQuestionLast)
      return words(phrase, ["set": .number(set + 1), "number": .number(number)])
    case .answer(let set):
      let number = state.question.answers.count + 1
      if let fixed = fixedAnswerCount(set) {
        return words(.promptAnswerFixed, ["number": .number(number), "count": .number(fixed)])
      }
      return words(number > 2 ? .promptAnswerMore : .promptAnswer, ["number": .number(number)])
    case .correct: return words(.promptCorrect)
    case .image: return words(.promptImage)
    case .finished: return ""
    }
  }

  /// What the user typed; a message when it must be typed again (or a command's output).
  mutating func enter(_ line: String) -> String? {
    let text = line.trimmingCharacters(in: .whitespaces)
    switch text {
    case "/back":
      guard let previous = history.popLast() else { return words(.nothingToUndo) }
      state = previous
      return nil
    case "/list": return listing()
    case "/done":
      finish()
      return nil
    case "/help": return words(.creatorHelp)
    default: break
    }
    let before = state
    if let problem = take(text) { return problem }
    history.append(before)
    return nil
  }

  /// Ends the creator: an unfinished question is dropped.
  mutating func finish() {
    history.append(state)
    state.question = QuestionDraft(text: "", answers: [], correct: [])
    state.step = .finished
  }

  /// The draft as it stands, empty sets and the unfinished question left out.
  var draft: TopicDraft {
    var draft = state.draft
    draft.sets = draft.sets.filter { !$0.isEmpty }
    return draft
  }

  var isFinished: Bool { state.step == .finished }

  // MARK: Steps

  private mutating func take(_ text: String) -> String? {
    switch state.step {
    case .name:
      guard !text.isEmpty else { return words(.draftNameRequired) }
      state.draft.options.name = text
      state.step = .timer
    case .timer:
      if text.isEmpty {
        state.draft.options.timePerSetInSeconds = nil
      } else {
        guard let seconds = NumericAnswer.parse(text), seconds > 0 else {
          return words(.draftSecondsNotANumber)
        }
        state.draft.options.timePerSetInSeconds = seconds
      }
      state.step = .randomOrder
    case .randomOrder:
      guard let flag = yesNo(text, default: true) else { return words(.answerYesOrNo) }
      state.draft.options.questionsInRandomOrder = flag
      state.step = .help
    case .help:
      guard let flag = yesNo(text, default: true) else { return words(.answerYesOrNo) }
      state.draft.options.helpButtonEnabled = flag
      state.step = .verdicts
    case .verdicts:
      guard let flag = yesNo(text, default: true) else { return words(.answerYesOrNo) }
      state.draft.options.showCorrectIncorrectAnswer = flag
      state.step = .mandatory
    case .mandatory:
      guard let flag = yesNo(text, default: false) else { return words(.answerYesOrNo) }
      state.draft.options.multipleCorrectAnswersAsMandatory = flag
      state.step = .setCount
    case .setCount:
      let limits = TopicDraft.Limits.sets
      guard let count = text.isEmpty ? 1 : Int(text), limits.contains(count) else {
        return words(
          .draftCountOutOfRange, ["lowest": .number(limits.lowerBound), "highest": .number(limits.upperBound)])
      }
      state.setCount = count
      state.draft.sets = Array(repeating: [], count: count)
      state.step = .question(set: 0)
    case .question(let set):
      if text.isEmpty, !questions(in: set).isEmpty {
        state.step = set + 1 < state.setCount ? .question(set: set + 1) : .finished
        return nil
      }
      if let problem = QuestionDraft.checkText(text) { return problem.text(in: words.language) }
      state.question = QuestionDraft(text: text, answers: [], correct: [])
      state.step = .answer(set: set)
    case .answer(let set):
      return takeAnswer(text, set: set)
    case .correct(let set):
      let numbers = text.split(whereSeparator: { $0 == "," || $0 == " " }).map { Int($0).map { $0 - 1 } }
      guard !numbers.contains(nil) else { return words(.giveAnswerNumbers) }
      let correct = Set(numbers.compactMap { $0 })
      if let problem = QuestionDraft.checkCorrect(correct, answerCount: state.question.answers.count) {
        return problem.text(in: words.language)
      }
      state.question.correct = correct
      state.step = .image(set: set)
    case .image(let set):
      if !text.isEmpty, let problem = QuestionDraft.checkImageURL(text) { return problem.text(in: words.language) }
      state.question.imageURL = text.isEmpty ? nil : text
      state.draft.sets[set].append(state.question)
      state.question = QuestionDraft(text: "", answers: [], correct: [])
      state.step = .question(set: set)
    case .finished:
      return nil
    }
    return nil
  }

  private mutating func takeAnswer(_ text: String, set: Int) -> String? {
    let answers = state.question.answers
    if text.isEmpty {
      if let fixed = fixedAnswerCount(set), answers.count < fixed {
        return DraftProblem.answerCountDiffers(set: set + 1, expected: fixed, found: answers.count)
          .text(in: words.language)
      }
      guard answers.count >= 2 else { return DraftProblem.tooFewAnswers.text(in: words.language) }
      state.step = .correct(set: set)
      return nil
    }
    // Swift's == is the app's comparison: canonically equivalent text is the same answer.
    if let earlier = answers.firstIndex(of: text) {
      return DraftProblem.repeatedAnswer(answers.count, of: earlier).text(in: words.language)
    }
    state.question.answers.append(text)
    let count = state.question.answers.count
    if count == fixedAnswerCount(set) ?? TopicDraft.Limits.answersPerQuestion.upperBound {
      state.step = .correct(set: set)
    }
    return nil
  }

  /// A set's questions all have as many answers as its first.
  private func fixedAnswerCount(_ set: Int) -> Int? { questions(in: set).first?.answers.count }

  private func questions(in set: Int) -> [QuestionDraft] {
    state.draft.sets.indices.contains(set) ? state.draft.sets[set] : []
  }

  private func yesNo(_ text: String, default value: Bool) -> Bool? {
    if text.isEmpty { return value }
    if words.isYes(text) { return true }
    if words.isNo(text) { return false }
    return nil
  }

  private func listing() -> String {
    let options = state.draft.options
    var lines = [words(.listingTopic, ["name": .text(options.name ?? words(.listingNoName))])]
    for (index, set) in state.draft.sets.enumerated() {
      lines.append(
        words(
          .listingSet,
          ["number": .number(index + 1), "questions": .text(words(.questions, ["count": .number(set.count)]))]))
      for question in set {
        let answers = question.answers.enumerated().map {
          "\($0.offset + 1). \($0.element)" + (question.correct.contains($0.offset) ? " ✓" : "")
        }
        lines.append("    \(question.text) — " + answers.joined(separator: ", "))
      }
    }
    if !state.question.text.isEmpty { lines.append(words(.listingWriting, ["question": .text(state.question.text)])) }
    return lines.joined(separator: "\n")
  }
}
