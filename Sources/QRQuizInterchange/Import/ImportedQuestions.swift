import QRQuiz

/// A set read from a file, before it is shaped into a topic.
struct ImportedSet {
  var name: String?
  var questions: [QuestionDraft]
}

/// What a parser reads, question by question: sets of drafts, the questions it could not
/// read, and what it noticed on the way. It keeps what a file may cost bounded: sets are
/// found by name in constant time (a file may name a new set on every row), and reading
/// stops as soon as the topic would be larger than a topic may be
/// (`TopicDocument/maximumSize`), so memory follows the output's limit, not the input's
/// blow-up (a 5-byte GIFT true/false question is a 60-byte topic question).
struct ImportedQuestions {
  private(set) var sets: [ImportedSet] = []
  var issues: [ImportIssue] = []
  /// What the reader chose or found that the person importing should know (which columns
  /// were read as what).
  var notes: [ImportNote] = []
  /// The pictures the file embeds, each question's by a placeholder address.
  var pictures = PendingPictures()
  /// The topic's name the file suggests (Moodle's category above the sets), used when
  /// no name is given.
  var suggestedName: String?
  /// The topic asks for every right answer of a question with several
  /// (`multipleCorrectAnswersAsMandatory`), as the file's own rules do (Moodle's
  /// multiple-answer questions); `nil`: the app's default.
  var mandatoryMultipleAnswers: Bool?
  /// Whether the file's places are lines or rows (a workbook's), for messages.
  var place = ImportIssue.Place.line
  /// Where each named set is in `sets`.
  private var setIndex: [String?: Int] = [:]
  /// The JSON the questions so far will take, at least.
  private(set) var estimatedBytes = 0
  private(set) var questionCount = 0

  /// Adds `question` to the set called `name` (`nil`: the unnamed set), made when first met.
  mutating func add(_ question: QuestionDraft, toSet name: String?) throws(TopicImporter.Error) {
    if let index = setIndex[name] {
      sets[index].questions.append(question)
    } else {
      setIndex[name] = sets.count
      sets.append(ImportedSet(name: name, questions: [question]))
    }
    try count(question)
  }

  /// Adds `question` to the set started last (GIFT's `$CATEGORY` starts one in file order).
  mutating func addToLastSet(_ question: QuestionDraft) throws(TopicImporter.Error) {
    if sets.isEmpty { sets.append(ImportedSet(name: nil, questions: [])) }
    sets[sets.count - 1].questions.append(question)
    try count(question)
  }

  /// Starts a set: the next questions of ``addToLastSet(_:)`` go in it.
  mutating func startSet(named name: String?) {
    sets.append(ImportedSet(name: name, questions: []))
  }

  /// The sets that have questions.
  var nonEmptySets: [ImportedSet] { sets.filter { !$0.questions.isEmpty } }

  private mutating func count(_ question: QuestionDraft) throws(TopicImporter.Error) {
    questionCount += 1
    // The JSON of a question: its strings, their quotes and commas, and the keys.
    estimatedBytes +=
      question.text.utf8.count + question.answers.reduce(0) { $0 + $1.utf8.count + 3 }
      + (question.imageURL?.utf8.count ?? 0) + (question.explanation?.utf8.count ?? 0) + 40
    if estimatedBytes > TopicDocument.maximumSize {
      throw .topicTooLarge(questions: questionCount, bytes: estimatedBytes, limit: TopicDocument.maximumSize)
    }
  }
}
