import Foundation
import Testing

@testable import QRQuiz

/// Topics printed together on sheets, their codes, and what our reader reads back.
package enum PrintSheetFixtures {
  /// Topics a teacher would print together: the samples, a Spanish and a Japanese name,
  /// a hostile one, and one too large for one code (compact symbols).
  package static func topics() throws -> [ValidTopic] {
    var generator = TopicGenerator(seed: 11)
    let people = try Fixtures.sampleValidTopic("People")
    return try Fixtures.sampleTopicNames.filter { $0 != "ImagesTest" }.map { try Fixtures.sampleValidTopic($0) } + [
      try ValidTopic(people.topic.renamed("Geografía de España")),
      try ValidTopic(people.topic.renamed("数学の問題")),
      try ValidTopic(people.topic.renamed("<script>alert(1)</script>\u{202E} & \"x\"")),
      try ValidTopic(generator.topic(atMost: 6_000, name: "Historia del mundo")),
    ]
  }

  package static func codes(_ topics: [ValidTopic]) throws -> [PrintSheet.Code] {
    try topics.flatMap { topic in
      let matrices = try TopicQREncoder().encode(topic).matrices
      return matrices.enumerated().map {
        PrintSheet.Code(matrix: $1, caption: topic.name, part: ($0 + 1, matrices.count))
      }
    }
  }

  /// The topics read from `images` by our own reader, as normalised JSON.
  package static func read(_ images: [GrayImage]) throws -> Set<String> {
    var collector = TopicCollector()
    for (index, image) in images.enumerated() {
      for symbol in QRCodeReader(timeLimit: .infinity).symbols(in: image) {
        try collector.add(symbol, from: "page \(index + 1)")
      }
    }
    return Set(
      try collector.finish().compactMap { entry in
        if case .topic(let topic, _) = entry { topic.normalizedJSON } else { nil }
      })
  }
}

extension Topic {
  /// The topic under another name.
  package func renamed(_ name: String) -> Topic {
    var topic = self
    var options = topic.options ?? Topic.Options()
    options.name = name
    topic.options = options
    return topic
  }
}
