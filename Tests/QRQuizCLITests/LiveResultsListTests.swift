import Testing

@testable import QRQuizCLI
@testable import QRQuizClassroom

/// `qrquiz live --results`: each game's line names its winner, or every tied one.
@Suite struct LiveResultsListTests {
  @Test func everyTiedWinnerIsNamed() {
    let tie = [LiveGame.Standing(name: "Tie One", score: 1000), LiveGame.Standing(name: "Tie Two", score: 1000)]
    #expect(LiveCommand.winnerText(tie) == "winners Tie One and Tie Two (1000)")
    let three = tie + [LiveGame.Standing(name: "Tie Three", score: 1000)]
    #expect(LiveCommand.winnerText(three) == "winners Tie One, Tie Two and Tie Three (1000)")
  }

  @Test func oneWinnerOrNone() {
    #expect(LiveCommand.winnerText([LiveGame.Standing(name: "Ada", score: 2000)]) == "winner Ada (2000)")
    #expect(LiveCommand.winnerText([]) == "no players")
  }
}
