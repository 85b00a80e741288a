import QRQuizLocking

/// The topic work done inside a scope, counted: documents parsed, topics validated, topic
/// files read from a library. What a piece of code must do once (a save parses and
/// validates its topic once and reads nothing back) is checked by counting this work, not
/// by timing it. Off unless a caller turns it on for its own task
/// (`TopicWorkTally.$active.withValue(tally) { … }`), so other tasks' work never counts
/// and counting off costs a task-local lookup per topic, not per question.
package final class TopicWorkTally: Sendable {
  /// The counts so far.
  package struct Counts: Sendable, Hashable, CustomStringConvertible {
    /// Bytes parsed as a topic document (``TopicDocument/init(bytes:sourceName:)``).
    package var documentsParsed = 0
    /// Topics checked against the app's rules (``TopicValidator``).
    package var validations = 0
    /// Topic files read from a library's folder or its versions.
    package var filesRead = 0

    package init(documentsParsed: Int = 0, validations: Int = 0, filesRead: Int = 0) {
      self.documentsParsed = documentsParsed
      self.validations = validations
      self.filesRead = filesRead
    }

    package var description: String {
      "\(documentsParsed) parsed, \(validations) validated, \(filesRead) files read"
    }
  }

  /// The tally of the current task, if it counts.
  @TaskLocal package static var active: TopicWorkTally?

  private let state = Locked(Counts())

  package init() {}

  /// What was counted so far.
  package var counts: Counts { state.withLock { $0 } }

  /// Counts one piece of work in the current task's tally, if it has one.
  static func count(_ work: WritableKeyPath<Counts, Int>) {
    active?.state.withLock { $0[keyPath: work] += 1 }
  }
}
