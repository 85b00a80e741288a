import QRQuiz

/// The formats a topic is written in for other systems.
public enum ExportFormat: String, Sendable, Hashable, CaseIterable {
  /// Moodle XML: Moodle's question bank imports it, pictures and all.
  case moodleXML = "moodle-xml"
  /// A QTI 3.0 content package (a zip): Canvas New Quizzes, Moodle 4 and other LMSs.
  case qti
  /// Moodle's GIFT text.
  case gift
  /// Aiken text (one right answer per question).
  case aiken
  /// A QTI 2.1 content package (a zip): Canvas, Blackboard, Brightspace, Moodle's QTI
  /// plugins, TAO, and most LMSs that import QTI.
  case qti21
  /// QTI 1.2 (one XML file), the flavour Canvas's and Blackboard's quiz importers take.
  case qti12
  /// An IMS Common Cartridge 1.1 (a zip) whose quiz is QTI 1.2 in the cartridge's profile:
  /// Canvas, Moodle, Blackboard, Brightspace and Schoology all import it.
  case imscc

  /// The format's own name, as its users write it in any language: "Moodle XML".
  public var name: String {
    switch self {
    case .moodleXML: "Moodle XML"
    case .qti: "QTI 3.0"
    case .qti21: "QTI 2.1"
    case .qti12: "QTI 1.2"
    case .imscc: "Common Cartridge"
    case .gift: "GIFT"
    case .aiken: "Aiken"
    }
  }

  /// The usual file name extension (what follows the topic's name in a download).
  public var fileExtension: String {
    switch self {
    case .moodleXML: "xml"
    case .qti: "zip"
    // Beside QTI 3.0's zip and Moodle's XML, a download keeps a name of its own.
    case .qti21: "qti21.zip"
    case .qti12: "qti12.xml"
    case .imscc: "imscc"
    case .gift: "gift"
    case .aiken: "txt"
    }
  }

  /// The media type a server sends it as.
  public var mediaType: String {
    switch self {
    case .moodleXML, .qti12: "application/xml; charset=utf-8"
    case .qti, .qti21: "application/zip"
    case .imscc: "application/vnd.ims.imsccv1p1"
    case .gift, .aiken: "text/plain; charset=utf-8"
    }
  }
}
