import Foundation

/// "Which one is this?" topics from (name, image URL) pairs: a flag quiz, a bird quiz.
/// Each question shows one pair's image; its answers are that pair's name and names of
/// other pairs drawn at random (seeded: the same seed makes the same topic).
///
/// ```swift
/// let pairs = [
///   ("France", "https://example.org/fr.png"), ("Italy", "https://example.org/it.png"),
///   ("Spain", "https://example.org/es.png"),
/// ]
/// let quiz = try ImageQuizGenerator.generate(
///   pairs: pairs.map { ImageQuizGenerator.Pair(name: $0.0, imageURL: $0.1) }, answers: 3,
///   prompt: "Which country's flag is this?", name: "Flags", seed: 1)
/// ```
public enum ImageQuizGenerator {
  /// A name and the image it goes with.
  public struct Pair: Sendable, Hashable {
    /// The right answer for the image.
    public var name: String
    /// The image.
    public var imageURL: String

    /// Creates a pair.
    public init(name: String, imageURL: String) {
      self.name = name
      self.imageURL = imageURL
    }
  }

  /// Why no quiz could be made.
  public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// Fewer different names than answers per question.
    case tooFewNames(names: Int, answers: Int)
    /// Fewer than two answers per question.
    case tooFewAnswers(Int)
    /// More questions asked for than pairs.
    case tooManyQuestions(asked: Int, pairs: Int)
    /// A question would break one of the app's rules (an empty name or prompt).
    case invalidQuestion(DraftProblem)
    /// The pairs file is not two columns, name and image URL.
    case malformedPairs(line: Int)

    public var description: String {
      switch self {
      case .tooFewNames(let names, let answers):
        "\(answers) answers a question need \(answers) different names; there are \(names)"
      case .tooFewAnswers(let answers): "a question needs at least 2 answers, not \(answers)"
      case .tooManyQuestions(let asked, let pairs): "\(asked) questions asked for, but there are \(pairs) pairs"
      case .invalidQuestion(let problem): problem.description
      case .malformedPairs(let line): "line \(line): expected a name and an image URL"
      }
    }
  }

  /// A quiz of `questions` questions (all pairs by default, in a random order), each with
  /// `answers` answers.
  ///
  /// - Throws: ``Error``.
  public static func generate(
    pairs: [Pair], answers: Int, questions: Int? = nil, prompt: String = "Which one is this?", name: String? = nil,
    seed: UInt64 = 0
  ) throws(Error) -> ValidTopic {
    guard answers >= 2 else { throw .tooFewAnswers(answers) }
    // Sorted once: the seed alone decides the draws, whatever order the pairs came in.
    let names = Set(pairs.map(\.name)).sorted()
    guard names.count >= answers else { throw .tooFewNames(names: names.count, answers: answers) }
    let count = questions ?? pairs.count
    guard count <= pairs.count else { throw .tooManyQuestions(asked: count, pairs: pairs.count) }
    var random = SeededRandom(seed: seed)
    let chosen = pairs.shuffled(using: &random).prefix(count)
    let drafts = chosen.map { pair -> QuestionDraft in
      var choices = otherNames(answers - 1, from: names, besides: pair.name, using: &random)
      let position = Int.random(in: 0...choices.count, using: &random)
      choices.insert(pair.name, at: position)
      return QuestionDraft(text: prompt, answers: choices, correct: [position], imageURL: pair.imageURL)
    }
    do {
      return try TopicDraft(name: name, sets: [Array(drafts)]).topic()
    } catch {
      throw .invalidQuestion(error)
    }
  }

  /// `count` different names of `names` (sorted, distinct), none of them `name`, drawn at
  /// random: a few draws each when there are many names (so a quiz of n pairs costs n
  /// draws, not n sorts of every name), a shuffle when there are few.
  package static func otherNames(
    _ count: Int, from names: [String], besides name: String, using random: inout SeededRandom
  ) -> [String] {
    guard names.count > 2 * (count + 1) else {
      return Array(names.filter { $0 != name }.shuffled(using: &random).prefix(count))
    }
    var picked: [String] = []
    var taken: Set<Int> = []
    while picked.count < count {
      let index = Int.random(in: 0..<names.count, using: &random)
      guard names[index] != name, taken.insert(index).inserted else { continue }
      picked.append(names[index])
    }
    return picked
  }

  /// The pairs of a CSV file: a name and an image URL a row (a header row is skipped when
  /// its second field is not a URL; `,` or `;` separated).
  ///
  /// - Throws: ``Error/malformedPairs(line:)``.
  public static func pairs(fromCSV text: String) throws(Error) -> [Pair] {
    let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    let records: [CSVReader.Record]
    do {
      records = try CSVReader.records(body, separator: CSVReader.separator(of: body))
    } catch {
      throw .malformedPairs(line: 1)
    }
    var pairs: [Pair] = []
    for (index, record) in records.enumerated() {
      let fields = record.fields.map { $0.trimmingCharacters(in: .whitespaces) }
      if fields.allSatisfy(\.isEmpty) { continue }
      guard fields.count >= 2, !fields[0].isEmpty else { throw .malformedPairs(line: record.line) }
      if index == 0, !fields[1].contains("://") { continue }
      pairs.append(Pair(name: fields[0], imageURL: fields[1]))
    }
    return pairs
  }
}
