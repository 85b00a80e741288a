import Foundation
import QRQuiz

/// `qrquiz cards TOPIC`: a set as flash cards; a list's first set, the whole list.
struct CardsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "cards",
    abstract: "Go through a set as flash cards: a question, then its answer when the card is turned.",
    discussion: """
      A topic imported from one list whose answer counts made it several sets (a true/false
      question among four-answer ones) is one deck of the whole list, in its order: --set
      names the list's first set (1 by default), as live games and the web player do.
      Keys (full-screen): space or Enter turns the card, → or n next, ← or p previous, s shuffles,
      q quits. Plain (--plain, or standard input not a terminal): one command per line,
      t turn, n next, p previous, s shuffle, q quit.
      The words follow LC_ALL, LC_MESSAGES or LANG; the topic's own text is never translated.
      """,
    examples: ["qrquiz cards Social.json", "qrquiz cards 'Capitals' --set 2"])

  @Argument(.topic) var source: String
  @Option("--set", value: "N", help: "the set (1-based; a list's first set: the whole list)") var set = 1
  @Option("--seed", value: "S", help: "seed for the shuffle") var seed: UInt64?
  @Flag("--plain", help: "plain lines, one command per input line") var plain
  @OptionGroup var network: NetworkOptions

  func validate() throws(CLIError) {
    guard set >= 1 else { throw .usage("--set must be 1 or more, not '\(set)'") }
  }

  func run() async throws -> ExitCode {
    let argument = try TopicArgument(source)
    let topic = try await argument.topic(reader: network.reader)
    var deck = try argument.setUp { () throws(QuizSession.SetupError) in try Self.deck(of: topic, set: set, seed: seed)
    }
    let events = InputEvents()
    let reader = events.makeReader()
    if plain || !Terminal.isInteractive {
      events.readLines()
      show(deck, plain: true)
      while let event = await reader.next() {
        guard case .line(let command) = event else { if case .endOfInput = event { break } else { continue } }
        switch command.trimmingCharacters(in: .whitespaces).lowercased() {
        case "t", "": deck.turn()
        case "n": deck.next()
        case "p": deck.previous()
        case "s": deck.shuffle()
        case "q": return .success
        default:
          Console.line(words(.cardKeysPlain))
          continue
        }
        show(deck, plain: true)
      }
      return .success
    }
    guard let size = RawTerminal.size(), size.columns >= 40, size.rows >= 10 else {
      throw CLIError(.usage, "the terminal is too small for cards (at least 40×10, or use --plain)")
    }
    RawTerminal.enter()
    defer { RawTerminal.restore() }
    events.readKeys()
    show(deck, plain: false)
    while let event = await reader.next() {
      guard case .key(let key) = event else { if case .endOfInput = event { break } else { continue } }
      switch key {
      case .character(" "), .enter: deck.turn()
      case .right, .character("n"): deck.next()
      case .left, .character("p"): deck.previous()
      case .character("s"): deck.shuffle()
      case .character("q"), .escape: return .success
      case .interrupt: return .interrupted
      default: continue
      }
      show(deck, plain: false)
    }
    return .success
  }

  /// The deck of set `number` (1-based): a list's first set deals the whole list's cards.
  static func deck(of topic: ValidTopic, set number: Int, seed: UInt64?) throws(QuizSession.SetupError) -> FlashCardDeck
  {
    try FlashCardDeck(topic: topic, sets: topic.setsPlayed(from: number), seed: seed)
  }

  /// The cards' words, in the locale's language.
  private var words: TerminalWords { .current }

  private func show(_ deck: FlashCardDeck, plain: Bool) {
    let card = deck.current
    let counter = words(.cardCounter, ["number": .number(deck.position + 1), "count": .number(deck.cards.count)])
    if plain {
      Console.line(
        deck.isTurned
          ? words(
            .cardAnswerLine,
            ["counter": .text(counter), "answers": .text(card.correctAnswerTexts.joined(separator: "; "))])
          : words(.cardQuestionLine, ["counter": .text(counter), "question": .text(card.question.text)]))
      return
    }
    let size = RawTerminal.size() ?? (80, 24)
    var screen = Screen(columns: size.columns, rows: size.rows, colour: Terminal.hasColour)
    screen.clear()
    screen.line(1, " \(counter)", style: .reverse)
    var row = 3
    for line in DisplayWidth.wrap(TerminalText.safe(card.question.text, allowNewlines: true), width: size.columns - 4)
    where row < size.rows - 2 {
      screen.line(row, "  " + line, style: .bold)
      row += 1
    }
    row += 1
    if deck.isTurned {
      for answer in card.correctAnswerTexts where row < size.rows - 1 {
        screen.line(row, "  → " + answer, style: .right)
        row += 1
      }
    } else {
      screen.line(row, words(.cardTurnHint), style: .dim)
    }
    screen.line(size.rows, words(.cardKeys), style: .dim)
    screen.flush()
  }
}
