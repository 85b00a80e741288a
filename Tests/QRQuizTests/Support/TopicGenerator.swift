import QRQuiz

/// Deterministic topics of a chosen size with text that compresses like real quiz text
/// (pseudo-words from syllables), for round trips from 100 B to 40 KB.
struct TopicGenerator {
  private var random: SeededGenerator
  private let words: [String]

  init(seed: UInt64) {
    random = SeededGenerator(seed: seed)
    let syllables = "ka lo mi ne ru sa te vo bi da fe gu ho ji ku la me no pa qui re si tu va we xo ya zu an el in"
      .split(separator: " ").map(String.init)
    var vocabulary = SeededGenerator(seed: 7)
    words = (0..<3000).map { _ in
      (0..<Int.random(in: 1...4, using: &vocabulary)).map { _ in syllables.randomElement(using: &vocabulary)! }.joined()
    }
  }

  mutating func phrase(_ count: Int) -> String {
    (0..<count).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
  }

  mutating func question(answers: Int) -> Topic.Question {
    let text = phrase(Int.random(in: 3...9, using: &random)) + "?"
    let options = (0..<answers).map { "\($0 + 1). " + phrase(Int.random(in: 1...3, using: &random)) }
    return Topic.Question(
      question: text, answers: options, correctAnswers: [UInt8(Int.random(in: 0..<answers, using: &random))])
  }

  /// The largest topic of this generator whose normalised JSON is at most `bytes` long.
  mutating func topic(atMost bytes: Int, name: String = "Generated") -> Topic {
    var topic = Topic(options: .init(name: name), sets: [[question(answers: 2)]])
    while true {
      var grown = topic
      if grown.sets[grown.sets.count - 1].count >= 6 {
        grown.sets.append([question(answers: 4)])
      } else {
        grown.sets[grown.sets.count - 1].append(question(answers: grown.sets[grown.sets.count - 1][0].answers.count))
      }
      if grown.normalizedJSON.utf8.count > bytes { return topic }
      topic = grown
    }
  }
}
