import QRQuiz
import QRQuizClassroom

/// The cards `qrquiz review` studies: every question of every topic, in the topics'
/// order, each keyed by its topic's name and its question's text (the second of two
/// questions with one text gets ` #2`), so a card keeps its history when the topic is
/// edited around it or its file moves. Topics of one name are one topic.
struct StudyDeck {
  /// A card: its key in the log, its question and answers.
  struct Item {
    let key: StudyLog.CardKey
    let card: FlashCardDeck.Card
  }

  /// The topics' names, in order.
  let topicNames: [String]
  let items: [Item]

  /// The cards of `arguments` (files, URLs, saved topics' names), or of every saved topic.
  init(topics arguments: [String], reader: TopicReader) async throws {
    var topics: [ValidTopic] = []
    if arguments.isEmpty {
      topics = try TopicSaving.library.list().map(\.topic)
    } else {
      for argument in arguments { topics.append(try await TopicArgument(argument).topic(reader: reader)) }
    }
    var items: [Item] = []
    var names: [String] = []
    // A topic given twice (by file and by name, say) is studied once: its cards are keyed
    // by its name, so the second would deal every card twice.
    for topic in topics where !names.contains(topic.name) {
      names.append(topic.name)
      items += Self.items(of: topic)
    }
    topicNames = names
    self.items = items
  }

  /// The cards of `topic`, keyed.
  static func items(of topic: ValidTopic) -> [Item] {
    var seen: [String: Int] = [:]
    let sets = topic.topic.sets
    guard !sets.isEmpty, let deck = try? FlashCardDeck(topic: topic, sets: 0...(sets.count - 1)) else { return [] }
    return deck.cards.map { card in
      let text = card.question.text
      seen[text, default: 0] += 1
      return Item(key: StudyLog.CardKey(topic: topic.name, card: cardID(text, occurrence: seen[text]!)), card: card)
    }
  }

  /// The id of the `occurrence`th card (1-based) whose question reads `text`.
  static func cardID(_ text: String, occurrence: Int) -> String {
    occurrence == 1 ? text : "\(text) #\(occurrence)"
  }
}
