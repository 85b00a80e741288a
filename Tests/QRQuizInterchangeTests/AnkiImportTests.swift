import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizInterchange

/// Anki decks (issue 51 §3) read with real parts — zlib's inflate, SQLite, libzstd — from
/// a deck genanki made and one in Anki's newer export layout (Fixtures/anki, made by
/// make-anki-fixtures.py): each note's first field asked, its second the right answer; a
/// Cloze note's deletions each a question, or, read more than one way, none (named);
/// and the decks a stranger could send refused in one line at the importer's own limits.
@Suite struct AnkiImportTests {
  /// 2026-01-05T08:00:00Z, the fixtures' first review, in milliseconds.
  static let start: Int64 = 1_767_600_000_000
  static let day: Int64 = 86_400_000

  func importDeck(
    _ bytes: [UInt8], fileName: String = "deck.apkg", answers: Int = 2, seed: UInt64 = 0
  ) throws(TopicImporter.Error) -> TopicImporter.Result {
    var options = TopicImporter.Options(seed: seed)
    options.cardAnswers = answers
    return try TopicImporter.importTopic(bytes, fileName: fileName, options: options)
  }

  /// Each question's right answer, by the key the topic holds.
  func rightAnswers(_ topic: ValidTopic) -> [String] {
    topic.topic.questions.map { question in
      question.mergedCorrectAnswers.map { question.answers[Int($0)] }.joined(separator: "|")
    }
  }

  @Test func aGenankiDeckIsOneQuestionANoteItsSecondFieldTheKey() throws {
    let result = try importDeck(try Fixtures.bytes("anki/genanki-capitals.apkg"))
    let questions = result.topic.topic.questions
    #expect(
      questions.map(\.question) == [
        "What is the capital of France?", "Capital of Peru", "Capital of Japan", "Capital of Spain?",
        "Capital of Italy?",
      ])
    #expect(rightAnswers(result.topic) == ["Paris", "Lima", "Tokyo", "Madrid & nowhere else", "Rome"])
    let answers = Set(["Paris", "Lima", "Tokyo", "Madrid & nowhere else", "Rome"])
    for question in questions {
      #expect(question.answers.count == 2)
      #expect(question.mergedCorrectAnswers.count == 1)
      // The wrong answer is another note's answer, never the right one again.
      #expect(Set(question.answers).count == 2 && Set(question.answers).isSubset(of: answers))
    }
    #expect(result.topic.topic.sets.count == 1 && result.skipped.isEmpty)
    // The picture of Peru's note comes along, re-encoded; the sound is said to be left out.
    #expect(result.pictures.map(\.question) == [1] && result.pictures.map(\.name) == ["flag-peru.png"])
    #expect(result.notes.contains(.wrongAnswersFromOtherCards(questions: 5, answers: 2)))
    #expect(result.notes.contains(.soundLeftOut(notes: 1)))
    #expect(result.reviews.isEmpty)
    #expect(result.topic.name == "deck")
  }

  @Test func theSeedDecidesTheWrongAnswersAndQuizAsksMore() throws {
    let bytes = try Fixtures.bytes("anki/genanki-capitals.apkg")
    let first = try importDeck(bytes, seed: 7)
    #expect(try importDeck(bytes, seed: 7).topic.normalizedJSON == first.topic.normalizedJSON)
    let quiz = try importDeck(bytes, answers: 4, seed: 7)
    #expect(quiz.topic.topic.questions.allSatisfy { Set($0.answers).count == 4 })
    #expect(rightAnswers(quiz.topic) == ["Paris", "Lima", "Tokyo", "Madrid & nowhere else", "Rome"])
    #expect(throws: TopicImporter.Error.tooFewCards(definitions: 5, answers: 6)) {
      _ = try importDeck(bytes, answers: 6)
    }
  }

  @Test func ankisNewerLayoutIsReadWithItsPicturesAndReviewHistory() throws {
    let result = try importDeck(try Fixtures.bytes("anki/anki21b-history.apkg"))
    // collection.anki21b is read, never the placeholder collection.anki2 beside it.
    #expect(result.topic.topic.questions.map(\.question) == ["Hola", "Gracias", "Adiós", "Por favor"])
    #expect(rightAnswers(result.topic) == ["Hello", "Thank you", "Goodbye", "Please"])
    #expect(result.pictures.map(\.question) == [1] && result.pictures.map(\.name) == ["gracias.png"])
    // The first cards' reviews in time order; the reverse card's and the one rescheduled
    // by hand are left out, and said.
    let ms = Self.start
    let expected: [(String, Int64, StudyRating)] = [
      ("Hola", ms, .good), ("Gracias", ms + 1000, .again), ("Adiós", ms + 2000, .good),
      ("Gracias", ms + 61_000, .good), ("Hola", ms + 600_000, .good), ("Gracias", ms + 2 * Self.day, .hard),
      ("Hola", ms + 3 * Self.day, .easy),
    ]
    #expect(
      result.reviews
        == expected.map {
          ImportedReview(
            question: $0.0, occurrence: 1, at: QuizClock.Instant(microsecondsSince1970: $0.1 * 1000), rating: $0.2)
        })
    #expect(result.notes.contains(.reviewHistory(reviews: 7, cards: 3, otherCards: 1, unrated: 1)))
  }

  @Test func notesOfOneQuestionTextAreKeptApartInTheHistory() throws {
    let collection = try AnkiDeckMaker.collection(
      """
      INSERT INTO notes VALUES (1, 'a', 1, 0, 0, '', 'Same?' || char(31) || 'One', '', 0, 0, '');
      INSERT INTO notes VALUES (2, 'b', 1, 0, 0, '', 'Same?' || char(31) || 'Two', '', 0, 0, '');
      INSERT INTO cards VALUES (11, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, '');
      INSERT INTO cards VALUES (12, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, '');
      INSERT INTO revlog VALUES (\(Self.start), 12, 0, 4, 0, 0, 0, 0, 0);
      """)
    let result = try importDeck(AnkiDeckMaker.package(collection))
    #expect(
      result.reviews == [
        ImportedReview(
          question: "Same?", occurrence: 2, at: QuizClock.Instant(microsecondsSince1970: Self.start * 1000),
          rating: .easy)
      ])
  }

  @Test func whatIsLeftOutOfANoteIsSaid() throws {
    let collection = try AnkiDeckMaker.collection(
      """
      INSERT INTO notes VALUES (1, 'a', 1, 0, 0, '', 'Uno' || char(31) || 'One <img src="one.png">' || char(31) || 'extra',
        '', 0, 0, '');
      INSERT INTO notes VALUES (2, 'b', 1, 0, 0, '', 'Dos <img src="missing.png">' || char(31) || 'Two', '', 0, 0, '');
      INSERT INTO notes VALUES (3, 'c', 1, 0, 0, '', 'Tres', '', 0, 0, '');
      """)
    let result = try TopicImporter.importTopic(
      AnkiDeckMaker.package(collection), fileName: "numbers.apkg", options: TopicImporter.Options(skipInvalid: true))
    #expect(result.topic.topic.questions.map(\.question) == ["Uno", "Dos"])
    #expect(rightAnswers(result.topic) == ["One", "Two"])
    #expect(result.notes.contains(.fieldsLeftOut(notes: 1)))
    #expect(result.notes.contains(.pictureLeftOut(line: nil, name: "one.png", .inAnswer)))
    #expect(result.notes.contains(.pictureLeftOut(line: nil, name: "missing.png", .notInFile)))
    // A note of one field has no answer: skipped, named by its number among the notes.
    #expect(result.skipped.map(\.description) == ["note 3: no second field (the answer)"])
  }

  // MARK: Cloze notes

  @Test func aClozeNoteIsAQuestionPerClozeNumberItsTextTheKey() throws {
    let result = try TopicImporter.importTopic(
      try Fixtures.bytes("anki/genanki-cloze.apkg"), fileName: "cloze.apkg",
      options: TopicImporter.Options(skipInvalid: true, seed: 3))
    let questions = result.topic.topic.questions
    #expect(
      questions.map(\.question) == [
        "[…] is the capital of France.", "Paris is the capital of […].", "The Nile flows into the [sea].",
        "[…] and […] are capitals in South America.", "[…] is the capital of Australia.",
        "Canberra is the capital of […].", "What does {{c1::x}} mean in Anki?",
      ])
    #expect(
      rightAnswers(result.topic) == [
        "Paris", "France", "Mediterranean", "Lima, Quito", "Canberra", "Australia", "A cloze deletion",
      ])
    // The wrong answers are other notes' answers, as for any Anki note; never the key again.
    let keys = Set(rightAnswers(result.topic))
    for question in questions {
      #expect(Set(question.answers).count == question.answers.count && Set(question.answers).isSubset(of: keys))
    }
    // Every hostile cloze left out and named, by its note's number; none made a question.
    #expect(
      result.skipped.map(\.description) == [
        "note 4, 'Rome is the capital of {{c1::Italy': its cloze c1 has no closing '}}': left out, so no question's answer is a guess",
        "note 5, '{{c1::Madrid is in {{c2::Spain}} }}': its cloze c1 holds another cloze: left out, so no question's answer is a guess",
        "note 6, 'The capital of Chile is {{c1:: }}.': its cloze c1 has no text to answer: left out, so no question's answer is a guess",
        "note 7, 'Big Ben strikes at {{c1::10::30::am}}.': its cloze c1 has a second '::' (is it the answer's or the hint's?): left out, so no question's answer is a guess",
        "note 8, 'The capital of Germany is {{c1::Berlin}…': its cloze c1 ends in '}}}' (is the brace the answer's?): left out, so no question's answer is a guess",
      ])
    #expect(result.notes.contains(.clozeQuestions(notes: 4, questions: 6)))
    #expect(result.notes.contains(.wrongAnswersFromOtherCards(questions: 7, answers: 2)))
    // Without --skip-invalid the deck is refused, the same notes named.
    #expect {
      _ = try importDeck(try Fixtures.bytes("anki/genanki-cloze.apkg"))
    } throws: { error in
      guard case .invalidQuestions(let issues)? = error as? TopicImporter.Error else { return false }
      return issues.map(\.line) == [4, 5, 6, 7, 8]
    }
  }

  /// A cloze shows its other deletions: "[…] is the capital of France." must never offer
  /// "France" as the wrong choice, whatever the seed draws.
  @Test func aWrongChoiceIsNeverATextTheQuestionShows() throws {
    let deck = try Fixtures.bytes("anki/genanki-cloze.apkg")
    var offered = 0
    for seed in 0..<24 {
      let result = try TopicImporter.importTopic(
        deck, fileName: "cloze.apkg", options: TopicImporter.Options(skipInvalid: true, seed: UInt64(seed)))
      for question in result.topic.topic.questions {
        let right = Set(question.mergedCorrectAnswers.map { Int($0) })
        let shown = question.question.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        for (index, answer) in question.answers.enumerated() where !right.contains(index) {
          offered += 1
          let wrong = answer.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
          #expect(!shown.contains(wrong), "seed \(seed): \(question.question) offers \(answer)")
        }
      }
    }
    #expect(offered == 24 * 7, "every question keeps its wrong choice")
  }

  @Test func clozeTextIsReadOneWayOrNotAtAll() throws {
    let cloze = try AnkiCloze("<b>{{c1::H<sub>2</sub>O}}</b> is {{c2::water::a liquid}}, {{c1::ice}} too")
    #expect(cloze.numbers == [1, 2])
    #expect(HTMLText.plain(cloze.question(1)) == "[…] is water, […] too")
    #expect(HTMLText.plain(cloze.question(2)) == "H2O is [a liquid], ice too")
    #expect(cloze.answers(1) == ["H<sub>2</sub>O", "ice"] && cloze.answers(2) == ["water"])
    // Braces and colons that make no cloze are text.
    #expect(try AnkiCloze("{{c1::a}} {{c:: b}} {{cx::c}} {c1::d}").numbers == [1])
    let refused: [(String, AnkiCloze.Problem)] = [
      ("{{c1::open", .unterminated(number: 1)), ("{{c2::a {{c3::b}} }}", .nested(number: 2)),
      ("{{c1::}}", .empty(number: 1)), ("{{c1::<img src=x>}}", .empty(number: 1)),
      ("{{c0::zero}}", .badNumber("0")), ("{{c1000::big}}", .badNumber("1000")),
      ("{{c1::a::b::c}}", .secondSeparator(number: 1)), ("{{c1::a}}}", .braceAfter(number: 1)),
      ("no cloze at all", .noDeletion), ("", .noDeletion),
    ]
    for (text, problem) in refused {
      #expect(throws: problem, "\(text)") { _ = try AnkiCloze(text) }
    }
    #expect(AnkiCloze.hasDeletion("x {{c12::y}}") && !AnkiCloze.hasDeletion("{{c::y}} {{type:cloze:Text}}"))
  }

  @Test func aClozeWithoutNoteTypesIsToldByItsText() throws {
    // A collection with no note types to read: a note whose first field holds a cloze is one.
    let collection = try AnkiDeckMaker.collection(
      """
      INSERT INTO notes VALUES (1, 'a', 1, 0, 0, '', '{{c1::Lima}} is in Peru' || char(31) || '', '', 0, 0, '');
      INSERT INTO notes VALUES (2, 'b', 1, 0, 0, '', 'Capital of Chile?' || char(31) || 'Santiago', '', 0, 0, '');
      INSERT INTO cards VALUES (11, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, '');
      INSERT INTO cards VALUES (12, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, '');
      INSERT INTO revlog VALUES (\(Self.start), 11, 0, 3, 0, 0, 0, 0, 0);
      """)
    let result = try importDeck(AnkiDeckMaker.package(collection))
    #expect(result.topic.topic.questions.map(\.question) == ["[…] is in Peru", "Capital of Chile?"])
    #expect(rightAnswers(result.topic) == ["Lima", "Santiago"])
    // The cloze's card (ord 0: cloze 1) keeps its history.
    #expect(
      result.reviews == [
        ImportedReview(
          question: "[…] is in Peru", occurrence: 1, at: QuizClock.Instant(microsecondsSince1970: Self.start * 1000),
          rating: .good)
      ])
  }

  // MARK: Hostile decks

  /// `error`'s words are one line.
  func expectOneLine(_ error: TopicImporter.Error) {
    #expect(!error.description.contains("\n") && !error.description.isEmpty)
  }

  @Test func aFileNamedApkgThatIsNoZipIsRefused() {
    #expect(throws: TopicImporter.Error.anki(.notZip)) {
      _ = try importDeck(Array("What is 2+2? {=4 ~3}".utf8))
    }
    #expect(throws: TopicImporter.Error.anki(.notZip)) { _ = try importDeck([0, 1, 2, 0xFF, 0xFE]) }
    expectOneLine(.anki(.notZip))
  }

  @Test func aZipBombIsRefusedAtTheZipReadersLimit() throws {
    // 80 MiB of zeros deflate to about 80 KiB: past the 64 MiB a part may unpack to.
    let bytes = AnkiDeckMaker.package([UInt8](repeating: 0, count: 80 << 20))
    #expect(bytes.count < 1 << 20)
    #expect(throws: TopicImporter.Error.archive(.tooLarge("collection.anki2", limit: 64 << 20))) {
      _ = try importDeck(bytes)
    }
  }

  @Test func aCollectionThatIsNotSQLiteIsRefused() throws {
    #expect(throws: TopicImporter.Error.anki(.notSQLite(part: "collection.anki2"))) {
      _ = try importDeck(AnkiDeckMaker.package(Array("not a database at all".utf8)))
    }
    // SQLite's header and nothing that SQLite reads after it.
    var fake = Array("SQLite format 3\0".utf8)
    fake += [UInt8](repeating: 0xAB, count: 4096)
    #expect {
      _ = try importDeck(AnkiDeckMaker.package(fake))
    } throws: { error in
      switch error as? TopicImporter.Error {
      case .anki(.notSQLite(part: "collection.anki2"))?, .anki(.database(part: "collection.anki2", _))?:
        expectOneLine(error as! TopicImporter.Error)
        return true
      default: return false
      }
    }
    expectOneLine(.anki(.notSQLite(part: "collection.anki2")))
  }

  @Test func aHundredThousandNotesAreRefusedAtTheNoteLimit() throws {
    let bytes = AnkiDeckMaker.package(try AnkiDeckMaker.collection(AnkiDeckMaker.notes(100_000)))
    #expect(throws: TopicImporter.Error.anki(.tooManyNotes(count: 100_000, limit: AnkiCollection.maximumNotes))) {
      _ = try importDeck(bytes)
    }
    expectOneLine(.anki(.tooManyNotes(count: 100_000, limit: 50_000)))
  }

  @Test(arguments: ["../evil.png", "/etc/passwd", "media/cat.png", "..", "C:evil.png", "a\\b.png"])
  func aMediaNameLeavingTheFolderIsRefused(_ name: String) throws {
    let collection = try AnkiDeckMaker.collection(AnkiDeckMaker.notes(3))
    let media = "{\"0\": \"\(name.replacingOccurrences(of: "\\", with: "\\\\"))\"}"
    #expect(throws: TopicImporter.Error.anki(.mediaNameOutside(name))) {
      _ = try importDeck(AnkiDeckMaker.package(collection, media: media, files: [("0", [1, 2, 3])]))
    }
    expectOneLine(.anki(.mediaNameOutside(name)))
  }

  @Test func aViewInPlaceOfTheNotesTableIsRefused() throws {
    // A view could make reading "notes" cost anything (a recursive query of its own).
    let collection = try AnkiDeckMaker.collection(
      """
      CREATE TABLE cards (id integer PRIMARY KEY, nid integer, ord integer);
      CREATE VIEW notes AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)
        SELECT i AS id, 'Q' || char(31) || 'A' AS flds FROM n;
      """, withSchema: false)
    #expect(
      throws: TopicImporter.Error.anki(.notATable(part: "collection.anki2", name: "notes", kind: "view"))
    ) {
      _ = try importDeck(AnkiDeckMaker.package(collection))
    }
  }

  @Test func aZstdFrameThatLiesAboutItsSizeIsRefused() throws {
    // Large enough for a four-byte size field in the frame's header.
    let collection = try AnkiDeckMaker.collection(AnkiDeckMaker.notes(3000))
    let frame = AnkiDeckMaker.compress(collection)
    #expect(try Zstd.decompress(frame, limit: 64 << 20) == collection)
    // Declaring a gigabyte: refused before any work.
    let huge = AnkiDeckMaker.declaring(1 << 30, in: frame)
    #expect(
      throws: TopicImporter.Error.anki(
        .zstd(part: "collection.anki21b", .tooLarge(declared: 1 << 30, limit: 64 << 20)))
    ) {
      _ = try importDeck(AnkiDeckMaker.newerPackage(compressedCollection: huge))
    }
    // Declaring less than it holds: refused when the frame passes what it declared.
    let short = AnkiDeckMaker.declaring(UInt64(collection.count - 1000), in: frame)
    #expect {
      _ = try importDeck(AnkiDeckMaker.newerPackage(compressedCollection: short))
    } throws: { error in
      guard case .anki(.zstd(part: "collection.anki21b", .corrupt)) = error as? TopicImporter.Error else {
        return false
      }
      expectOneLine(error as! TopicImporter.Error)
      return true
    }
    // And a frame cut short.
    #expect {
      _ = try importDeck(AnkiDeckMaker.newerPackage(compressedCollection: Array(frame.dropLast(100))))
    } throws: { error in
      if case .anki(.zstd(part: "collection.anki21b", .corrupt)) = error as? TopicImporter.Error { return true }
      return false
    }
  }

  @Test func sqlitesStepsAreBoundedByTheImportersBudget() throws {
    // A query that never ends by itself stops at the budget, as a crafted collection's would.
    let database = try AnkiDatabase(try AnkiDeckMaker.collection(""), part: "collection.anki2")
    #expect(throws: AnkiProblem.tooMuchWork(part: "collection.anki2")) {
      try database.rows("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT max(i) FROM n") { _ in
        true
      }
    }
  }

  @Test func aZstdBombIsStoppedAtTheLimit() throws {
    // 80 MiB of zeros in one frame that does not say its size.
    let zeros = [UInt8](repeating: 0, count: 80 << 20)
    var frame = AnkiDeckMaker.compress(zeros)
    #expect(frame.count < 1 << 20)
    #expect(throws: Zstd.Problem.tooLarge(declared: 80 << 20, limit: 64 << 20)) {
      _ = try Zstd.decompress(frame, limit: 64 << 20)
    }
    // The same without its size: stopped once past the limit, not decompressed to the end.
    frame = AnkiDeckMaker.withoutDeclaredSize(zeros)
    #expect(throws: Zstd.Problem.tooLarge(declared: nil, limit: 64 << 20)) {
      _ = try Zstd.decompress(frame, limit: 64 << 20)
    }
  }
}
