import Foundation
import QRQuiz
import QRQuizCards
import QRQuizFiles

extension AnswerCardsCommand {
  struct Print: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "print", abstract: "Cards to print: a vector PDF with cut marks, or a PNG image of each card.",
      discussion: """
        A class's cards carry its students' names and its class mark (each card's code is the
        class's own: another class's card of the same number is not read as this one); --count N
        gives cards 1 to N without names or mark.
        --cards prints some of them again (a lost card). --png writes DIR/card-N.png, each card
        upright (A at the top, B at the right, C at the bottom, D at the left).
        """,
      examples: [
        "qrquiz answer-cards print --class 7B -o 7B-cards.pdf",
        "qrquiz answer-cards print --class 7B --cards 12 --per-page 1 -o card-12.pdf",
        "qrquiz answer-cards print --count 40 --paper letter --per-page 4 -o cards.pdf",
        "qrquiz answer-cards print --count 8 --png cards/",
      ])

    @Option("--class", value: "NAME", help: "the class whose students' cards to print") var className: String?
    @Option("--count", help: "cards 1 to N, without names", range: 1...AnswerCardCode.cardCount, defaultText: "")
    var count: Int?
    @Option("--cards", value: "LIST", help: "only these cards (3,17 or 20-24)") var numbers: CardList?
    @Option("-o", "--output", value: "FILE", help: "the PDF (- for standard output)", completion: .file)
    var output: String?
    @Option("--png", value: "DIR", help: "write DIR/card-N.png for each card", completion: .directory)
    var pngDirectory: String?
    @Option("--png-size", value: "PIXELS", help: "each PNG's side", range: 600...4000) var pngSize = 800
    @Option("--paper", help: "the paper") var paper = AnswerCardPrinter.Paper.a4
    @Option("--per-page", value: "N", help: "cards a page: 1, 2 or 4", range: 1...4) var perPage = 2

    func validate() throws(CLIError) {
      guard output != nil || pngDirectory != nil else {
        throw .usage("say where the cards go: -o FILE.pdf or --png DIR")
      }
      guard className == nil || count == nil else { throw .usage("--class or --count, not both") }
      guard className != nil || count != nil || numbers != nil else {
        throw .usage("which cards? --class NAME or --count N")
      }
      guard count == nil || numbers == nil else { throw .usage("--count or --cards, not both") }
      guard AnswerCardPrinter.layouts.contains(perPage) else {
        throw .usage("--per-page must be 1, 2 or 4, not \(perPage)")
      }
    }

    func run() async throws -> ExitCode {
      let (cards, roster, codes) = try AnswerCardsCommand.cards(className: className, count: count, numbers: numbers)
      guard !cards.isEmpty else { throw CLIError(.notFound, "\(roster?.name.text ?? "the class") has no students yet") }
      let printer = AnswerCardPrinter(paper: paper, cardsPerPage: perPage)
      // Everything is drawn before anything is written: no partial output.
      let pdf = try output.map { _ in try printer.pdf(cards) }
      let pngs = try pngDirectory.map { _ in try cards.map { try AnswerCardPrinter.png($0, side: pngSize) } }
      if let output, let pdf {
        try Console.write(pdf, to: output)
        if output != "-" {
          let pages = (cards.count + perPage - 1) / perPage
          Console.error(
            "\(output): \(Plural.count(cards.count, "card"))\(roster.map { " of \($0.name)" } ?? ""), "
              + "\(Plural.count(pages, "page")) (\(paper.rawValue.uppercased()), \(perPage) a page, cards of "
              + "\(Int(printer.cardSide.rounded())) mm)")
        }
      }
      if let pngDirectory, let pngs {
        let folder = URL(fileURLWithPath: pngDirectory)
        try Directory.create(folder)
        for (card, png) in zip(cards, pngs) {
          try AtomicFile.write(png, to: folder.appendingPathComponent("card-\(card.number).png"))
        }
        Console.error("\(pngDirectory): \(Plural.count(cards.count, "card")) as PNG, \(pngSize) px a side")
      }
      if let roster, let codes, let note = AnswerCardsCommand.sharedCardsNote(roster, codes) { Console.error(note) }
      return .success
    }
  }
}
