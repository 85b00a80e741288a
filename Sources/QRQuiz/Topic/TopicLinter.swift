import Foundation

/// Warnings about topics the app accepts but that will not work as their author hopes.
/// Linting never changes the verdict of ``TopicValidator``.
public enum TopicLinter {
  /// Every warning for `topic`, in document order.
  public static func warnings(in topic: Topic) -> [TopicWarning] {
    var warnings: [TopicWarning] = []
    let optionsPath = TopicPath.root.appending("options")
    if topic.options?.name == nil {
      warnings.append(.init(.missingName, at: optionsPath.appending("name"), "no name: the file name is shown"))
    }
    if let seconds = topic.options?.timePerSetInSeconds, seconds <= 0 {
      warnings.append(
        .init(
          .noTimer, at: optionsPath.appending("timePerSetInSeconds"),
          "\(JSONWriter.format(seconds)) seconds means no timer; leave it out instead"))
    }
    if let names = topic.options?.setNames, names.count != topic.sets.count {
      warnings.append(
        .init(
          .setNamesCount, at: optionsPath.appending("setNames"),
          "names \(Plural.count(names.count, "set")) but the topic has \(topic.sets.count)"))
    }
    if let groups = topic.options?.setGroups, let message = setGroupsProblem(groups, sets: topic.sets.count) {
      warnings.append(.init(.setGroups, at: optionsPath.appending("setGroups"), message))
    }
    let setsPath = TopicPath.root.appending("sets")
    for (setIndex, set) in topic.sets.enumerated() {
      for (questionIndex, question) in set.enumerated() {
        warnings += self.warnings(in: question, at: setsPath.appending(setIndex).appending(questionIndex))
      }
    }
    return warnings
  }

  static func warnings(in question: Topic.Question, at path: TopicPath) -> [TopicWarning] {
    var warnings: [TopicWarning] = []
    if !question.question.isEmpty, question.question.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
      warnings.append(.init(.blankQuestion, at: path.appending("question"), "the question text is only whitespace"))
    }
    if let imageURL = question.imageURL, let message = imageURLProblem(imageURL) {
      warnings.append(.init(.imageURL, at: path.appending("imageURL"), message))
    }
    if let numeric = question.numericAnswer,
      !question.mergedCorrectAnswers.contains(where: { index in
        question.answers.indices.contains(Int(index))
          && NumericAnswer.parse(question.answers[Int(index)]).map(numeric.accepts) == true
      })
    {
      warnings.append(
        .init(
          .numericAnswerMismatch, at: path.appending("numericAnswer"),
          "\(JSONWriter.format(numeric.value)) is not among the correct answers the app shows"))
    }
    var seen: [String: Int] = [:]
    for (index, answer) in question.answers.enumerated() {
      let folded = answer.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
      if let earlier = seen[folded] {
        if question.answers[earlier] != answer {
          warnings.append(
            .init(
              .similarAnswers, at: path.appending("answers").appending(index),
              "differs from answer \(earlier + 1) only by case or surrounding spaces"))
        }
      } else {
        seen[folded] = index
      }
    }
    return warnings
  }

  /// Groups must be one per set, numbered from 0 in the sets' order, each group's sets
  /// next to each other (a list's runs follow one another).
  static func setGroupsProblem(_ groups: [Int], sets: Int) -> String? {
    if groups.count != sets { return "gives \(Plural.count(groups.count, "group")) for \(Plural.count(sets, "set"))" }
    var previous = -1
    for group in groups {
      guard group == previous || group == previous + 1 else {
        return "groups must be numbered 0, 1, 2 … in the sets' order, each group's sets together"
      }
      previous = group
    }
    return nil
  }

  private static func imageURLProblem(_ text: String) -> String? {
    if text.isEmpty { return "empty image URL; leave it out instead" }
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), url.host?.isEmpty == false else {
      return "\(TopicValidator.quoted(text)) is not an absolute URL"
    }
    return scheme == "https" ? nil : "\(TopicValidator.quoted(text)) is not https; the app may not load it"
  }
}
