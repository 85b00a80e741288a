import Foundation

/// The questions a play asks: each as it is played, and the view of the topic's own
/// questions in the play's order.
extension QuizSession {
  /// A question as it is played.
  public struct Question: Sendable, Hashable {
    /// The question's text.
    public var text: String
    /// The answers, in the file's order (the app never shuffles them).
    public var answers: [String]
    /// The indices of the correct answers (`correct` and `correctAnswers` merged).
    public var correctAnswers: Set<Int>
    /// The image shown with it, if any.
    public var imageURL: String?
    /// The set (category) it comes from, 0-based.
    public var category: Int
    /// When set, the question is asked as typed input, not as choices (a QRQuiz extension).
    public var numericAnswer: NumericAnswer?
    /// Why the right answer is right, shown after the verdict (a QRQuiz extension).
    public var explanation: String?
    /// The time to answer it in a live game, when the topic sets one (a QRQuiz extension).
    public var seconds: Double?

    /// How many picks the question takes before the player moves on.
    func requiredPicks(mandatory: Bool) -> Int { mandatory ? correctAnswers.count : 1 }
  }
}

extension QuizSession.Question {
  init(_ question: Topic.Question, category: Int) {
    self.init(
      text: question.question, answers: question.answers,
      correctAnswers: Set(question.mergedCorrectAnswers.map(Int.init)), imageURL: question.imageURL,
      category: category, numericAnswer: question.numericAnswer, explanation: question.explanation,
      seconds: question.seconds)
  }
}

extension QuizSession {
  /// The questions a play asks, in its order: a view of the topic's questions.
  public struct Questions: RandomAccessCollection, Sendable {
    let sets: [[Topic.Question]]
    let selection: Selection
    let order: [UInt32]

    public var startIndex: Int { 0 }
    public var endIndex: Int { order.count }

    public subscript(position: Int) -> Question {
      let reference = selection.reference(Int(order[position]))
      return Question(sets[Int(reference.set)][Int(reference.question)], category: Int(reference.set))
    }
  }

  /// Which questions of a topic a play asks, in the file's order.
  enum Selection: Sendable {
    /// One whole set: its index and question count.
    case set(Int, count: Int)
    /// Questions drawn from several sets.
    case sample([Reference])

    /// A question of the topic: 8 bytes, not a copy of it.
    struct Reference: Sendable {
      var set: UInt32
      var question: UInt32
    }

    var count: Int {
      switch self {
      case .set(_, let count): count
      case .sample(let references): references.count
      }
    }

    func reference(_ index: Int) -> Reference {
      switch self {
      case .set(let set, _): Reference(set: UInt32(set), question: UInt32(index))
      case .sample(let references): references[index]
      }
    }
  }
}
