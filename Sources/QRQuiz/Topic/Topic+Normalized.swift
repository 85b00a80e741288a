extension Topic {
  /// The canonical compact JSON of this topic: `correct` merged into a sorted
  /// `correctAnswers`, keys in a fixed order, no `\/` escapes, nothing added. The app
  /// loads it with the same meaning, and normalising it again gives the same bytes.
  ///
  /// Only meaningful for a valid topic: an invalid one's `correct` would be merged away.
  public var normalizedJSON: String { JSONWriter.compact(normalizedJSONValue) }

  /// The topic a read of ``normalizedJSON`` gives: `correct` merged into `correctAnswers`,
  /// options that set nothing left out; everything else the JSON keeps exactly (strings,
  /// and numbers, which the writer gives in their shortest exact form).
  public var normalized: Topic {
    var topic = self
    if let options, options.isEmpty { topic.options = nil }
    for set in topic.sets.indices {
      for index in topic.sets[set].indices {
        let question = topic.sets[set][index]
        topic.sets[set][index].correctAnswers = question.mergedCorrectAnswers
        topic.sets[set][index].correct = nil
      }
    }
    return topic
  }

  var normalizedJSONValue: JSONValue {
    var members: [(key: String, value: JSONValue)] = []
    if let options, !options.isEmpty { members.append(("options", options.jsonValue)) }
    members.append(("sets", .array(sets.map { .array($0.map(\.normalizedJSONValue)) })))
    return .object(members)
  }
}

extension Topic.Options {
  var jsonValue: JSONValue {
    var members: [(key: String, value: JSONValue)] = []
    if let name { members.append(("name", .string(name))) }
    if let timePerSetInSeconds {
      members.append(("timePerSetInSeconds", .number(timePerSetInSeconds)))
    }
    let flags: [(String, Bool?)] = [
      ("questionsInRandomOrder", questionsInRandomOrder),
      ("helpButtonEnabled", helpButtonEnabled),
      ("showCorrectIncorrectAnswer", showCorrectIncorrectAnswer),
      ("multipleCorrectAnswersAsMandatory", multipleCorrectAnswersAsMandatory),
    ]
    for (key, flag) in flags { if let flag { members.append((key, .bool(flag))) } }
    if let setNames { members.append(("setNames", .array(setNames.map(JSONValue.string)))) }
    if let setGroups { members.append(("setGroups", .array(setGroups.map { .number(Double($0)) }))) }
    return .object(members)
  }
}

extension Topic.Question {
  var normalizedJSONValue: JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("question", .string(question)),
      ("answers", .array(answers.map(JSONValue.string))),
      ("correctAnswers", .array(mergedCorrectAnswers.map { .number(Double($0)) })),
    ]
    if let imageURL { members.append(("imageURL", .string(imageURL))) }
    if let numericAnswer {
      members.append(
        (
          "numericAnswer",
          .object([("value", .number(numericAnswer.value)), ("tolerance", .number(numericAnswer.tolerance))])
        ))
    }
    if let seconds { members.append(("seconds", .number(seconds))) }
    if let explanation { members.append(("explanation", .string(explanation))) }
    if let madeUpAnswers { members.append(("madeUpAnswers", .array(madeUpAnswers.map(JSONValue.string)))) }
    if let created { members.append(("created", .string(created))) }
    if let modified { members.append(("modified", .string(modified))) }
    return .object(members)
  }
}
