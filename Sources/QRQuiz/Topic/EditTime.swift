import Foundation

/// The times the web editor keeps on each question (`created`, `modified`): ISO 8601 in
/// UTC, to the second, as `2026-12-01T15:03:07Z` (docs/FORMAT.md).
public enum EditTime {
  /// `date` as an edit time.
  public static func string(_ date: Date) -> String { formatter().string(from: date) }

  /// The date of an edit time; `nil` for text of any other shape.
  public static func date(_ text: String) -> Date? {
    guard text.utf8.count == 20, text.hasSuffix("Z") else { return nil }
    return formatter().date(from: text)
  }

  // A formatter per call: ISO8601DateFormatter is not safe to share across threads.
  private static func formatter() -> ISO8601DateFormatter {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter
  }
}

extension Topic {
  /// The topic without its questions' edit times.
  public var withoutEditTimes: Topic {
    var topic = self
    for set in topic.sets.indices {
      for question in topic.sets[set].indices {
        topic.sets[set][question].created = nil
        topic.sets[set][question].modified = nil
      }
    }
    return topic
  }

  /// This topic, saved over `previous` at `now`: a question that is new (no `created`, or
  /// one `previous` does not have) is created now; one whose text, answers, right answers,
  /// picture, number, time or explanation differ from `previous`'s question of the same
  /// `created` time was modified now; the others keep the times they had. Times are the
  /// server's, never the client's: a question sent with times `previous` does not know is new.
  public func stampingEditTimes(over previous: Topic?, at now: Date) -> Topic {
    let time = EditTime.string(now)
    var byCreation: [String: Question] = [:]
    // How many questions saved before the editor kept times have each content: one lookup
    // per question (a search of the list and a removal from it per question made saving a
    // big topic quadratic, 22 s for 40,000 questions).
    var unstamped: [ContentKey: Int] = [:]
    for question in previous?.questions ?? [] {
      if let created = question.created {
        byCreation[created] = byCreation[created] ?? question
      } else {
        unstamped[ContentKey(question), default: 0] += 1
      }
    }
    var topic = self
    var used: Set<String> = []
    for set in topic.sets.indices {
      for index in topic.sets[set].indices {
        var question = topic.sets[set][index]
        if let created = question.created, !used.contains(created), let before = byCreation[created] {
          used.insert(created)
          question.modified = Self.sameContent(question, before) ? before.modified : time
        } else if case let key = ContentKey(question), let left = unstamped[key], left > 0 {
          // A question saved before the editor kept times, unchanged: it keeps having none.
          unstamped[key] = left - 1
          question.created = nil
          question.modified = nil
        } else {
          question.created = time
          question.modified = nil
        }
        topic.sets[set][index] = question
      }
    }
    return topic
  }

  private static func sameContent(_ a: Question, _ b: Question) -> Bool { ContentKey(a) == ContentKey(b) }

  /// What a question says, its times left out: two questions with the same key are the
  /// same question, edited or not.
  private struct ContentKey: Hashable {
    let question: String
    let answers: [String]
    let correct: [UInt8]
    let imageURL: String?
    let numericAnswer: NumericAnswer?
    let seconds: Double?
    let explanation: String?

    init(_ question: Question) {
      self.question = question.question
      answers = question.answers
      correct = question.mergedCorrectAnswers
      imageURL = question.imageURL
      numericAnswer = question.numericAnswer
      seconds = question.seconds
      explanation = question.explanation
    }
  }
}
