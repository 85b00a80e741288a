import Foundation
import QRQuiz

/// Turns the files teachers already have (GIFT, Aiken, CSV, Open Trivia DB, Moodle XML,
/// Quizlet) into a topic the Questions app accepts, or says exactly which questions cannot
/// be, by line.
///
/// The topic keeps the file's order (`questionsInRandomOrder` false unless
/// ``Options/shuffle``): a set whose questions have different answer counts becomes sets
/// of consecutive questions, marked as one list in `options.setGroups`.
///
/// ```swift
/// let bytes = Array("What is 2+2? {=4 ~3 ~5}".utf8)
/// let imported = try TopicImporter.importTopic(bytes, fileName: "maths.gift")
/// print(imported.summary)  // 1 question in 1 set imported, 0 skipped
/// ```
public enum TopicImporter {
  /// How to import.
  public struct Options: Sendable, Hashable {
    /// The topic's name; by default the category or file name.
    public var name: String?
    /// Import the questions that can be, and skip (and report) the rest.
    public var skipInvalid = false
    /// What to do with a set whose questions have different numbers of answers (the app
    /// requires the same number throughout a set): split it, by default.
    public var answerCounts = AnswerCounts.split
    /// Seed for the random places of Open Trivia DB's correct answers and of numeric
    /// distractors: the same seed imports the same topic.
    public var seed: UInt64 = 0
    /// Let the app shuffle each set's questions; by default they keep the file's order.
    public var shuffle = false
    /// What the numbers and letters of a spreadsheet's correct column mean, when its own
    /// conventions do not say (`nil`: a cell that reads two ways is refused).
    public var correctAnswers: CorrectAnswerReading?
    /// Quizlet: what separates a term from its definition (a tab by default).
    public var termSeparator = "\t"
    /// Quizlet: what separates cards (a line break by default; another one for definitions
    /// of several lines).
    public var cardSeparator = "\n"
    /// Quizlet and Anki: the answers each card's question gets: 2 for flash cards (its
    /// definition and another card's), more for a quiz.
    public var cardAnswers = 2

    /// Default options.
    public init(
      name: String? = nil, skipInvalid: Bool = false, answerCounts: AnswerCounts = .split, seed: UInt64 = 0,
      shuffle: Bool = false, correctAnswers: CorrectAnswerReading? = nil
    ) {
      self.name = name
      self.skipInvalid = skipInvalid
      self.answerCounts = answerCounts
      self.seed = seed
      self.shuffle = shuffle
      self.correctAnswers = correctAnswers
    }
  }

  /// The app's rule that every question of a set has as many answers as its first.
  public enum AnswerCounts: String, Sendable, Hashable, CaseIterable {
    /// Report the questions that differ (and skip them with `skipInvalid`).
    case report
    /// Give shorter questions wrong answers up to the set's most, worded as answers a
    /// student can rule out ("None of these", "All of these"), so the set stays one.
    case pad
    /// Split the set into sets of consecutive questions with the same number of answers,
    /// in the file's order (the default: every question keeps its own answers, and a
    /// true/false question stays true or false).
    case split
  }

  /// What was imported.
  public struct Result: Sendable {
    /// The topic.
    public var topic: ValidTopic
    /// The questions that were skipped, and why.
    public var skipped: [ImportIssue]
    /// What the importer chose or found that the person importing should know.
    public var notes: [ImportNote] = []
    /// The pictures the file embeds, for questions that have no `imageURL` until
    /// ``placingPictures(_:)`` gives them one.
    public var pictures: [ImportedPicture] = []
    /// The review history the file holds (an Anki deck's), in time order, for the study log.
    public var reviews: [ImportedReview] = []

    /// `12 questions in 2 sets imported, 1 skipped`.
    public var summary: String {
      let questions = topic.topic.questions.count
      let sets = topic.topic.sets.count
      return "\(Plural.count(questions, "question")) in \(Plural.count(sets, "set")) imported, "
        + "\(skipped.count) skipped"
    }
  }

  /// Imports `bytes` in `format` (told from `fileName` or the text when `nil`).
  ///
  /// - Throws: ``Error``.
  public static func importTopic(
    _ bytes: [UInt8], format: ImportFormat? = nil, fileName: String? = nil, options: Options = Options()
  ) throws(Error) -> Result {
    guard bytes.count <= TopicDocument.maximumSize else {
      throw .tooLarge(size: bytes.count, limit: TopicDocument.maximumSize)
    }
    // A deck named .apkg is read as one, or refused as one: never as text.
    let format = format ?? (fileName?.lowercased().hasSuffix(".apkg") == true ? .anki : nil)
    var reviews: [ImportedReview] = []
    if let imported = try importArchive(bytes, format: format, options: options, reviews: &reviews) {
      let name = options.name ?? imported.suggestedName ?? fileName.map(TopicDocument.defaultName(forSource:))
      var result = try shape(imported, name: name, options: options)
      result.reviews = reviews
      return result
    }
    if let kind = spreadsheetKind(bytes) { throw .spreadsheet(kind: kind) }
    let body: String
    let encoding: TextEncoding?
    do {
      (body, encoding) = try ImportText.decode(bytes) { text in
        // Only a spreadsheet is read in Excel's Windows encoding; other formats are written as UTF-8.
        (format ?? ImportFormat.detect(fileName: fileName, text: text)) == .csv
      }
    } catch {
      throw .notText(line: error.line)
    }
    guard let format = format ?? ImportFormat.detect(fileName: fileName, text: body) else { throw .unknownFormat }
    var random = SeededRandom(seed: options.seed)
    var imported: ImportedQuestions
    switch format {
    case .gift:
      var parser = GIFTParser(body, random: random)
      imported = try parser.parse()
    case .aiken: imported = try AikenParser.parse(body)
    case .csv: imported = try CSVImporter.parse(body, reading: options.correctAnswers)
    case .opentdb: imported = try OpenTriviaImporter.parse(body, random: &random)
    case .moodleXML:
      var importer = MoodleXMLImporter(random: random)
      imported = try importer.parse(body)
    case .quizlet:
      let cards = QuizletImporter.Options(
        termSeparator: options.termSeparator, cardSeparator: options.cardSeparator, answers: options.cardAnswers)
      imported = try QuizletImporter.parse(body, options: cards, random: &random)
    case .qti: imported = try QTIImporter.parseItem(body, path: nil)
    case .xlsx: throw .workbook(.archive(.notZip))
    case .anki: throw .anki(.notZip)
    }
    if let encoding { imported.notes.insert(.decoded(encoding), at: 0) }
    let defaultName = options.name ?? imported.suggestedName ?? fileName.map(TopicDocument.defaultName(forSource:))
    return try shape(imported, name: defaultName, options: options)
  }

  /// The kind of a spreadsheet program's own file that is not read, by its first bytes:
  /// ods is a zip file (told from an xlsx inside), xls an OLE compound file.
  static func spreadsheetKind(_ bytes: [UInt8]) -> String? {
    ImportText.spreadsheetKind(bytes) == "xls" ? "xls" : nil
  }

  /// A zip archive's questions: an Excel workbook's first sheet, a QTI content package's
  /// items, or an Anki deck's notes (its review history into `reviews`); `nil` for bytes
  /// that are no zip archive (and not said to be an xlsx or an Anki deck).
  static func importArchive(
    _ bytes: [UInt8], format: ImportFormat?, options: Options, reviews: inout [ImportedReview]
  ) throws(Error) -> ImportedQuestions? {
    guard bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06]) else {
      if format == .xlsx { throw .workbook(.archive(.notZip)) }
      if format == .anki { throw .anki(.notZip) }
      return nil
    }
    let archive: ZipArchive
    do {
      archive = try ZipArchive(bytes)
    } catch {
      throw format == .xlsx || format == nil ? .workbook(.archive(error)) : .archive(error)
    }
    if format == .anki || (format == nil && AnkiPackage.isPackage(archive)) {
      var random = SeededRandom(seed: options.seed)
      let read = try AnkiImporter.parse(archive, answers: options.cardAnswers, random: &random)
      reviews = read.reviews
      return read.questions
    }
    if format == .qti || (format == nil && archive.entry("imsmanifest.xml") != nil) {
      return try QTIImporter.parsePackage(archive)
    }
    if archive.entry("xl/workbook.xml") != nil, format == nil || format == .xlsx || format == .csv {
      return try XLSXImporter.parse(archive, reading: options.correctAnswers)
    }
    if archive.entry("mimetype") != nil, archive.entry("content.xml") != nil { throw .spreadsheet(kind: "ods") }
    if format == .xlsx { throw .workbook(.missingPart("xl/workbook.xml")) }
    throw .unknownArchive
  }
}
