import Foundation
import QRQuiz

/// An Anki deck (.apkg) as flash cards: each note a question, in the order the notes were
/// made, asking its first field, whose right answer is its second and whose wrong answers
/// are other notes' answers drawn at random (seeded), as the Quizlet import draws them (an
/// Anki note has no wrong answers; said in the notes). A note of a Cloze type is a question
/// per cloze number instead (``AnkiCloze``: the blank `[…]`, the answer the deleted text),
/// or none when its deletions cannot be read one way (named). Fields are HTML, reduced to
/// text as the Moodle import reduces it; `[sound:…]` is left out (and said); the question's
/// first picture from the package's media comes along, checked and re-encoded as an editor
/// upload is. The review history of each question's card (a note's first card; a cloze's
/// own) comes back beside the questions, keyed as `qrquiz review` keys cards, for the study
/// log.
enum AnkiImporter {
  /// What a deck gives besides its questions.
  struct Read {
    var questions: ImportedQuestions
    var reviews: [ImportedReview]
  }

  static func parse(_ archive: ZipArchive, answers: Int, random: inout SeededRandom) throws(TopicImporter.Error)
    -> Read
  {
    let package: AnkiPackage
    let collection: AnkiCollection
    do {
      package = try AnkiPackage(archive)
      let database = try AnkiDatabase(try package.collection(), part: package.collectionPart)
      collection = try AnkiCollection(database)
    } catch let error as AnkiProblem {
      throw .anki(error)
    } catch let error as TopicImporter.Error {
      throw error
    } catch {
      preconditionFailure("an Anki package's reader threw \(error)")
    }
    let media = try package.media()
    var imported = ImportedQuestions()
    imported.place = .note
    var cards: [Card] = []
    var soundNotes = 0
    var extraFieldNotes = 0
    var clozeNotes = 0
    for (index, note) in collection.notes.enumerated() {
      let number = index + 1
      let isCloze = collection.clozeTypes?.contains(note.type) ?? AnkiCloze.hasDeletion(note.fields.first ?? "")
      if isCloze {
        let (text, sound) = withoutSound(note.fields.first ?? "")
        if sound { soundNotes += 1 }
        let cloze: AnkiCloze
        do throws(AnkiCloze.Problem) {
          cloze = try AnkiCloze(text)
        } catch {
          imported.issues.append(
            ImportIssue(
              line: number, reason: .unreadableCloze(error.description), place: .note,
              label: ImportIssue.firstWords(HTMLText.plain(text))))
          continue
        }
        clozeNotes += 1
        for clozeNumber in cloze.numbers {
          let question = HTMLText.read(cloze.question(clozeNumber))
          let answers = cloze.answers(clozeNumber).map { HTMLText.read($0, singleLine: true) }
          let answer = answers.map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }.joined(separator: ", ")
          cards.append(
            try card(
              note: note.id, ord: Int64(clozeNumber - 1), number: number, question: question,
              answer: (answer, answers.flatMap(\.pictures)), package: package, media: media, into: &imported,
              isCloze: true))
        }
        continue
      }
      guard note.fields.count >= 2 else {
        imported.issues.append(ImportIssue(line: number, reason: .missing("second field (the answer)"), place: .note))
        continue
      }
      if note.fields.count > 2, note.fields[2...].contains(where: { !$0.isEmpty }) { extraFieldNotes += 1 }
      let (front, frontSound) = withoutSound(note.fields[0])
      let (back, backSound) = withoutSound(note.fields[1])
      if frontSound || backSound { soundNotes += 1 }
      let answer = HTMLText.read(back, singleLine: true)
      cards.append(
        try card(
          note: note.id, ord: 0, number: number, question: HTMLText.read(front),
          answer: (answer.text.trimmingCharacters(in: .whitespacesAndNewlines), answer.pictures), package: package,
          media: media, into: &imported))
    }
    // Sorted once: the seed alone decides the draws, whatever order the notes came in.
    let definitions = Set(cards.map(\.answer).filter { !$0.isEmpty }).sorted()
    guard definitions.count >= answers else {
      throw .tooFewCards(definitions: definitions.count, answers: answers)
    }
    var keys: [CardID: (question: String, occurrence: Int)] = [:]
    var seen: [String: Int] = [:]
    for card in cards {
      // Never a wrong answer the question shows (a cloze shows its other deletions:
      // "[…] is the capital of France." offered "France" as wrong).
      let shown = AnkiVisibleText(card.question)
      let pool = definitions.filter { !shown.shows($0) }
      var choices = ImageQuizGenerator.otherNames(answers - 1, from: pool, besides: card.answer, using: &random)
      let position = Int.random(in: 0...choices.count, using: &random)
      choices.insert(card.answer, at: position)
      var draft = QuestionDraft(text: card.question, answers: choices, correct: [position], line: card.number)
      draft.imageURL = card.picture
      draft.label = ImportIssue.firstWords(card.question)
      try imported.add(draft, toSet: nil)
      seen[card.question, default: 0] += 1
      keys[CardID(note: card.note, ord: card.ord)] = (card.question, seen[card.question]!)
    }
    imported.notes.append(.wrongAnswersFromOtherCards(questions: cards.count, answers: answers))
    if clozeNotes > 0 {
      imported.notes.append(.clozeQuestions(notes: clozeNotes, questions: cards.count(where: \.isCloze)))
    }
    if soundNotes > 0 { imported.notes.append(.soundLeftOut(notes: soundNotes)) }
    if extraFieldNotes > 0 { imported.notes.append(.fieldsLeftOut(notes: extraFieldNotes)) }
    // A review of a card no question asks (a note's reverse card …) is left out, and said;
    // one of a note left out goes with it.
    var otherCardReviews = 0
    let notesAsked = Set(keys.keys.map(\.note))
    let reviews = collection.reviews.compactMap { review -> ImportedReview? in
      guard let key = keys[CardID(note: review.note, ord: review.ord)] else {
        if notesAsked.contains(review.note) { otherCardReviews += 1 }
        return nil
      }
      guard let rating = StudyRating(rawValue: review.ease) else { return nil }
      return ImportedReview(
        question: key.question, occurrence: key.occurrence,
        at: QuizClock.Instant(
          microsecondsSince1970: review.milliseconds.multipliedReportingOverflow(by: 1000).partialValue),
        rating: rating)
    }
    if !reviews.isEmpty || otherCardReviews > 0 || collection.unratedEntries > 0 {
      imported.notes.append(
        .reviewHistory(
          reviews: reviews.count, cards: Set(reviews.map { "\($0.occurrence)\u{1F}\($0.question)" }).count,
          otherCards: otherCardReviews, unrated: collection.unratedEntries))
    }
    return Read(questions: imported, reviews: reviews)
  }

  /// A card of the collection: the note and template (`ord`) its reviews name.
  private struct CardID: Hashable {
    var note: Int64
    var ord: Int64
  }

  /// A question to make: its note (by id, and by number in the notes' order), its card's
  /// template (a cloze's number less one), its texts and picture.
  private struct Card {
    var note: Int64
    var ord: Int64
    var number: Int
    var question: String
    var answer: String
    var picture: String?
    var isCloze: Bool
  }

  /// The question of `question` (read from HTML) answered by `answer` (its text, and the
  /// pictures it held, left out and said), its first picture brought from the package.
  private static func card(
    note: Int64, ord: Int64, number: Int, question: (text: String, pictures: [String]),
    answer: (text: String, pictures: [String]), package: AnkiPackage, media: [String: String],
    into imported: inout ImportedQuestions, isCloze: Bool = false
  ) throws(TopicImporter.Error) -> Card {
    for source in answer.pictures {
      imported.notes.append(.pictureLeftOut(line: nil, name: source, .inAnswer))
    }
    for source in question.pictures.dropFirst() {
      imported.notes.append(.pictureLeftOut(line: nil, name: source, .notTheFirst))
    }
    var picture: String?
    if let source = question.pictures.first {
      picture = try self.picture(source, package: package, media: media, into: &imported)
    }
    return Card(
      note: note, ord: ord, number: number, question: question.text.trimmingCharacters(in: .whitespacesAndNewlines),
      answer: answer.text, picture: picture, isCloze: isCloze)
  }

  /// `html` without Anki's sound tags (`[sound:hello.mp3]`), and whether it had any.
  static func withoutSound(_ html: String) -> (String, Bool) {
    guard html.contains("[sound:") else { return (html, false) }
    var text = ""
    var rest = html[...]
    while let start = rest.range(of: "[sound:") {
      text += rest[..<start.lowerBound]
      guard let end = rest[start.upperBound...].firstIndex(of: "]") else {
        rest = rest[start.lowerBound...]
        break
      }
      rest = rest[rest.index(after: end)...]
    }
    return (text + rest, true)
  }

  /// The picture `source` names from the package's media, by its placeholder; said as
  /// left out when it is not in the package or not a picture the app shows.
  private static func picture(
    _ source: String, package: AnkiPackage, media: [String: String], into imported: inout ImportedQuestions
  ) throws(TopicImporter.Error) -> String? {
    let lowercased = source.lowercased()
    if lowercased.hasPrefix("https://") || lowercased.hasPrefix("http://") { return source }
    let name = media[source] != nil ? source : (source.removingPercentEncoding ?? source)
    let limit = QuestionPicture.maximumUploadSize
    var found: [UInt8]?
    do {
      if let zipName = media[name] { found = try package.mediaFile(zipName, limit: limit) }
    } catch .anki(.zstd(_, .tooLarge(let declared, _))) {
      // A picture larger than an upload may be is left out, as any other refused one.
      imported.notes.append(.pictureLeftOut(line: nil, name: name, .refused(.tooLarge(size: declared ?? limit + 1))))
      return nil
    }
    guard let bytes = found else {
      imported.notes.append(.pictureLeftOut(line: nil, name: source, .notInFile))
      return nil
    }
    switch try imported.pictures.add(bytes, name: name) {
    case .success(let placeholder): return placeholder
    case .failure(let error):
      imported.notes.append(.pictureLeftOut(line: nil, name: name, .refused(error)))
      return nil
    }
  }
}
