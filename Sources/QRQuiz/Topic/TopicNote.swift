/// Something a topic does that the app allows and its author may not mean, said as a note
/// (softer than a ``TopicWarning``): a question with more right answers than the topic's
/// other questions have, which a student may not expect to look for.
public struct TopicNote: Sendable, Hashable, CustomStringConvertible {
  /// The kind of note.
  public enum Kind: String, Sendable, Hashable, Codable {
    /// A question has more right answers than most of the topic's questions.
    case moreRightAnswers
  }

  /// What kind of note this is.
  public var kind: Kind
  /// Where it is.
  public var path: TopicPath
  /// What is worth a look, for a person.
  public var message: String

  /// `sets[0][3] (set 1, question 4): …`
  public var description: String { path.describing(message) }

  /// The entry of `qrquiz validate --json`: `{"kind", "path", "location", "message"}`.
  public var jsonValue: JSONValue { TopicProblem.entry(kind: kind.rawValue, path: path, message: message) }

  /// Every note for `topic`, in document order: each question with more right answers
  /// than the topic's questions most often have (the fewer, when two counts are as
  /// common), with its right answers by number. A topic whose questions all have as many
  /// right answers has none.
  public static func notes(in topic: Topic) -> [TopicNote] {
    var counts: [Int: Int] = [:]
    for question in topic.questions { counts[question.mergedCorrectAnswers.count, default: 0] += 1 }
    guard counts.count > 1, let usual = counts.max(by: { ($0.value, -$0.key) < ($1.value, -$1.key) })?.key else {
      return []
    }
    var notes: [TopicNote] = []
    let setsPath = TopicPath.root.appending("sets")
    for (setIndex, set) in topic.sets.enumerated() {
      for (index, question) in set.enumerated() where question.mergedCorrectAnswers.count > usual {
        let right = question.mergedCorrectAnswers.map { Int($0) + 1 }
        let numbers = right.dropLast().map(String.init).joined(separator: ", ") + " and \(right.last!)"
        notes.append(
          TopicNote(
            kind: .moreRightAnswers,
            path: setsPath.appending(setIndex).appending(index).appending("correctAnswers"),
            message: "\(right.count) right answers (answers \(numbers)), where the topic's other questions have "
              + "\(usual); the app allows it"))
      }
    }
    return notes
  }
}
