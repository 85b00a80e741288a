import QRQuiz

/// The web topic creator's form, as the app's creator has it: first the counts (sets,
/// questions per set, answers per question), then one form with the options and every
/// question. Posted fields become a ``TopicDraft``, checked with the same rules and the
/// same messages as `qrquiz new`.
struct CreatorForm {
  /// Sets, questions per set and answers per question.
  struct Counts: Sendable, Hashable {
    var sets: Int
    var questions: Int
    var answers: Int

    /// The counts in `fields`, clamped to the creators' limits (``TopicDraft/Limits``).
    init(_ fields: [String: String]) {
      func count(_ name: String, _ range: ClosedRange<Int>, _ fallback: Int) -> Int {
        min(range.upperBound, max(range.lowerBound, fields[name].flatMap { Int($0) } ?? fallback))
      }
      let suggested = TopicDraft.suggestedCounts
      sets = count("sets", TopicDraft.Limits.sets, suggested.sets)
      questions = count("questions", TopicDraft.Limits.questionsPerSet, suggested.questionsPerSet)
      answers = count("answers", TopicDraft.Limits.answersPerQuestion, suggested.answersPerQuestion)
    }
  }

  /// The fields as posted (or empty for a fresh form).
  var fields: [String: String]
  var counts: Counts

  init(fields: [String: String]) {
    self.fields = fields
    counts = Counts(fields)
  }

  static func questionField(_ set: Int, _ question: Int) -> String { "q-\(set)-\(question)" }
  static func answerField(_ set: Int, _ question: Int, _ answer: Int) -> String { "a-\(set)-\(question)-\(answer)" }
  static func correctField(_ set: Int, _ question: Int, _ answer: Int) -> String { "c-\(set)-\(question)-\(answer)" }
  static func imageField(_ set: Int, _ question: Int) -> String { "img-\(set)-\(question)" }

  /// A checkbox: on when posted, else its default on a fresh form.
  func isChecked(_ name: String, default value: Bool) -> Bool {
    fields["posted"] == nil ? value : fields[name] != nil
  }

  /// The topic, or every problem in the order a person fixes them ("Set 1, question 2:
  /// Answer 3 repeats answer 1").
  func topic(in language: Language) -> Result<ValidTopic, Problems> {
    var messages: [String] = []
    let name = (fields["name"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    if name.isEmpty { messages.append(QuizPhrase.draftNameRequired.text(in: language)) }
    let defaults = TopicDraft.creatorOptions
    var options = Topic.Options(
      name: name, questionsInRandomOrder: isChecked("random", default: defaults.questionsInRandomOrder ?? true),
      helpButtonEnabled: isChecked("help", default: defaults.helpButtonEnabled ?? true),
      showCorrectIncorrectAnswer: isChecked("verdicts", default: defaults.showCorrectIncorrectAnswer ?? true),
      multipleCorrectAnswersAsMandatory: isChecked(
        "mandatory", default: defaults.multipleCorrectAnswersAsMandatory ?? false))
    let time = (fields["time"] ?? "").trimmingCharacters(in: .whitespaces)
    if !time.isEmpty {
      if let seconds = NumericAnswer.parse(time), seconds > 0, seconds.isFinite {
        options.timePerSetInSeconds = seconds
      } else {
        messages.append(QuizPhrase.draftSecondsNotANumber.text(in: language))
      }
    }
    var draft = TopicDraft(name: name, options: options)
    draft.sets = (0..<counts.sets).map { set in
      (0..<counts.questions).compactMap { question -> QuestionDraft? in
        let text = (fields[Self.questionField(set, question)] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let answers = (0..<counts.answers).map {
          (fields[Self.answerField(set, question, $0)] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        }
        // A question left wholly blank is not part of the topic (fewer than the form's).
        if text.isEmpty, answers.allSatisfy(\.isEmpty) { return nil }
        let correct = Set((0..<counts.answers).filter { fields[Self.correctField(set, question, $0)] != nil })
        let image = (fields[Self.imageField(set, question)] ?? "").trimmingCharacters(in: .whitespaces)
        if !image.isEmpty, let problem = QuestionDraft.checkImageURL(image) {
          messages.append(
            QuizPhrase.draftProblemPlace.text(
              in: language,
              [
                "set": .number(set + 1), "question": .number(question + 1),
                "problem": .text(problem.text(in: language)),
              ]))
        }
        return QuestionDraft(text: text, answers: answers, correct: correct, imageURL: image.isEmpty ? nil : image)
      }
    }
    for (set, question, problem) in draft.problems {
      let text = problem.text(in: language)
      messages.append(
        question > 0
          ? QuizPhrase.draftProblemPlace.text(
            in: language, ["set": .number(set), "question": .number(question), "problem": .text(text)]) : text)
    }
    guard messages.isEmpty else { return .failure(Problems(messages: messages)) }
    do {
      return .success(try draft.topic())
    } catch {
      return .failure(Problems(messages: [error.text(in: language)]))
    }
  }

  /// What is wrong with a posted form.
  struct Problems: Error {
    var messages: [String]
  }
}
