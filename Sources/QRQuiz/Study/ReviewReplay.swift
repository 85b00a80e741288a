/// A review log replayed through FSRS: how a history from another program is brought in,
/// and how the scheduler is checked against the references (`qrquiz review replay`).
///
/// The log is CSV with a header naming the columns `card`, `time` and `rating` (others are
/// ignored): any card id, an ISO 8601 UTC time to the second, a rating from 1 (Again) to
/// 4 (Easy); cards interleaved, each card's rows in time order. Each row comes out as
/// `card,time,rating,state,step,stability,difficulty,due`, the card as it stands after that
/// review, with fuzz off so that the dues are the references'. The whole log is checked
/// before anything comes out: a bad row refuses it, naming its line.
public enum ReviewReplay {
  /// The largest log read: about three million reviews.
  public static let maximumSize = 128 << 20
  /// The longest card id, in UTF-8 bytes.
  public static let maximumCardLength = 1000
  /// The header of what a replay writes.
  public static let outputHeader = "card,time,rating,state,step,stability,difficulty,due"

  /// Replays the log in `bytes` (named `source` in errors) through `scheduler`, with its
  /// fuzz off, and returns the CSV of every row after its review (lines end in CRLF, as
  /// ``CSVText`` ends them).
  ///
  /// - Throws: ``Error`` for the first thing wrong in the log, with its line.
  public static func replay(_ bytes: [UInt8], source: String, scheduler: FSRSScheduler) throws(Error) -> [UInt8] {
    func failure(_ line: Int?, _ problem: Error.Problem) -> Error {
      Error(source: source, line: line, problem: problem)
    }
    guard bytes.count <= maximumSize else { throw failure(nil, .tooLarge(bytes.count)) }
    var scheduler = scheduler
    scheduler.fuzz = false
    let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    let body = bytes.starts(with: byteOrderMark) ? bytes.dropFirst(3) : bytes[...]
    guard let text = String(validating: body, as: UTF8.self) else { throw failure(nil, .notUTF8) }

    var columns: ReviewLogColumns?
    // Each card once, in order of appearance; the dictionary finds it by id.
    var cardIndex: [String: Int] = [:]
    var cards: [ReplayedCard] = []
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count * 3 + 64)
    let unclosedQuote = { (line: Int) in failure(line, .unclosedQuote) }
    try CSVReader.forEachRecord(text, separator: ",", unclosedQuote: unclosedQuote) {
      (record: CSVReader.Record) throws(Error) in
      if record.fields.count == 1, record.fields[0].isEmpty { return }  // a blank line
      guard let known = columns else {
        do throws(Error.Problem) {
          columns = try ReviewLogColumns(header: record.fields)
        } catch {
          throw failure(record.line, error)
        }
        output.append(contentsOf: (outputHeader + "\r\n").utf8)
        return
      }
      let row: ReviewLogRow
      do throws(Error.Problem) {
        row = try ReviewLogRow(record.fields, columns: known)
      } catch {
        throw failure(record.line, error)
      }
      let index = cardIndex[row.card, default: cards.count]
      if index == cards.count {
        cardIndex[row.card] = index
        cards.append(
          ReplayedCard(
            card: StudyCard(due: row.time, fuzzSeed: StudyCard.fuzzSeed(for: row.card)), line: record.line,
            escapedID: Array(CSVText.cell(row.card).utf8)))
      }
      do {
        cards[index].card = try scheduler.review(cards[index].card, rating: row.rating, at: row.time)
      } catch {
        throw failure(
          record.line, .timeWentBack(card: row.card, time: row.timeText, previousLine: cards[index].line))
      }
      cards[index].line = record.line
      cards[index].write(after: row, to: &output)
    }
    guard columns != nil else { throw failure(nil, .noHeader) }
    return output
  }
}

/// A card of the log, with the line of its last review and its id as a CSV cell.
private struct ReplayedCard {
  var card: StudyCard
  var line: Int
  var escapedID: [UInt8]

  /// Appends the output row of the review `row` (after it) to `output`.
  func write(after row: ReviewLogRow, to output: inout [UInt8]) {
    let comma = UInt8(ascii: ",")
    output.append(contentsOf: escapedID)
    output.append(comma)
    output.append(contentsOf: row.timeText.utf8)
    output.append(comma)
    output.append(UInt8(ascii: "0") + UInt8(row.rating.rawValue))
    output.append(comma)
    output.append(contentsOf: card.state.rawValue.utf8)
    output.append(comma)
    if let step = card.step { output.append(contentsOf: String(step).utf8) }
    output.append(comma)
    // Swift writes the shortest text that reads back as the same double: every digit
    // that matters, 17 significant at most.
    output.append(contentsOf: (card.memory?.stability.description ?? "").utf8)
    output.append(comma)
    output.append(contentsOf: (card.memory?.difficulty.description ?? "").utf8)
    output.append(comma)
    card.due.appendISO8601Seconds(to: &output)
    output.append(contentsOf: [UInt8(ascii: "\r"), UInt8(ascii: "\n")])
  }
}
