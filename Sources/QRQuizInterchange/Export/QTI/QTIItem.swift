import QRQuiz

/// The XML of a QTI item and test, in either version (``QTIVersion``).
struct QTIItem {
  let version: QTIVersion

  /// An item's picture: a file of the package (relative to the item) or an http(s)
  /// address, with its alternative text.
  struct Picture {
    var source: String
    var alternative: String
  }

  /// One question as an `assessmentItem`: a `choiceInteraction` of `maxChoices` 1 or the
  /// number of right answers, its `correctResponse`, scored as the `match_correct` template
  /// scores (every right answer and no other); the explanation a `modalFeedback` shown
  /// once answered (the template's rules written out, to set the feedback too).
  func xml(_ question: Topic.Question, identifier: String, title: String, picture: Picture?) -> XMLBuilder {
    var xml = XMLBuilder()
    let right = question.mergedCorrectAnswers.map(Int.init)
    element(
      "assessmentItem",
      [
        ("xmlns", version.itemNamespace), ("xmlns:xsi", QTIVersion.instance),
        ("xsi:schemaLocation", version.itemNamespace + " " + version.itemSchema), ("identifier", identifier),
        ("title", title), ("adaptive", "false"), ("timeDependent", "false"),
      ], into: &xml
    ) { xml in
      element(
        "responseDeclaration",
        [
          ("identifier", "RESPONSE"), ("cardinality", right.count == 1 ? "single" : "multiple"),
          ("baseType", "identifier"),
        ],
        into: &xml
      ) { xml in
        element("correctResponse", [], into: &xml) { xml in
          for index in right { element("value", [], text: Self.choice(index), into: &xml) }
        }
      }
      element(
        "outcomeDeclaration", [("identifier", "SCORE"), ("cardinality", "single"), ("baseType", "float")], text: nil,
        into: &xml)
      if question.explanation != nil {
        element(
          "outcomeDeclaration", [("identifier", "FEEDBACK"), ("cardinality", "single"), ("baseType", "identifier")],
          text: nil, into: &xml)
      }
      element("itemBody", [], into: &xml) { xml in
        if let picture {
          let source = xml.escaper.escaped(picture.source)
          let alternative = xml.escaper.escaped(picture.alternative)
          xml.raw("<p><img src=\"\(source)\" alt=\"\(alternative)\"/></p>")
        }
        xml.raw("<p>" + xml.escaper.valid(HTMLFragment.from(question.question, xhtml: true)) + "</p>")
        element(
          "choiceInteraction",
          [("responseIdentifier", "RESPONSE"), ("shuffle", "false"), ("maxChoices", String(right.count))], into: &xml
        ) { xml in
          for (index, answer) in question.answers.enumerated() {
            let text = xml.escaper.valid(HTMLFragment.from(answer, xhtml: true))
            let name = version.element("simpleChoice")
            xml.raw("<\(name) identifier=\"\(Self.choice(index))\">" + text + "</\(name)>")
          }
        }
      }
      if let explanation = question.explanation {
        processing(into: &xml)
        element(
          "modalFeedback", [("outcomeIdentifier", "FEEDBACK"), ("showHide", "show"), ("identifier", "EXPLANATION")],
          into: &xml
        ) { xml in
          let text = "<p>" + xml.escaper.valid(HTMLFragment.from(explanation, xhtml: true)) + "</p>"
          xml.raw(version == .v3p0 ? "<qti-content-body>" + text + "</qti-content-body>" : text)
        }
      } else {
        element("responseProcessing", [("template", version.matchCorrect)], text: nil, into: &xml)
      }
    }
    return xml
  }

  /// The `match_correct` template's rules, and the explanation's feedback set whatever the
  /// answer.
  private func processing(into xml: inout XMLBuilder) {
    func score(_ value: String, _ xml: inout XMLBuilder) {
      element("setOutcomeValue", [("identifier", "SCORE")], into: &xml) { xml in
        element("baseValue", [("baseType", "float")], text: value, into: &xml)
      }
    }
    element("responseProcessing", [], into: &xml) { xml in
      element("responseCondition", [], into: &xml) { xml in
        element("responseIf", [], into: &xml) { xml in
          element("match", [], into: &xml) { xml in
            element("variable", [("identifier", "RESPONSE")], text: nil, into: &xml)
            element("correct", [("identifier", "RESPONSE")], text: nil, into: &xml)
          }
          score("1", &xml)
        }
        element("responseElse", [], into: &xml) { xml in score("0", &xml) }
      }
      element("setOutcomeValue", [("identifier", "FEEDBACK")], into: &xml) { xml in
        element("baseValue", [("baseType", "identifier")], text: "EXPLANATION", into: &xml)
      }
    }
  }

  /// `C1`, `C2` …: a choice's identifier.
  static func choice(_ index: Int) -> String { "C\(index + 1)" }

  /// The `assessmentTest`: a section per set, its items in order, each question's seconds
  /// as its time limit.
  func test(_ title: String, sections: [(title: String, items: [QTIExporter.Item])]) -> XMLBuilder {
    var xml = XMLBuilder()
    element(
      "assessmentTest",
      [
        ("xmlns", version.itemNamespace), ("xmlns:xsi", QTIVersion.instance),
        ("xsi:schemaLocation", version.itemNamespace + " " + version.itemSchema), ("identifier", "TEST"),
        ("title", title),
      ], into: &xml
    ) { xml in
      element(
        "testPart", [("identifier", "PART"), ("navigationMode", "linear"), ("submissionMode", "individual")], into: &xml
      ) {
        xml in
        for (index, section) in sections.enumerated() {
          element(
            "assessmentSection", [("identifier", "S\(index + 1)"), ("title", section.title), ("visible", "true")],
            into: &xml
          ) { xml in
            for item in section.items {
              let reference = [("identifier", item.identifier), ("href", item.path)]
              if let seconds = item.seconds {
                element("assessmentItemRef", reference, into: &xml) { xml in
                  element("timeLimits", [("maxTime", JSONWriter.format(seconds))], text: nil, into: &xml)
                }
              } else {
                element("assessmentItemRef", reference, text: nil, into: &xml)
              }
            }
          }
        }
      }
    }
    return xml
  }

  private func element(
    _ name: String, _ attributes: [(String, String)], into xml: inout XMLBuilder, _ content: (inout XMLBuilder) -> Void
  ) {
    xml.element(version.element(name), attributes: version.attributes(attributes), content)
  }

  private func element(_ name: String, _ attributes: [(String, String)], text: String?, into xml: inout XMLBuilder) {
    xml.element(version.element(name), attributes: version.attributes(attributes), text: text)
  }
}
