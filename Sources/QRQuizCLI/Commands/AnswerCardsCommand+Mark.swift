import QRQuiz
import QRQuizCards
import QRQuizClassroom

extension AnswerCardsCommand {
  /// `qrquiz answer-cards mark --class NAME`: a class's cards printed before class marks
  /// given codes of their own, to be printed again.
  struct Mark: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "mark", abstract: "Give a class's cards printed before class marks a mark of their own.",
      discussion: """
        Cards printed before class marks carry the same code in every class: another class's
        card 3 reads as this class's card 3. This gives each such card of the class a code no
        other class's card carries; print them again afterwards (the old ones then read as no
        card of the class). Cards printed since class marks carry one already.
        """,
      examples: ["qrquiz answer-cards mark --class 7B"])

    @Option("--class", value: "NAME", help: "the class whose cards to mark") var className: String?

    func validate() throws(CLIError) {
      guard className != nil else { throw .usage("which class? --class NAME") }
    }

    func run() async throws -> ExitCode {
      let store = try ClassCommand.store()
      let roster = try store.roster(named: className ?? "")
      let name = TerminalText.safe(roster.name.text)
      let marked = try store.markCards(of: roster.name.text)
      let codes = try store.cardCodes(of: roster.name.text)
      if marked.isEmpty, codes.isMarked {
        Console.line("\(name): every card carries the class's mark already")
        return .success
      }
      if !marked.isEmpty {
        Console.line(
          "\(name): \(Plural.count(marked.count, "card")) (\(AnswerCardsCommand.numbersText(marked))) now carry "
            + "\(name)'s mark; print them again: qrquiz answer-cards print --class '\(name)' -o cards.pdf")
      }
      // Every code taken: the cards left unmarked are said so.
      if let note = AnswerCardsCommand.sharedCardsNote(roster, codes) { Console.error(note) }
      return .success
    }
  }
}
