import QRQuiz

/// What a visitor who is not the teacher may see of the library (`docs/SERVE.md`, "Who
/// sees the answer keys"). While a live game of a topic runs (lobby, questions, until the
/// podium), that topic is the teacher's alone: it is not listed, and every address that
/// would show it answers as for a name no topic has (`QuizWebApp+Secrecy.swift`). On a
/// private server (`qrquiz live`, `serve --private`) no topic is anyone's but the teacher's.
/// An assignment's topic is hidden the same way until it is due (`docs/ASSIGNMENTS.md`).
extension Site {
  /// Whether `context`'s visitor may see topic `name` (its address name) now.
  func shows(topic name: String, to context: RequestContext) -> Bool {
    context.isTeacher
      || (!configuration.isPrivate && !live.topicsInPlay.contains(name) && !assignmentTopics.contains(name))
  }

  /// The topics listed to `context`'s visitor, in the library's order.
  func listedTopics(_ context: RequestContext) -> [ServedTopic] {
    if context.isTeacher { return topics.all }
    if configuration.isPrivate { return [] }
    let hidden = live.topicsInPlay
    return topics.all.filter { !hidden.contains($0.name) && !assignmentTopics.contains($0.name) }
  }
}
