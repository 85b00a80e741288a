import QRQuiz

/// One QTI item (2.1, 2.2 or 3.0) as questions: each choice interaction a question, its
/// response declaration's `correctResponse` the key (several values when its cardinality
/// is multiple), the item body's text outside the interactions and the interaction's
/// prompt the question, its simple choices the answers (``QTIMarkup``), the first picture
/// the question's, a modal feedback the explanation. An item with any other interaction
/// (text entry, order, match, hotspot, extended text …) is refused by that interaction's
/// name, never guessed; so is a choice without a correct response.
struct QTIItemReader {
  /// What was read of the item: its questions, or why it has none.
  enum Read {
    case questions([QuestionDraft])
    case refused(ImportIssue.Reason)
  }

  let identifier: String?
  let title: String?
  let line: Int
  private var declarations: [String: XMLElement] = [:]
  private var body: XMLElement?
  private var feedback: [XMLElement] = []

  /// The interactions the app cannot ask, by the names a teacher knows them.
  static let otherInteractions: [String: String] = [
    "textEntryInteraction": "Text entry", "extendedTextInteraction": "Extended text",
    "orderInteraction": "Order", "matchInteraction": "Match", "associateInteraction": "Associate",
    "gapMatchInteraction": "Gap match", "inlineChoiceInteraction": "Inline choice", "hottextInteraction": "Hot text",
    "hotspotInteraction": "Hotspot", "graphicOrderInteraction": "Graphic order",
    "graphicAssociateInteraction": "Graphic associate", "graphicGapMatchInteraction": "Graphic gap match",
    "selectPointInteraction": "Select point", "positionObjectInteraction": "Position object",
    "sliderInteraction": "Slider", "mediaInteraction": "Media", "drawingInteraction": "Drawing",
    "uploadInteraction": "Upload", "customInteraction": "Custom", "portableCustomInteraction": "Portable custom",
    "endAttemptInteraction": "End attempt",
  ]

  /// Reads an item's XML.
  ///
  /// - Throws: ``TopicImporter/Error/syntax(line:_:)``: not XML, or not a QTI item.
  init(_ text: String) throws(TopicImporter.Error) {
    var declarations: [String: XMLElement] = [:]
    var body: XMLElement?
    var feedback: [XMLElement] = []
    let root = try XMLReader.forEachElement(of: text, depth: 1) { element in
      switch QTIMarkup.name(element.name) {
      case "responseDeclaration":
        if let identifier = QTIMarkup.attribute(element, "identifier") { declarations[identifier] = element }
      case "itemBody": body = element
      case "modalFeedback": feedback.append(element)
      default: break
      }
    }
    guard QTIMarkup.name(root.name) == "assessmentItem" else {
      throw .syntax(line: root.line, .notQTIItem(root: root.name))
    }
    identifier = QTIMarkup.attribute(root, "identifier")
    title = QTIMarkup.attribute(root, "title")
    line = root.line
    self.declarations = declarations
    self.body = body
    self.feedback = feedback
  }

  /// How a message names the item: `item 'choice' ('Unattended Luggage')`.
  var label: String {
    var label = "item '" + (identifier ?? "?") + "'"
    if let title, !title.isEmpty { label += " ('" + (title.count > 50 ? String(title.prefix(49)) + "…" : title) + "')" }
    return label
  }

  /// The item's questions, or why it has none.
  func read() -> Read {
    guard let body else { return .refused(.missing("item body")) }
    let elements = QTIMarkup.descendants(body)
    if let other = elements.lazy.map({ QTIMarkup.name($0.name) }).first(where: Self.isOtherInteraction) {
      return .refused(.unsupported(kind: Self.otherInteractions[other] ?? other))
    }
    let interactions = elements.filter { QTIMarkup.name($0.name) == "choiceInteraction" }
    guard !interactions.isEmpty else { return .refused(.missing("choice interaction")) }
    let stem = QTIMarkup.text(body.children) { Self.isInteraction($0) || Self.isFeedback($0) }
    // One modal feedback is shown whatever the answer (as QRQuiz writes the explanation);
    // several are each shown for some outcome ("correct", "incorrect"): none is the
    // explanation.
    let explanation = feedback.count == 1 ? QTIMarkup.text(feedback[0].children).text : ""
    var questions: [QuestionDraft] = []
    for interaction in interactions {
      let prompt = QTIMarkup.children(interaction, "prompt").first.map { QTIMarkup.text($0.children) }
      let choices = QTIMarkup.descendants(interaction).filter { QTIMarkup.name($0.name) == "simpleChoice" }
      var answers: [String] = []
      var positions: [String: Int] = [:]
      for choice in choices {
        if let identifier = QTIMarkup.attribute(choice, "identifier") { positions[identifier] = answers.count }
        answers.append(QTIMarkup.text(choice.children, singleLine: true) { Self.isFeedback($0) }.text)
      }
      guard let response = QTIMarkup.attribute(interaction, "responseIdentifier"),
        let declaration = declarations[response],
        let correct = QTIMarkup.children(declaration, "correctResponse").first
      else { return .refused(.missing("correct response")) }
      var right: Set<Int> = []
      for value in QTIMarkup.children(correct, "value") {
        let name = value.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let position = positions[name] else { return .refused(.unknownCorrectAnswer(name)) }
        right.insert(position)
      }
      let text = [stem.text, prompt?.text ?? ""].filter { !$0.isEmpty }.joined(separator: "\n")
      var draft = QuestionDraft(
        text: text, answers: answers, correct: right, explanation: explanation.isEmpty ? nil : explanation,
        line: line, label: label)
      draft.imageURL = (stem.pictures + (prompt?.pictures ?? [])).first
      questions.append(draft)
    }
    return .questions(questions)
  }

  private static func isInteraction(_ name: String) -> Bool { name.hasSuffix("Interaction") }

  private static func isOtherInteraction(_ name: String) -> Bool {
    isInteraction(name) && name != "choiceInteraction"
  }

  private static func isFeedback(_ name: String) -> Bool {
    ["feedbackInline", "feedbackBlock", "modalFeedback", "rubricBlock", "templateBlock", "templateInline"]
      .contains(name)
  }
}
