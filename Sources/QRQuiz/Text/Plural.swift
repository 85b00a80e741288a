/// English counts for messages and pages: "1 set", "3 sets".
package enum Plural {
  /// `count` and `noun`: "1 question", "0 questions", "7 questions".
  package static func count(_ count: Int, _ noun: String) -> String { "\(count) \(Self.noun(noun, count))" }

  /// `noun` with an "s" unless `count` is 1: the nouns counted with it (set, question,
  /// answer, image, problem, topic, symbol, part, count) are all regular; the irregular
  /// ones ("category", "miss") are written out where they are used.
  package static func noun(_ noun: String, _ count: Int) -> String { count == 1 ? noun : noun + "s" }
}
