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
    subcommands: [Print.self, Scan.self])

  /// The cards of `--class` (those of `--cards` among them), or numbered 1 to `--count`,
  /// or those of `--cards`.
  static func cards(className: String?, count: Int?, numbers: CardList?) throws -> (
    cards: [AnswerCard], roster: ClassRoster?
  ) {
    guard let className else {
      let numbers = numbers?.numbers ?? Array(1...(count ?? 0))
      return (try numbers.map { number throws in try AnswerCard(number: number) }, nil)
    }
    let roster = try ClassCommand.store().roster(named: className)
    var cards = AnswerCard.cards(of: roster)
    if let numbers {
      let missing = numbers.numbers.filter { number in roster.student(card: number) == nil }
      guard missing.isEmpty else {
        throw CLIError(.notFound, "\(roster.name) has no card \(missing.map(String.init).joined(separator: ", "))")
      }
      cards = cards.filter { numbers.numbers.contains($0.number) }
    }
    return (cards, roster)
  }
}

extension AnswerCardPrinter.Paper: ArgumentChoice {}
