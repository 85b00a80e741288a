import Foundation

/// The Questions app's validation, rule by rule, returning every problem rather than the
/// first. A topic is accepted exactly when this returns no problems, which is the app's
/// verdict: the app stops at the first failing rule, and fails if any rule fails.
public enum TopicValidator {
  /// All the problems the app would reject `topic` for, in the app's checking order.
  ///
  /// ```swift
  /// let topic = Topic(sets: [[Topic.Question(question: "Q", answers: ["a", "a"], correct: 0)]])
  /// for problem in TopicValidator.problems(in: topic) { print(problem) }
  /// ```
  public static func problems(in topic: Topic) -> [TopicProblem] {
    var problems = ProblemCollector(limit: .max)
    check(topic, into: &problems)
    return problems.problems
  }

  /// Checks `topic`, collecting its problems into `problems` (which may keep only the
  /// first few).
  static func check(_ topic: Topic, into problems: inout ProblemCollector) {
    TopicWorkTally.count(\.validations)
    let setsPath = TopicPath.root.appending("sets")
    for (setIndex, set) in topic.sets.enumerated() {
      let setPath = setsPath.appending(setIndex)
      guard let first = set.first else {
        problems.append(.init(.emptySet, at: setPath, "a set must have at least one question"))
        continue
      }
      // The app takes each set's answer count from its first question.
      let answerCount = first.answers.count
      for (questionIndex, question) in set.enumerated() {
        check(question, answerCount: answerCount, at: setPath.appending(questionIndex), into: &problems)
      }
    }
  }

  static func check(
    _ question: Topic.Question, answerCount: Int, at path: TopicPath, into problems: inout ProblemCollector
  ) {
    if question.question.isEmpty {
      problems.append(.init(.emptyQuestion, at: path.appending("question"), "the question text is empty"))
    }

    let answersPath = path.appending("answers")
    if question.answers.count != answerCount {
      problems.append(
        .init(
          .incorrectAnswersCount, at: answersPath,
          "has \(Plural.count(question.answers.count, "answer")) but the set's first question has \(answerCount)"))
    }
    // Swift String equality: canonically equivalent Unicode ("é", "e\u{301}") is equal.
    var seen: [String: Int] = [:]
    for (index, answer) in question.answers.enumerated() {
      if let earlier = seen[answer] {
        problems.append(
          .init(
            .incorrectAnswersCount, at: answersPath.appending(index),
            "duplicates answer \(earlier + 1) (\(quoted(answer)))"))
      } else {
        seen[answer] = index
      }
    }

    let correctAnswersPath = path.appending("correctAnswers")
    let correctAnswers = question.correctAnswers ?? []
    for (position, index) in correctAnswers.enumerated() where Int(index) >= answerCount {
      problems.append(
        .init(
          .incorrectCorrectAnswersCount, at: correctAnswersPath.appending(position),
          "index \(index) is out of range for \(Plural.count(answerCount, "answer"))\(validRange(answerCount))"))
    }
    if question.correctAnswers != nil, Set(correctAnswers).count >= answerCount {
      problems.append(
        .init(
          .incorrectCorrectAnswersCount, at: correctAnswersPath,
          "\(Set(correctAnswers).count) correct answers of \(answerCount): at least one must be wrong"))
    }

    if let correct = question.correct, Int(correct) >= answerCount {
      problems.append(
        .init(
          .incorrectCorrectAnswerIndex, at: path.appending("correct"),
          "index \(correct) is out of range for \(Plural.count(answerCount, "answer"))\(validRange(answerCount))"))
    }

    let merged = question.mergedCorrectAnswers
    if merged.isEmpty {
      problems.append(
        .init(.incorrectCorrectAnswersCount, at: path, "no correct answer: set \"correct\" or \"correctAnswers\""))
    } else if merged.count >= answerCount, question.correctAnswers == nil || Set(correctAnswers).count < answerCount {
      // Reported once: the check above already covers correctAnswers alone being too many.
      problems.append(
        .init(
          .incorrectCorrectAnswersCount, at: path,
          "all \(answerCount) answers are correct: at least one must be wrong"))
    }

    for (index, answer) in question.answers.enumerated()
    where answer.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
      problems.append(.init(.emptyAnswer, at: answersPath.appending(index), "the answer is empty or only whitespace"))
    }
  }

  /// " (0...3)" for four answers; nothing when there are none.
  private static func validRange(_ answerCount: Int) -> String {
    answerCount > 0 ? " (0...\(answerCount - 1))" : ""
  }

  static func quoted(_ text: String) -> String {
    "\"\(text.count > 40 ? text.prefix(40) + "…" : text)\""
  }
}
