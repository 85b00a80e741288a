import QRQuiz

/// The QTI a package is written in: 2.1, which Canvas, Blackboard, Moodle's plugins and
/// most LMSs import, or 3.0. Both have the same elements; 3.0 writes their names in kebab
/// case with a `qti-` prefix (`choiceInteraction` → `qti-choice-interaction`,
/// `responseIdentifier` → `response-identifier`), in its own namespaces, and wraps a modal
/// feedback's content in `qti-content-body`.
enum QTIVersion {
  case v2p1, v3p0

  /// An element's name, given as QTI 2.1 writes it.
  func element(_ name: String) -> String {
    guard self == .v3p0, name.first?.isLowercase == true, !Self.html.contains(name) else { return name }
    return "qti-" + kebab(name)
  }

  /// An attribute's name, given as QTI 2.1 writes it.
  func attribute(_ name: String) -> String {
    self == .v3p0 && !name.contains(":") ? kebab(name) : name
  }

  /// Attributes given as QTI 2.1 writes them.
  func attributes(_ attributes: [(String, String)]) -> [(String, String)] {
    attributes.map { (attribute($0.0), $0.1) }
  }

  /// The XHTML elements an item body holds, named the same in both.
  private static let html: Set<String> = ["p", "img", "br", "div", "span"]

  private func kebab(_ name: String) -> String {
    var output = ""
    for character in name {
      if character.isUppercase {
        output += "-" + character.lowercased()
      } else {
        output.append(character)
      }
    }
    return output
  }

  var itemNamespace: String {
    self == .v3p0 ? "http://www.imsglobal.org/xsd/imsqtiasi_v3p0" : "http://www.imsglobal.org/xsd/imsqti_v2p1"
  }

  var itemSchema: String {
    self == .v3p0
      ? "https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd"
      : "http://www.imsglobal.org/xsd/qti/qtiv2p1/imsqti_v2p1p1.xsd"
  }

  var packageNamespace: String {
    self == .v3p0 ? "http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" : "http://www.imsglobal.org/xsd/imscp_v1p1"
  }

  var packageSchema: String {
    self == .v3p0
      ? "https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqtiv3p0_imscpv1p2_v1p0.xsd"
      : "http://www.imsglobal.org/xsd/imscp_v1p1.xsd"
  }

  /// The response processing template of every right answer and no other.
  var matchCorrect: String {
    self == .v3p0
      ? "https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct"
      : "http://www.imsglobal.org/question/qti_v2p1/rptemplates/match_correct"
  }

  /// The manifest's resource types.
  var itemType: String { self == .v3p0 ? "imsqti_item_xmlv3p0" : "imsqti_item_xmlv2p1" }
  var testType: String { self == .v3p0 ? "imsqti_test_xmlv3p0" : "imsqti_test_xmlv2p1" }

  /// The manifest's metadata: the package's schema and version.
  var packageMetadata: (schema: String, version: String) {
    self == .v3p0 ? ("QTI Package", "3.0.0") : ("QTIv2.1 Package", "1.0.0")
  }

  static let instance = "http://www.w3.org/2001/XMLSchema-instance"
}
