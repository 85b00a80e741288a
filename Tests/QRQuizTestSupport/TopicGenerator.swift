import QRQuiz

/// Deterministic topics of a chosen size with text that compresses like real quiz text
/// (pseudo-words from syllables), for round trips from 100 B to 40 KB.
package struct TopicGenerator {
  private var random: SeededGenerator
  private let words: [String]

  package init(seed: UInt64) {
    random = SeededGenerator(seed: seed)
    let syllables = "ka lo mi ne ru sa te vo bi da fe gu ho ji ku la me no pa qui re si tu va we xo ya zu an el in"
      .split(separator: " ").map(String.init)
    var vocabulary = SeededGenerator(seed: 7)
    words = (0..<3000).map { _ in
      (0..<Int.random(in: 1...4, using: &vocabulary)).map { _ in syllables.randomElement(using: &vocabulary)! }.joined()
    }
  }

  package mutating func phrase(_ count: Int) -> String {
    (0..<count).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
  }

  package mutating func question(answers: Int) -> Topic.Question {
    let text = phrase(Int.random(in: 3...9, using: &random)) + "?"
    let options = (0..<answers).map { "\($0 + 1). " + phrase(Int.random(in: 1...3, using: &random)) }
    return Topic.Question(
      question: text, answers: options, correctAnswers: [UInt8(Int.random(in: 0..<answers, using: &random))])
  }

  /// The largest topic of this generator whose normalised JSON is at most `bytes` long.
  ///
  /// The topic grows a question at a time (sets of six; the first set's questions have two
  /// answers, the others four) and stops before the first question that does not fit; the
  /// generator is left as if that question had been made too. The JSON is measured at
  /// doubling counts and then by bisection, not after every question: measuring each step
  /// made a 770 KB topic cost four CPU minutes.
  package mutating func topic(atMost bytes: Int, name: String = "Generated") -> Topic {
    var questions = [question(answers: 2)]
    /// The generator's state after each question was made.
    var states = [random]
    func grow(to count: Int) {
      while questions.count < count {
        let index = questions.count
        questions.append(question(answers: index < 6 ? 2 : 4))
        states.append(random)
      }
    }
    func assembled(_ count: Int) -> Topic {
      let sets = stride(from: 0, to: count, by: 6).map { Array(questions[$0..<min($0 + 6, count)]) }
      return Topic(options: .init(name: name), sets: sets)
    }
    func fits(_ count: Int) -> Bool {
      grow(to: count)
      return assembled(count).normalizedJSON.utf8.count <= bytes
    }
    // The first question is kept whatever its size, as a topic needs one.
    var fitting = 1
    var tooMany = 2
    while fits(tooMany) {
      fitting = tooMany
      tooMany *= 2
    }
    while tooMany - fitting > 1 {
      let middle = (fitting + tooMany) / 2
      if fits(middle) { fitting = middle } else { tooMany = middle }
    }
    random = states[fitting]
    return assembled(fitting)
  }
}
