import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizInterchange

/// Exports read back by the importers to the same questions, where the formats allow, on
/// every sample topic and on topics with pictures, several right answers, numbers,
/// explanations and awkward text; and what each format cannot hold said, by question.
@Suite struct ExportTests {
  /// What a round trip must keep: each set's name and questions.
  struct Kept: Equatable {
    var setNames: [String]
    var questions: [[Topic.Question]]

    init(_ topic: ValidTopic, keepingPictures: Bool = true, keepingExplanations: Bool = true) {
      setNames = topic.topic.sets.indices.map { topic.setName($0) }
      questions = topic.topic.sets.map { set in
        set.map { Self.kept($0, keepingPictures: keepingPictures, keepingExplanations: keepingExplanations) }
      }
    }

    /// A question as a round trip keeps it: right answers merged, no time.
    static func kept(_ question: Topic.Question, keepingPictures: Bool = true, keepingExplanations: Bool = true)
      -> Topic.Question
    {
      var question = question
      question.correctAnswers = question.mergedCorrectAnswers
      question.correct = nil
      if !keepingPictures { question.imageURL = nil }
      if !keepingExplanations { question.explanation = nil }
      question.seconds = nil
      return question
    }
  }

  func roundTrip(_ topic: ValidTopic, _ format: ExportFormat) throws -> (ValidTopic, TopicImporter.Result, [ExportNote])
  {
    let exported = TopicExporter.export(topic, to: format)
    let imported = try TopicImporter.importTopic(
      exported.bytes, format: ImportFormat(rawValue: format.rawValue)!, options: .init(skipInvalid: true))
    return (topic, imported, exported.notes)
  }

  static let samples = Fixtures.sampleTopicNames

  @Test(arguments: samples, [ExportFormat.moodleXML, .gift])
  func samplesReadBackTheSame(_ name: String, _ format: ExportFormat) throws {
    let topic = try Fixtures.sampleValidTopic(name)
    let (_, imported, _) = try roundTrip(topic, format)
    #expect(imported.skipped.isEmpty, "\(imported.skipped)")
    #expect(Kept(imported.topic) == Kept(topic), "\(name) through \(format)")
  }

  @Test(arguments: samples)
  func aikenReadsBackEveryQuestionItKeeps(_ name: String) throws {
    let topic = try Fixtures.sampleValidTopic(name)
    let (_, imported, notes) = try roundTrip(topic, .aiken)
    let leftOut = Set(
      notes.compactMap { note -> QuestionReference? in
        if case .questionLeftOut(let question, _) = note { return question }
        return nil
      }.map { [$0.set, $0.question] })
    // Every question is read back but the ones named as left out (Aiken has one list, no
    // pictures).
    let kept = topic.topic.sets.enumerated().flatMap { set, questions in
      questions.enumerated().filter { !leftOut.contains([set, $0.offset]) }.map(\.element)
    }
    let expected = kept.map { Kept.kept($0, keepingPictures: false, keepingExplanations: false) }
    #expect(Kept(imported.topic).questions.flatMap { $0 } == expected, "\(name)")
    #expect(leftOut.count == topic.topic.questions.filter { $0.mergedCorrectAnswers.count > 1 }.count)
  }

  @Test(arguments: [ExportFormat.moodleXML, .gift])
  func picturesNumbersSeveralRightAnswersAndAwkwardTextReadBackTheSame(_ format: ExportFormat) throws {
    let (topic, imported, notes) = try roundTrip(TopicFixtures.awkward, format)
    #expect(Kept(imported.topic) == Kept(topic))
    #expect(imported.topic.name == "Solar system")
    #expect(imported.topic.topic.options?.multipleCorrectAnswersAsMandatory == true)
    // The picture was linked (this machine does not have it), and said.
    if format == .moodleXML {
      #expect(notes.contains { if case .pictureLinked(_, "https://example.org/map.png") = $0 { true } else { false } })
    }
  }

  @Test func aPictureThisMachineHasIsEmbeddedInMoodleXMLAndComesBack() throws {
    let png = try Fixtures.bytes("png/rgb8.png")
    let exported = TopicExporter.export(TopicFixtures.awkward, to: .moodleXML) { url in
      url == "https://example.org/map.png" ? ExportPicture(bytes: png) : nil
    }
    #expect(!exported.notes.contains { if case .pictureLinked = $0 { true } else { false } })
    let imported = try TopicImporter.importTopic(exported.bytes, format: .moodleXML)
    let picture = try #require(imported.pictures.first)
    #expect(imported.pictures.count == 1 && picture.set == 0 && picture.question == 0)
    #expect(picture.picture.width == 148 && picture.picture.height == 148 && picture.picture.format == .png)
    let placed = imported.placingPictures { _ in "https://example.org/map.png" }
    #expect(Kept(placed) == Kept(TopicFixtures.awkward))
  }

  @Test func moodleXMLSharesGradesAsMoodleListsThem() throws {
    typealias Grades = MoodleXMLExporter.Grades
    #expect(Grades.shares(right: 1, wrong: 3)! == ("100", "0"))
    #expect(Grades.shares(right: 2, wrong: 2)! == ("50", "-50"))
    #expect(Grades.shares(right: 3, wrong: 1)! == ("33.33333", "-100"))
    #expect(Grades.shares(right: 7, wrong: 11)! == ("14.28571", "0"))
    #expect(Grades.shares(right: 11, wrong: 1) == nil)
    let many = Topic.Question(
      question: "Pick the eleven", answers: (1...12).map(String.init), correctAnswers: (0...10).map(UInt8.init))
    let exported = TopicExporter.export(try ValidTopic(Topic(sets: [[many]])), to: .moodleXML)
    #expect(
      exported.notes.contains(
        .questionLeftOut(
          QuestionReference(set: 0, question: 0, text: "Pick the eleven"),
          why: .gradesCannotShare(rightAnswers: 11))))
    #expect(
      exported.notes.map(\.description).contains(
        "set 1, question 1 (\"Pick the eleven\"): left out: Moodle's grades cannot share 100% between 11 right answers")
    )
  }

  @Test func everyNoteIsSaidInSpanishToo() throws {
    var notes: [ExportNote] = []
    for format in ExportFormat.allCases {
      notes += TopicExporter.export(TopicFixtures.awkward, to: format).notes
      notes += TopicExporter.export(try Fixtures.sampleValidTopic("Social"), to: format).notes
    }
    #expect(notes.count > 20)
    for note in notes {
      let spanish = note.text(in: .spanish)
      #expect(spanish != note.description, "\(note)")
      #expect(
        !spanish.contains("not kept") && !spanish.contains("left out") && !spanish.contains(" set "), "\(spanish)")
    }
    let said = notes.map { $0.text(in: .spanish) }
    #expect(said.contains("explanation: no se conserva: Aiken no tiene sitio para ella (2 preguntas la tenían)"))
    #expect(
      said.contains(
        "serie 1, pregunta 2 («Which are gas giants?»): se omite: Aiken admite una sola respuesta correcta por pregunta"
      ))
    #expect(
      said.contains("las series: no se conserva: Aiken guarda una sola lista: las 3 series se escriben una tras otra"))
    #expect(ExportNote.charactersReplaced(count: 1).text(in: .spanish).hasPrefix("1 carácter de control que XML"))
  }

  @Test func aikenLeavesOutWhatItCannotHoldAndSaysSo() throws {
    let (_, imported, notes) = try roundTrip(TopicFixtures.awkward, .aiken)
    let descriptions = notes.map(\.description)
    #expect(
      descriptions.contains(
        "set 1, question 2 (\"Which are gas giants?\"): left out: Aiken has one right answer a question"))
    #expect(
      descriptions.contains(
        "set 3, question 1 (\"How many planets orbit the Sun?\"): written as its choices: Aiken has no typed numbers"))
    #expect(descriptions.contains("the sets: not kept: Aiken holds one list: the 3 sets are written one after another"))
    #expect(descriptions.contains("explanation: not kept: Aiken has no place for it (2 questions had one)"))
    #expect(descriptions.contains("imageURL: not kept: Aiken has no pictures (1 question had one)"))
    #expect(
      imported.topic.topic.questions.map(\.question) == [
        "Which planet is closest to the Sun?\nLook at the map: {it's} = ~ #1 & <b>", "Pluto is a planet.",
        "Two  spaces\tand a tab", "How many planets orbit the Sun?",
      ])
    #expect(imported.topic.topic.questions.map(\.mergedCorrectAnswers) == [[1], [1], [0], [1]])
  }

  @Test func settingsNoFormatHoldsAreSaid() throws {
    let social = try Fixtures.sampleValidTopic("Social")
    for format in ExportFormat.allCases {
      let said = TopicExporter.export(social, to: format).notes.map(\.description)
      #expect(said.contains { $0.hasPrefix("timePerSetInSeconds: not kept") }, "\(format)")
      #expect(said.contains { $0.hasPrefix("helpButtonEnabled: not kept") }, "\(format)")
    }
    let qti = TopicExporter.export(TopicFixtures.awkward, to: .qti).notes.map(\.description)
    // QTI keeps the explanation as a modal feedback.
    #expect(!qti.contains { $0.hasPrefix("explanation") })
    #expect(
      qti.contains(
        "set 3, question 1 (\"How many planets orbit the Sun?\"): asked as its choices (the typed number is not kept)"))
  }

  @Test func controlCharactersNeverBreakTheXML() throws {
    let question = Topic.Question(
      question: "Bell\u{7} and escape\u{1B}[31m?", answers: ["a\u{0}", "b"], correctAnswers: [0])
    let exported = TopicExporter.export(try ValidTopic(Topic(sets: [[question]])), to: .moodleXML)
    // In the question's name, its text and its answer.
    #expect(exported.notes.contains(.charactersReplaced(count: 5)))
    let imported = try TopicImporter.importTopic(exported.bytes, format: .moodleXML)
    #expect(imported.topic.topic.questions[0].question == "Bell\u{FFFD} and escape\u{FFFD}[31m?")
  }

  @Test func aZipHoldsEveryFileWithItsChecksum() throws {
    var zip = ZipWriter()
    let text = Array(String(repeating: "compressible ", count: 100).utf8)
    let random = (0..<256).map { UInt8(($0 * 131 + 7) % 256) }
    zip.add("a/text.xml", text)
    zip.add("b/é.bin", random)
    let bytes = zip.bytes
    // The end record: two entries, the central directory where it says.
    let end = bytes.count - 22
    #expect(Array(bytes[end..<end + 4]) == [0x50, 0x4B, 0x05, 0x06])
    #expect(bytes[end + 10] == 2)
    #expect(bytes.count < text.count + random.count + 200, "the text was deflated")
  }
}
