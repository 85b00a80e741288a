/// What an export could not write as the topic has it: said, never silently dropped.
public enum ExportNote: Sendable, Hashable, CustomStringConvertible {
  /// A topic option, or a QRQuiz key, the format has no place for: its name and why it
  /// matters.
  case notKept(what: String, why: String)
  /// A question the format cannot hold, left out.
  case questionLeftOut(QuestionReference, why: String)
  /// A question written in another form than the topic's (a typed number as its choices).
  case questionChanged(QuestionReference, how: String)
  /// A picture not found on this machine (not in the library nor the image cache):
  /// written as a link to its address, not embedded.
  case pictureLinked(QuestionReference, url: String)
  /// Characters no XML document may hold (control characters), written as U+FFFD.
  case charactersReplaced(count: Int)

  public var description: String {
    switch self {
    case .notKept(let what, let why): "\(what): not kept: \(why)"
    case .questionLeftOut(let question, let why): "\(question): left out: \(why)"
    case .questionChanged(let question, let how): "\(question): \(how)"
    case .pictureLinked(let question, let url):
      "\(question): its picture is linked (\(url)), not embedded: it is not on this machine"
    case .charactersReplaced(let count):
      "\(Plural.count(count, "control character")) that XML cannot hold written as �"
    }
  }
}

/// A question of a topic, for a message: `set 1, question 3 ("Which planet …")`.
public struct QuestionReference: Sendable, Hashable, CustomStringConvertible {
  /// 0-based.
  public var set: Int
  /// 0-based, in its set.
  public var question: Int
  /// The start of its text.
  public var text: String

  /// A reference to question `question` of set `set` (both 0-based), named by `text`'s
  /// first line, cut to 40 characters.
  public init(set: Int, question: Int, text: String) {
    self.set = set
    self.question = question
    let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
    self.text = line.count > 40 ? String(line.prefix(39)) + "…" : line
  }

  public var description: String { "set \(set + 1), question \(question + 1) (\"\(text)\")" }
}
