extension ReviewReplay {
  /// Why a review log is refused: the file, the line, what is wrong.
  public struct Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// The log's name: its path, or "standard input".
    public var source: String
    /// The line the problem is on (the first of a record); `nil` for the whole log.
    public var line: Int?
    public var problem: Problem

    public init(source: String, line: Int?, problem: Problem) {
      self.source = source
      self.line = line
      self.problem = problem
    }

    public var description: String { "\(source): " + (line.map { "line \($0): " } ?? "") + problem.description }

    /// What is wrong.
    public enum Problem: Swift.Error, Sendable, Hashable, CustomStringConvertible {
      /// Larger than ``ReviewReplay/maximumSize``.
      case tooLarge(Int)
      /// Not UTF-8 text.
      case notUTF8
      /// No header: the log is empty.
      case noHeader
      /// The header does not name this column.
      case missingColumn(String)
      /// The header names this column twice.
      case duplicateColumn(String)
      /// A row has more or fewer fields than the header.
      case fieldCount(Int, expected: Int)
      /// A quoted field is never closed.
      case unclosedQuote
      /// A row with no card id.
      case emptyCard
      /// A card id longer than ``ReviewReplay/maximumCardLength`` bytes.
      case cardTooLong(Int)
      /// A time not in the form `2026-01-05T08:00:00Z`.
      case time(String)
      /// A rating other than 1, 2, 3 or 4.
      case rating(String)
      /// A card's review earlier than its review on `previousLine`.
      case timeWentBack(card: String, time: String, previousLine: Int)

      public var description: String {
        switch self {
        case .tooLarge(let size):
          "the log is \(size) bytes, more than the \(ReviewReplay.maximumSize >> 20) MiB a replay reads"
        case .notUTF8: "not UTF-8 text"
        case .noHeader: "no header: the first line must name the columns card, time and rating"
        case .missingColumn(let name): "the header has no column '\(name)' (it must name card, time and rating)"
        case .duplicateColumn(let name): "the header names the column '\(name)' twice"
        case .fieldCount(let count, let expected): "\(count) fields where the header has \(expected)"
        case .unclosedQuote: "a quoted field is never closed"
        case .emptyCard: "the card is empty"
        case .cardTooLong(let length):
          "the card is \(length) bytes long, more than \(ReviewReplay.maximumCardLength)"
        case .time(let text):
          "the time '\(Self.shortened(text))' is not an ISO 8601 UTC time such as 2026-01-05T08:00:00Z "
            + "(from \(QuizClock.Instant.earliestISO8601Year) to \(QuizClock.Instant.latestISO8601Year))"
        case .rating(let text): "the rating '\(Self.shortened(text))' is not 1 (again), 2 (hard), 3 (good) or 4 (easy)"
        case .timeWentBack(let card, let time, let previousLine):
          "card '\(Self.shortened(card))' is reviewed at \(time), before its review on line \(previousLine)"
            + " (each card's rows go in time order)"
        }
      }

      /// Text from the log, cut short for a one-line message.
      private static func shortened(_ text: String) -> String {
        text.count > 40 ? text.prefix(40) + "…" : text
      }
    }
  }
}
