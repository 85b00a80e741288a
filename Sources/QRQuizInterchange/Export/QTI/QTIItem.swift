import QRQuiz

/// The XML of a QTI 3.0 item and test.
enum QTIItem {
  /// One question as a `qti-assessment-item`; `picture` is a file of the package (relative
  /// to the item) or an address.
  static func xml(_ question: Topic.Question, identifier: String, title: String, picture: String?) -> XMLBuilder {
    var xml = XMLBuilder()
    let right = question.mergedCorrectAnswers.map(Int.init)
    xml.element(
      "qti-assessment-item",
      [
        "xmlns": QTIExporter.itemNamespace, "xmlns:xsi": QTIExporter.instance,
        "xsi:schemaLocation": QTIExporter.itemNamespace + " " + QTIExporter.itemSchema, "identifier": identifier,
        "title": title, "adaptive": "false", "time-dependent": "false",
      ]
    ) { xml in
      xml.element(
        "qti-response-declaration",
        ["identifier": "RESPONSE", "cardinality": right.count == 1 ? "single" : "multiple", "base-type": "identifier"]
      ) { xml in
        xml.element("qti-correct-response") { xml in
          for index in right { xml.element("qti-value", text: choice(index)) }
        }
      }
      xml.element(
        "qti-outcome-declaration", ["identifier": "SCORE", "cardinality": "single", "base-type": "float"], text: nil)
      xml.element("qti-item-body") { xml in
        if let picture {
          let source = xml.escaper.escaped(picture)
          xml.raw("<p><img src=\"\(source)\" alt=\"\"/></p>")
        }
        let text = xml.escaper.valid(HTMLFragment.from(question.question, xhtml: true))
        xml.raw("<p>" + text + "</p>")
        xml.element(
          "qti-choice-interaction",
          ["response-identifier": "RESPONSE", "shuffle": "false", "max-choices": String(right.count)]
        ) { xml in
          for (index, answer) in question.answers.enumerated() {
            let text = xml.escaper.valid(HTMLFragment.from(answer, xhtml: true))
            xml.raw("<qti-simple-choice identifier=\"\(choice(index))\">" + text + "</qti-simple-choice>")
          }
        }
      }
      xml.element("qti-response-processing", ["template": QTIExporter.matchCorrect], text: nil)
    }
    return xml
  }

  /// `C1`, `C2` …: a choice's identifier.
  static func choice(_ index: Int) -> String { "C\(index + 1)" }

  /// The `qti-assessment-test`: a section per set, its items in order, each question's
  /// seconds as its time limit.
  static func test(_ title: String, sections: [(title: String, items: [QTIExporter.Item])]) -> XMLBuilder {
    var xml = XMLBuilder()
    xml.element(
      "qti-assessment-test",
      [
        "xmlns": QTIExporter.itemNamespace, "xmlns:xsi": QTIExporter.instance,
        "xsi:schemaLocation": QTIExporter.itemNamespace + " " + QTIExporter.itemSchema, "identifier": "TEST",
        "title": title,
      ]
    ) { xml in
      xml.element(
        "qti-test-part", ["identifier": "PART", "navigation-mode": "linear", "submission-mode": "individual"]
      ) { xml in
        for (index, section) in sections.enumerated() {
          xml.element(
            "qti-assessment-section", ["identifier": "S\(index + 1)", "title": section.title, "visible": "true"]
          ) { xml in
            for item in section.items {
              let reference: KeyValuePairs<String, String> = [
                "identifier": item.identifier, "href": String(item.path),
              ]
              if let seconds = item.seconds {
                xml.element("qti-assessment-item-ref", reference) { xml in
                  xml.element("qti-time-limits", ["max-time": JSONWriter.format(seconds)], text: nil)
                }
              } else {
                xml.element("qti-assessment-item-ref", reference, text: nil)
              }
            }
          }
        }
      }
    }
    return xml
  }
}
