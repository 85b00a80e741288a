import Foundation
import QRQuizTestSupport
import Testing

/// `qrquiz import DECK.apkg` as a teacher runs it (issue 51 §3): the deck saved with its
/// picture, its review history brought into the profile's study log so `qrquiz review`
/// knows which cards are due, once however often the deck is imported; a Cloze deck a
/// question per cloze, its unreadable notes named; a hostile deck refused in one line.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct AnkiImportCLITests {
  let home: TemporaryDirectory

  init() throws { home = try TemporaryDirectory() }

  func qrquiz(_ arguments: [String]) throws -> ProcessResult {
    try ProcessRunner.qrquiz(arguments, environment: home.qrquizEnvironment)
  }

  @Test func aDeckIsSavedWithItsHistoryAndReviewKnowsItsCards() throws {
    let deck = Fixtures.url("anki/anki21b-history.apkg").path
    let saved = try qrquiz(["import", deck, "--save", "--name", "Spanish"])
    #expect(saved.status == 0, "\(saved.stderr)")
    let lines = saved.stderr.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("\(deck): an Anki note has a right answer only") }, "\(lines)")
    #expect(
      lines.contains(
        "\(deck): review history: 7 reviews of 3 cards read; 1 of notes' other cards (reverse …) "
          + "left out; 1 rescheduled by hand (no rating) left out"), "\(lines)")
    #expect(lines.contains { $0.hasPrefix("\(deck): 4 questions in 1 set imported, 0 skipped") }, "\(lines)")
    #expect(lines.last?.hasPrefix("\(deck): 7 reviews of 3 cards brought into ") == true, "\(lines)")
    // Reviewed in January, with intervals of days: due now; the note never reviewed is new.
    let due = try qrquiz(["review", "--due"])
    #expect(due.status == 0, "\(due.stderr)")
    #expect(due.stdoutText.hasPrefix("Spanish\t1 due · 2 learning · 1 new\n"), "\(due.stdoutText)")
    // The same deck again adds nothing to the log.
    let again = try qrquiz(["import", deck, "--save", "--replace", "--name", "Spanish"])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stderr.contains("0 reviews of 3 cards brought into "), "\(again.stderr)")
    #expect(again.stderr.contains("; 7 were there already"))
  }

  @Test func withoutSaveTheHistoryIsNotBroughtInAndThatIsSaid() throws {
    let deck = Fixtures.url("anki/anki21b-history.apkg").path
    let written = try qrquiz(["import", deck, "-o", home.path("spanish.json")])
    #expect(written.status == 0, "\(written.stderr)")
    #expect(written.stderr.contains("\(deck): the review history is not brought into the study log: --save brings it"))
    let topic = try String(contentsOfFile: home.path("spanish.json"), encoding: .utf8)
    #expect(topic.contains("\"Gracias\"") && topic.contains("\"Thank you\""))
    // The picture is written beside the topic, as Moodle's are.
    #expect(topic.components(separatedBy: "\"imageURL\"").count == 2, "\(topic)")
  }

  @Test func aClozeDeckIsAQuestionPerClozeAndItsUnreadableNotesAreNamed() throws {
    let deck = Fixtures.url("anki/genanki-cloze.apkg").path
    let refused = try qrquiz(["import", deck, "-o", home.path("cloze.json")])
    #expect(refused.status == 1 && !FileManager.default.fileExists(atPath: home.path("cloze.json")))
    #expect(refused.stderr.contains("(--skip-invalid imports the rest)"), "\(refused.stderr)")
    let written = try qrquiz(["import", deck, "--skip-invalid", "-o", home.path("cloze.json")])
    #expect(written.status == 0, "\(written.stderr)")
    let lines = written.stderr.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("\(deck): 4 Cloze notes made into 6 questions, one per cloze number") })
    #expect(
      lines.contains(
        "\(deck): skipped note 4, 'Rome is the capital of {{c1::Italy': its cloze c1 has no closing '}}': "
          + "left out, so no question's answer is a guess"), "\(lines)")
    #expect(lines.count { $0.hasPrefix("\(deck): skipped note ") } == 5, "\(lines)")
    #expect(lines.last == "\(deck): 7 questions in 1 set imported, 5 skipped", "\(lines)")
    let topic = try String(contentsOfFile: home.path("cloze.json"), encoding: .utf8)
    #expect(topic.contains("\"[…] is the capital of France.\"") && topic.contains("\"The Nile flows into the [sea].\""))
  }

  @Test func aFileNamedApkgThatIsNoZipIsOneLine() throws {
    let path = home.path("deck.apkg")
    try Data("just text".utf8).write(to: URL(fileURLWithPath: path))
    let result = try qrquiz(["import", path, "-o", home.path("out.json")])
    #expect(result.status == 1)
    #expect(result.stderr == "\(path): not an Anki package (.apkg): not a zip archive\n")
    #expect(!FileManager.default.fileExists(atPath: home.path("out.json")))
  }
}
