/// Turns a parsed JSON document into a ``Topic`` with the app's decoding rules
/// (its `JSONDecoder` and `Codable` types), reporting every type problem with its path
/// instead of stopping at the first.
///
/// The rules: unknown keys are ignored; `null` is the same as absent; the first of
/// duplicate keys wins; indices are unsigned 8-bit integers, where a number with an
/// integral value (`1.0`, `1e0`, `100e-2`) counts and `-1`, `256`, `0.5`, `"0"` do not.
public enum TopicDecoder {
  /// Decodes a topic; `topic` is `nil` when any problem was found. `problems` holds the
  /// first `limit` problems and `count` how many there are in all.
  public static func decode(
    _ document: JSONValue, limit: Int = .max
  ) -> (topic: Topic?, problems: [TopicProblem], count: Int) {
    let decoded = decodeNoting(document, limit: limit)
    return (decoded.topic, decoded.problems, decoded.count)
  }

  /// ``decode(_:limit:)``, also giving the warnings for QRQuiz's own keys (`setNames`,
  /// `setGroups`, `numericAnswer`, `seconds`, `explanation` …) that are malformed: the app ignores those keys, so they can never
  /// make a topic invalid; they are ignored and reported.
  static func decodeNoting(
    _ document: JSONValue, limit: Int
  ) -> (topic: Topic?, problems: [TopicProblem], count: Int, notes: [TopicWarning]) {
    var reader = FieldReader(problems: ProblemCollector(limit: limit))
    let topic = reader.topic(document)
    return (reader.problems.total == 0 ? topic : nil, reader.problems.problems, reader.problems.total, reader.notes)
  }
}

/// Reads typed fields, recording a problem for each one of the wrong type.
private struct FieldReader {
  var problems: ProblemCollector
  /// Warnings about QRQuiz's own keys, the first hundred.
  var notes: [TopicWarning] = []

  mutating func topic(_ value: JSONValue) -> Topic? {
    guard case .object = value else {
      problems.append(.init(.wrongType, at: .root, "a topic must be a JSON object, found \(value.typeName)"))
      return nil
    }
    let options = optional(value, "options", at: .root) { reader, value, path in
      reader.options(value, at: path)
    }
    let sets = required(value, "sets", at: .root) { reader, value, path in
      reader.array(value, at: path) { reader, set, setPath in
        reader.array(set, at: setPath) { reader, question, questionPath in
          reader.question(question, at: questionPath)
        }
      }
    }
    return sets.map { Topic(options: options ?? nil, sets: $0) }
  }

  mutating func options(_ value: JSONValue, at path: TopicPath) -> Topic.Options? {
    guard case .object = value else {
      problems.append(.init(.wrongType, at: path, "expected an object, found \(value.typeName)"))
      return nil
    }
    return Topic.Options(
      name: optional(value, "name", at: path) { $0.string($1, at: $2) } ?? nil,
      timePerSetInSeconds: optional(value, "timePerSetInSeconds", at: path) { $0.number($1, at: $2) } ?? nil,
      questionsInRandomOrder: optional(value, "questionsInRandomOrder", at: path) { $0.bool($1, at: $2) } ?? nil,
      helpButtonEnabled: optional(value, "helpButtonEnabled", at: path) { $0.bool($1, at: $2) } ?? nil,
      showCorrectIncorrectAnswer: optional(value, "showCorrectIncorrectAnswer", at: path) {
        $0.bool($1, at: $2)
      } ?? nil,
      multipleCorrectAnswersAsMandatory: optional(value, "multipleCorrectAnswersAsMandatory", at: path) {
        $0.bool($1, at: $2)
      } ?? nil,
      setNames: lenient(value, "setNames", at: path, expected: "an array of strings") { reader, value, path in
        reader.array(value, at: path) { $0.string($1, at: $2) }
      },
      setGroups: lenient(value, "setGroups", at: path, expected: "an array of numbers 0, 1, 2 …") {
        reader, value, path in
        reader.array(value, at: path) { $0.groupNumber($1, at: $2) }
      }
    )
  }

  mutating func question(_ value: JSONValue, at path: TopicPath) -> Topic.Question? {
    guard case .object = value else {
      problems.append(.init(.wrongType, at: path, "a question must be an object, found \(value.typeName)"))
      return nil
    }
    let text = required(value, "question", at: path) { $0.string($1, at: $2) }
    let answers = required(value, "answers", at: path) { reader, value, path in
      reader.array(value, at: path) { $0.string($1, at: $2) }
    }
    let correct = optional(value, "correct", at: path) { $0.index($1, at: $2) }
    let correctAnswers = optional(value, "correctAnswers", at: path) { reader, value, path in
      reader.array(value, at: path) { $0.index($1, at: $2) }
    }
    let imageURL = optional(value, "imageURL", at: path) { $0.string($1, at: $2) }
    let numericAnswer = lenient(
      value, "numericAnswer", at: path, expected: #"{"value": a number, "tolerance": a number ≥ 0}"#
    ) { reader, value, path in reader.numericAnswer(value, at: path) }
    let created = lenient(value, "created", at: path, expected: "a time like 2026-12-01T15:03:07Z") {
      $0.editTime($1, at: $2)
    }
    let modified = lenient(value, "modified", at: path, expected: "a time like 2026-12-01T15:03:07Z") {
      $0.editTime($1, at: $2)
    }
    let seconds = lenient(value, "seconds", at: path, expected: "a number of seconds from 1 to 3600") {
      $0.questionSeconds($1, at: $2)
    }
    let explanation = lenient(value, "explanation", at: path, expected: "a string") { $0.string($1, at: $2) }
    let madeUpAnswers = lenient(value, "madeUpAnswers", at: path, expected: "an array of strings") {
      reader, value, path in reader.array(value, at: path) { $0.string($1, at: $2) }
    }
    guard let text, let answers, let correct, let correctAnswers, let imageURL else { return nil }
    return Topic.Question(
      question: text, answers: answers, correct: correct,
      correctAnswers: correctAnswers, imageURL: imageURL, numericAnswer: numericAnswer, created: created,
      modified: modified, seconds: seconds, explanation: explanation, madeUpAnswers: madeUpAnswers)
  }

  /// A question's time: a number of seconds within ``Topic/Question/allowedSeconds``.
  mutating func questionSeconds(_ value: JSONValue, at path: TopicPath) -> Double? {
    guard case .number(let number) = value, Topic.Question.allowedSeconds.contains(number.value) else {
      problems.append(.init(.wrongType, at: path, "expected seconds"))
      return nil
    }
    return number.value
  }

  /// A set's group: an integer from 0.
  mutating func groupNumber(_ value: JSONValue, at path: TopicPath) -> Int? {
    guard case .number(let number) = value, let group = Int(exactly: number.value), group >= 0 else {
      problems.append(.init(.wrongType, at: path, "expected a group number"))
      return nil
    }
    return group
  }

  /// An edit time: an ISO 8601 UTC time, to the second (``EditTime``).
  mutating func editTime(_ value: JSONValue, at path: TopicPath) -> String? {
    guard case .string(let text) = value, EditTime.date(text) != nil else {
      problems.append(.init(.wrongType, at: path, "expected a time"))
      return nil
    }
    return text
  }

  /// `{"value": 1969, "tolerance": 0}`: finite numbers, the tolerance not negative.
  mutating func numericAnswer(_ value: JSONValue, at path: TopicPath) -> NumericAnswer? {
    guard case .object = value, case .number(let number)? = value["value"], number.value.isFinite else { return nil }
    var tolerance = 0.0
    switch value["tolerance"] {
    case nil, .null?: break
    case .number(let given)? where given.value.isFinite && given.value >= 0: tolerance = given.value
    default: return nil
    }
    return NumericAnswer(value: number.value, tolerance: tolerance)
  }

  // MARK: Fields

  /// One of QRQuiz's own keys, which the app ignores: when it is malformed it is dropped
  /// with a warning, never a problem (the app's verdict must not change).
  mutating func lenient<T>(
    _ object: JSONValue, _ key: String, at path: TopicPath, expected: String,
    _ read: (inout FieldReader, JSONValue, TopicPath) -> T?
  ) -> T? {
    guard let value = object[key], value != .null else { return nil }
    var inner = FieldReader(problems: ProblemCollector(limit: 1))
    if let result = read(&inner, value, path.appending(key)), inner.problems.total == 0 { return result }
    if notes.count < ProblemCollector.defaultLimit {
      notes.append(.init(.ignoredExtension, at: path.appending(key), "expected \(expected); ignored"))
    }
    return nil
  }

  /// A required member: missing or `null` is a problem.
  mutating func required<T>(
    _ object: JSONValue, _ key: String, at path: TopicPath,
    _ read: (inout FieldReader, JSONValue, TopicPath) -> T?
  ) -> T? {
    let memberPath = path.appending(key)
    guard let value = object[key], value != .null else {
      problems.append(.init(.missingField, at: memberPath, "required field \"\(key)\" is missing"))
      return nil
    }
    return read(&self, value, memberPath)
  }

  /// An optional member: returns `.some(nil)` when absent or `null`, `nil` when invalid.
  mutating func optional<T>(
    _ object: JSONValue, _ key: String, at path: TopicPath,
    _ read: (inout FieldReader, JSONValue, TopicPath) -> T?
  ) -> T?? {
    guard let value = object[key], value != .null else { return .some(nil) }
    guard let result = read(&self, value, path.appending(key)) else { return nil }
    return .some(result)
  }

  // MARK: Values

  mutating func array<T>(
    _ value: JSONValue, at path: TopicPath, _ element: (inout FieldReader, JSONValue, TopicPath) -> T?
  ) -> [T]? {
    guard case .array(let values) = value else {
      problems.append(.init(.wrongType, at: path, "expected an array, found \(value.typeName)"))
      return nil
    }
    var results: [T] = []
    var complete = true
    for (index, value) in values.enumerated() {
      // null is not "absent" inside an array: the app's decoder fails on it.
      if let result = element(&self, value, path.appending(index)) {
        results.append(result)
      } else {
        complete = false
      }
    }
    return complete ? results : nil
  }

  mutating func string(_ value: JSONValue, at path: TopicPath) -> String? {
    guard case .string(let text) = value else {
      problems.append(.init(.wrongType, at: path, "expected a string, found \(value.typeName)"))
      return nil
    }
    return text
  }

  mutating func bool(_ value: JSONValue, at path: TopicPath) -> Bool? {
    guard case .bool(let flag) = value else {
      problems.append(.init(.wrongType, at: path, "expected true or false, found \(value.typeName)"))
      return nil
    }
    return flag
  }

  mutating func number(_ value: JSONValue, at path: TopicPath) -> Double? {
    guard case .number(let number) = value else {
      problems.append(.init(.wrongType, at: path, "expected a number, found \(value.typeName)"))
      return nil
    }
    return number.value
  }

  /// An answer index: an integral number from 0 to 255, as the app's `UInt8`.
  mutating func index(_ value: JSONValue, at path: TopicPath) -> UInt8? {
    guard case .number(let number) = value else {
      problems.append(.init(.wrongType, at: path, "expected an answer index 0...255, found \(value.typeName)"))
      return nil
    }
    guard let index = UInt8(exactly: number.value) else {
      problems.append(.init(.wrongType, at: path, "expected an answer index 0...255, found \(number.literal)"))
      return nil
    }
    return index
  }
}
