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

  /// The format's own name, as its users write it in any language: "Moodle XML".
  public var name: String {
    switch self {
    case .moodleXML: "Moodle XML"
    case .qti: "QTI"
    case .gift: "GIFT"
    case .aiken: "Aiken"
    }
  }

  /// The usual file name extension.
  public var fileExtension: String {
    switch self {
    case .moodleXML: "xml"
    case .qti: "zip"
    case .gift: "gift"
    case .aiken: "txt"
    }
  }

  /// The media type a server sends it as.
  public var mediaType: String {
    switch self {
    case .moodleXML: "application/xml; charset=utf-8"
    case .qti: "application/zip"
    case .gift, .aiken: "text/plain; charset=utf-8"
    }
  }
}
