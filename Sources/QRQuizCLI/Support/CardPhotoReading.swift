import Dispatch
import Foundation
import QRQuiz
import QRQuizCards
import QRQuizClassroom
import QRQuizLocking
import Synchronization

/// Reading answer cards from many photos on `jobs` threads, each with a scanner of its
/// own (a scanner is not thread-safe), results in the order of the photos.
enum CardPhotoReading {
  /// What one photo gave, and how long it took.
  struct Result: Sendable {
    var scan: AnswerCardScan
    var milliseconds: Double
  }

  static func read(
    _ paths: [String], jobs: Int, timeLimit: Double, mirrored: Bool, cards: AnswerCardSet?
  ) -> [Swift.Result<Result, AnswerCardScanner.Error>] {
    let results = Locked([Swift.Result<Result, AnswerCardScanner.Error>?](repeating: nil, count: paths.count))
    let next = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, paths.count))) { _ in
      let scanner: AnswerCardScanner
      do throws(AnswerCardScanner.Error) {
        scanner = try AnswerCardScanner(timeLimit: timeLimit)
      } catch {
        while case let index = next.wrappingAdd(1, ordering: .relaxed).oldValue, index < paths.count {
          results.withLock { $0[index] = .failure(error) }
        }
        return
      }
      while case let index = next.wrappingAdd(1, ordering: .relaxed).oldValue, index < paths.count {
        let start = ContinuousClock.now
        let result = Swift.Result { () throws(AnswerCardScanner.Error) -> Result in
          let scan = try scanner.scan(contentsOfFile: paths[index], mirrored: mirrored, of: cards)
          let elapsed = ContinuousClock.now - start
          return Result(
            scan: scan,
            milliseconds: Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
        }
        results.withLock { $0[index] = result }
      }
    }
    return results.withLock { $0.map { $0! } }
  }
}

/// One photo's line of `answer-cards scan`: a table for a person, or a JSON line.
struct CardScanReport {
  let file: String
  let result: Swift.Result<CardPhotoReading.Result, AnswerCardScanner.Error>
  let roster: ClassRoster?

  var jsonLine: String {
    var members: [(key: String, value: JSONValue)] = [("file", .string(file))]
    switch result {
    case .success(let read):
      members.append(("cards", .array(read.scan.cards.map(json))))
      members.append(("ignored", .number(read.scan.ignored.total)))
      members.append(("ms", .number((read.milliseconds * 10).rounded() / 10)))
    case .failure(let error):
      members.append(("error", .string(ErrorReport.message(for: error))))
    }
    // JSON escapes every control character: safe on a terminal as it is.
    return JSONValue.object(members).compactText + "\n"
  }

  private func json(_ sighting: AnswerCardScan.Sighting) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("card", .number(sighting.card)), ("answer", .string(sighting.answer.rawValue)),
    ]
    if let name = roster?.student(card: sighting.card)?.name.text { members.append(("name", .string(name))) }
    members.append(
      ("corners", .array(sighting.corners.map { .array([.number(rounded($0.x)), .number(rounded($0.y))]) })))
    return .object(members)
  }

  private func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }

  var table: String {
    let source = TerminalText.safe(file)
    switch result {
    case .failure(let error):
      return "\(source): \(TerminalText.safe(ErrorReport.message(for: error)))\n"
    case .success(let read):
      var text = "\(source): \(Plural.count(read.scan.cards.count, "card"))"
      if read.scan.ignored.total > 0 {
        text += ", \(read.scan.ignored.total) ignored (\(ignoredReasons(read.scan.ignored)))"
      }
      text += ", \(Int(read.milliseconds.rounded())) ms\n"
      for sighting in read.scan.cards {
        let number = String(repeating: " ", count: max(0, 4 - "\(sighting.card)".count)) + "\(sighting.card)"
        let name = roster?.student(card: sighting.card).map { "  " + TerminalText.safe($0.name.text) } ?? ""
        text += "\(number)  \(sighting.answer.rawValue)\(name)\n"
      }
      if let roster {
        let seen = Set(read.scan.cards.map(\.card))
        let missing = roster.students.filter { !seen.contains($0.card) }
        if !missing.isEmpty {
          text +=
            "  not seen: " + missing.map { "\($0.card) \(TerminalText.safe($0.name.text))" }.joined(separator: ", ")
            + "\n"
        }
      }
      return text
    }
  }

  private func ignoredReasons(_ ignored: AnswerCardScan.Ignored) -> String {
    var reasons: [String] = []
    if ignored.notInClass > 0 {
      let other = ignored.otherClass > 0 ? ", \(ignored.otherClass) of another class" : ""
      reasons.append("\(ignored.notInClass) not in \(TerminalText.safe(roster?.name.text ?? "the class"))\(other)")
    }
    if ignored.twoAnswers > 0 { reasons.append("\(ignored.twoAnswers) with two answers") }
    if ignored.betweenLetters > 0 { reasons.append("\(ignored.betweenLetters) held between two letters") }
    if ignored.notACard > 0 { reasons.append("\(ignored.notACard) not answer cards") }
    return reasons.joined(separator: ", ")
  }
}
