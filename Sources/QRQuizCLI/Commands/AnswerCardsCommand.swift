import Foundation
import QRQuiz
import QRQuizCards
import QRQuizClassroom

/// `qrquiz answer-cards print|scan`: printed cards a class without phones answers with,
/// and reading them from photos.
struct AnswerCardsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "answer-cards",
    synonyms: ["answercards", "plickers"],
    abstract: "Answer cards for a class without phones: print them, read a photo of the room holding them up.",
    discussion: """
      Each card carries one large marker (an AprilTag tag36h11 code) and the letters A, B,
      C and D on its four edges. A student answers by holding the card up with their
      answer's letter on top; one photo of the room reads every card. The card number and
      the student's name are printed small, for the holder.
      """,
    examples: [
      "qrquiz answer-cards print --class 7B -o 7B-cards.pdf", "qrquiz answer-cards print --count 40 -o cards.pdf",
      "qrquiz answer-cards scan --class 7B room.jpg",
    ],
    subcommands: [Print.self, Scan.self, Mark.self])

  /// The cards of `--class` (those of `--cards` among them), or numbered 1 to `--count`,
  /// or those of `--cards`.
  static func cards(className: String?, count: Int?, numbers: CardList?) throws -> (
    cards: [AnswerCard], roster: ClassRoster?, codes: ClassCardCodes?
  ) {
    guard let className else {
      let numbers = numbers?.numbers ?? Array(1...(count ?? 0))
      return (try numbers.map { number throws in try AnswerCard(number: number) }, nil, nil)
    }
    let store = try ClassCommand.store()
    let roster = try store.roster(named: className)
    // Each card with its class mark: the code the records give its student.
    let codes = try store.cardCodes(of: roster.name.text)
    var cards = AnswerCard.cards(of: roster, codes: codes)
    if let numbers {
      let missing = numbers.numbers.filter { number in roster.student(card: number) == nil }
      guard missing.isEmpty else {
        throw CLIError(.notFound, "\(roster.name) has no card \(missing.map(String.init).joined(separator: ", "))")
      }
      cards = cards.filter { numbers.numbers.contains($0.number) }
    }
    return (cards, roster, codes)
  }

  /// The line that says a class's cards printed before class marks are read as its own in
  /// its games whoever holds them, and how to mark them; `nil` when every card is marked.
  static func sharedCardsNote(_ roster: ClassRoster, _ codes: ClassCardCodes) -> String? {
    let shared = codes.shared.filter { roster.student(card: $0) != nil }
    guard !shared.isEmpty else { return nil }
    let name = TerminalText.safe(roster.name.text)
    return "\(name): \(Plural.count(shared.count, "card")) (\(numbersText(shared))) carry no class mark "
      + "(printed before marks, or every code taken): another class's card of the same number reads as "
      + "\(name)'s; qrquiz answer-cards mark --class '\(name)' gives them marks, then print them again"
  }

  /// `1–3, 7`: numbers in order, runs as ranges.
  static func numbersText(_ numbers: [Int]) -> String {
    var runs: [String] = []
    var index = 0
    let sorted = numbers.sorted()
    while index < sorted.count {
      var end = index
      while end + 1 < sorted.count, sorted[end + 1] == sorted[end] + 1 { end += 1 }
      runs.append(end == index ? "\(sorted[index])" : "\(sorted[index])–\(sorted[end])")
      index = end + 1
    }
    return runs.joined(separator: ", ")
  }
}

extension AnswerCardPrinter.Paper: ArgumentChoice {}
