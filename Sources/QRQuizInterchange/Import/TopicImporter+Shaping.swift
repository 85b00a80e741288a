import QRQuiz

extension TopicImporter {
  /// Wrong answers for padding, worded so a student can rule them out: each question
  /// padded has a right and a wrong answer already, so neither is ever true.
  static let paddingAnswers = ["None of these", "All of these"]

  /// A set as it goes into the topic, with the list (the file's set) it came from.
  private struct ShapedSet {
    var set: ImportedSet
    var list: Int
  }

  /// Checks every question, applies the answer-count rule, and builds the topic: in the
  /// file's order, sets split from one list marked as one group.
  static func shape(_ imported: ImportedQuestions, name: String?, options: Options) throws(Error) -> Result {
    var issues = imported.issues
    var notes = imported.notes
    var shaped: [ShapedSet] = []
    for (list, set) in imported.nonEmptySets.enumerated() {
      var good: [QuestionDraft] = []
      for question in set.questions {
        if let problem = question.problems.first {
          issues.append(
            ImportIssue(line: question.line, reason: .problem(problem), place: imported.place, label: question.label))
        } else {
          good.append(question)
        }
      }
      let sets = shapeAnswerCounts(
        ImportedSet(name: set.name, questions: good), number: shaped.count + 1, rule: options.answerCounts,
        place: imported.place, issues: &issues, notes: &notes)
      shaped += sets.filter { !$0.questions.isEmpty }.map { ShapedSet(set: $0, list: list) }
    }
    issues.sort { ($0.line ?? 0) < ($1.line ?? 0) }
    if !issues.isEmpty, !options.skipInvalid { throw .invalidQuestions(issues) }
    guard !shaped.isEmpty else { throw .noQuestions }
    var draft = TopicDraft(name: name, sets: shaped.map(\.set.questions))
    draft.options.questionsInRandomOrder = options.shuffle
    draft.options.multipleCorrectAnswersAsMandatory =
      options.rightAnswers.map { $0 == .every } ?? imported.mandatoryMultipleAnswers
    let several = draft.sets.joined().enumerated().filter { $0.element.correct.count > 1 }.map { $0.offset + 1 }
    // A teacher who wrote "Which TWO…" must know whether one right pick scores: said
    // unless the file's own rule was kept and said already (Moodle, GIFT).
    if !several.isEmpty, options.rightAnswers != nil || imported.mandatoryMultipleAnswers == nil {
      notes.append(
        .severalRightAnswers(
          questions: several, every: draft.options.multipleCorrectAnswersAsMandatory == true,
          chosen: options.rightAnswers != nil))
    }
    let names = shaped.map { $0.set.name ?? "" }
    let defaults = names.indices.map { "Set \($0 + 1)" }
    // Names that are each set's default ("Set 2" for the second) say nothing.
    if names.contains(where: { !$0.isEmpty }), names != defaults {
      draft.options.setNames = names.enumerated().map { $0.element.isEmpty ? defaults[$0.offset] : $0.element }
    }
    let lists = shaped.map(\.list)
    if Set(lists).count < lists.count {
      // Numbered from 0 in order, whatever lists had no questions left.
      let numbers = Dictionary(Array(Set(lists)).sorted().enumerated().map { ($1, $0) }) { first, _ in first }
      draft.options.setGroups = lists.map { numbers[$0]! }
    }
    let (topic, pictures) = placeholdersRemoved(from: draft, pictures: imported.pictures)
    // The estimate while reading is a lower bound (escapes are longer): the exact size, so
    // nothing is written that validate would refuse.
    let bytes = topic.normalizedJSON.utf8.count
    if bytes > TopicDocument.maximumSize {
      throw .topicTooLarge(questions: topic.topic.questions.count, bytes: bytes, limit: TopicDocument.maximumSize)
    }
    return Result(topic: topic, skipped: issues, notes: notes, pictures: pictures)
  }

  /// The topic without the pictures' placeholder addresses, and each picture with the
  /// question it ended up at.
  private static func placeholdersRemoved(
    from draft: TopicDraft, pictures pending: PendingPictures
  ) -> (ValidTopic, [ImportedPicture]) {
    var pictures: [ImportedPicture] = []
    var draft = draft
    for set in draft.sets.indices {
      for question in draft.sets[set].indices {
        guard let index = PendingPictures.index(of: draft.sets[set][question].imageURL) else { continue }
        draft.sets[set][question].imageURL = nil
        let (picture, name) = pending.pictures[index]
        pictures.append(ImportedPicture(set: set, question: question, picture: picture, name: name))
      }
    }
    do {
      return (try draft.topic(), pictures)
    } catch {
      // Every question was checked above.
      preconditionFailure("an imported draft was not valid: \(error)")
    }
  }

  private static func shapeAnswerCounts(
    _ set: ImportedSet, number: Int, rule: AnswerCounts, place: ImportIssue.Place, issues: inout [ImportIssue],
    notes: inout [ImportNote]
  ) -> [ImportedSet] {
    guard let first = set.questions.first else { return [set] }
    let counts = Set(set.questions.map(\.answers.count)).sorted()
    guard counts.count > 1 else { return [set] }
    switch rule {
    case .report:
      var kept = ImportedSet(name: set.name, questions: [])
      for question in set.questions {
        if question.answers.count == first.answers.count {
          kept.questions.append(question)
        } else {
          let problem = DraftProblem.answerCountDiffers(
            set: number, expected: first.answers.count, found: question.answers.count)
          issues.append(
            ImportIssue(line: question.line, reason: .problem(problem), place: place, label: question.label))
        }
      }
      return [kept]
    case .pad:
      let most = counts.max()!
      notes.append(.padded(set: set.name, answerCounts: counts, to: most))
      var padded = set
      for index in padded.questions.indices {
        var answers = padded.questions[index].answers
        var fillers = paddingAnswers.makeIterator()
        var number = answers.count + 1
        while answers.count < most {
          let candidate = fillers.next() ?? "(no answer \(number))"
          if !answers.contains(candidate) { answers.append(candidate) }
          number += 1
        }
        padded.questions[index].answers = answers
      }
      return [padded]
    case .split:
      let runs = consecutiveRuns(set.questions)
      notes.append(.splitIntoRuns(set: set.name, answerCounts: counts, runs: runs))
      return runs.map { run in
        ImportedSet(
          name: runName(set.name, run), questions: Array(set.questions[(run.lowerBound - 1)...(run.upperBound - 1)]))
      }
    }
  }

  /// The runs of consecutive questions with the same number of answers, 1-based.
  static func consecutiveRuns(_ questions: [QuestionDraft]) -> [ClosedRange<Int>] {
    var runs: [ClosedRange<Int>] = []
    var start = 0
    for index in questions.indices.dropFirst() where questions[index].answers.count != questions[start].answers.count {
      runs.append((start + 1)...index)
      start = index
    }
    runs.append((start + 1)...questions.count)
    return runs
  }

  /// A run's set name, as a teacher counts the list's questions: "Questions 1–3",
  /// "Question 4"; in a named list, "Geography: questions 1–3".
  static func runName(_ list: String?, _ run: ClosedRange<Int>) -> String {
    let numbers = run.count == 1 ? "\(run.lowerBound)" : "\(run.lowerBound)–\(run.upperBound)"
    let word = run.count == 1 ? "question" : "questions"
    guard let list else { return word.prefix(1).uppercased() + word.dropFirst() + " " + numbers }
    return "\(list): \(word) \(numbers)"
  }
}
