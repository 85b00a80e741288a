import QRQuiz

/// Writes a topic for the systems a school uses: Moodle XML (pictures embedded), a QTI 3.0
/// content package, GIFT and Aiken. What a format cannot hold is said in the notes,
/// never dropped in silence; what it can hold reads back, through ``TopicImporter``, to the
/// same questions, answers, right answers, numbers, pictures and explanations.
///
/// ```swift
/// let topic = try await TopicReader().topic(from: .file("Social.json"))
/// let exported = TopicExporter.export(topic, to: .moodleXML)
/// try Data(exported.bytes).write(to: URL(fileURLWithPath: "Social.xml"))
/// for note in exported.notes { print(note) }
/// ```
public enum TopicExporter {
  /// What an export made.
  public struct Exported: Sendable {
    /// The file.
    public var bytes: [UInt8]
    /// What it could not hold as the topic has it.
    public var notes: [ExportNote]
  }

  /// Writes `topic` in `format`.
  ///
  /// - Parameters:
  ///   - topic: the topic.
  ///   - format: the format to write.
  ///   - pictures: the picture an `imageURL` names, when this machine has it (the
  ///     library's own pictures, the image cache): embedded in Moodle XML and QTI; the
  ///     others are linked by their address.
  public static func export(
    _ topic: ValidTopic, to format: ExportFormat, pictures: (String) -> ExportPicture? = { _ in nil }
  ) -> Exported {
    switch format {
    case .moodleXML: MoodleXMLExporter.export(topic, pictures: pictures)
    case .qti: QTIExporter.export(topic, version: .v3p0, pictures: pictures)
    case .qti21: QTIExporter.export(topic, version: .v2p1, pictures: pictures)
    case .qti12: QTI12Exporter.export(topic, pictures: pictures)
    case .imscc: CommonCartridgeExporter.export(topic, pictures: pictures)
    case .gift: GIFTExporter.export(topic)
    case .aiken: AikenExporter.export(topic)
    }
  }

  /// The notes every format that holds questions only (not a quiz's settings) makes for
  /// the topic's options and QRQuiz's keys: what is set, and would be lost.
  static func settingsNotKept(_ topic: Topic, format: ExportFormat, keeps: Set<String> = []) -> [ExportNote] {
    let options = topic.options ?? Topic.Options()
    let timed = topic.questions.filter { $0.seconds != nil }.count
    let explained = topic.questions.filter { $0.explanation != nil }.count
    let settings: [(key: String, isSet: Bool, setting: ExportNote.Setting)] = [
      ("timePerSetInSeconds", options.timePerSetInSeconds.map { $0 > 0 } ?? false, .timePerSet),
      ("questionsInRandomOrder", options.questionsInRandomOrder != nil, .questionOrder),
      ("helpButtonEnabled", options.helpButtonEnabled != nil, .help),
      ("showCorrectIncorrectAnswer", options.showCorrectIncorrectAnswer != nil, .verdicts),
      ("setGroups", options.setGroups != nil, .setGroups),
      ("seconds", timed > 0, .seconds(questions: timed)),
      ("explanation", explained > 0, .explanation(questions: explained)),
    ]
    return settings.filter { $0.isSet && !keeps.contains($0.key) }.map { .notKept($0.setting, format: format) }
  }

  /// The topic's categories (Moodle, GIFT) or sections (QTI), in order: one per set, and
  /// one for a list's sets (split only because the app needs one answer count per set), as
  /// the file the list came from had it and every front end plays it; each with its name
  /// (``ValidTopic/name(of:in:)``).
  static func categories(_ topic: ValidTopic) -> [(name: String, sets: ClosedRange<Int>)] {
    topic.playableUnits.map { (topic.name(of: $0), $0.sets) }
  }

  /// A category as Moodle and GIFT name it: `$course$/top/TOPIC/NAME`, each name's `/`
  /// doubled, as Moodle escapes it.
  static func categoryPath(_ topic: ValidTopic, name: String) -> String {
    func escaped(_ name: String) -> String { name.replacingOccurrences(of: "/", with: "//") }
    return "$course$/top/\(escaped(topic.name))/\(escaped(name))"
  }
}
