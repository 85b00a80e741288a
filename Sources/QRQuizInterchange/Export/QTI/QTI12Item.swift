import QRQuiz

/// A question as a QTI 1.2 `item`, the flavour Canvas's and Blackboard's importers take:
/// a `response_lid` with a `render_choice` of one `response_label` per answer (single or
/// multiple cardinality), and `resprocessing` whose `respcondition` gives 100 for every
/// right answer and no other (`varequal` each right one, `not` each wrong one), the
/// explanation an `itemfeedback` shown whatever the answer. Texts are HTML in `mattext`.
///
/// In a Common Cartridge (`profile`), each item also says its profile: two answers and one
/// right is a true/false item (the profile's own rule), several right a multiple-response
/// item, else a multiple-choice item (of three answers at least, as the profile asks).
struct QTI12Item {
  /// Whether the item is written for the Common Cartridge 1.1 profile.
  let profile: Bool

  /// The profile's question type of `question`.
  static func profileType(_ question: Topic.Question) -> (cc: String, canvas: String) {
    let right = question.mergedCorrectAnswers.count
    if question.answers.count == 2 { return ("cc.true_false.v0p1", "true_false_question") }
    if right > 1 { return ("cc.multiple_response.v0p1", "multiple_answers_question") }
    return ("cc.multiple_choice.v0p1", "multiple_choice_question")
  }

  /// Writes `question` as item `identifier`; `picture` is its `<img src>` (an http(s)
  /// address, or a cartridge's file), with its alternative text.
  func write(
    _ question: Topic.Question, identifier: String, title: String, picture: QTIItem.Picture?, into xml: inout XMLBuilder
  ) {
    let right = Set(question.mergedCorrectAnswers.map(Int.init))
    let type = Self.profileType(question)
    xml.element("item", attributes: [("ident", identifier), ("title", title)]) { xml in
      xml.element("itemmetadata") { xml in
        xml.element("qtimetadata") { xml in
          field(profile ? "cc_profile" : "question_type", profile ? type.cc : type.canvas, into: &xml)
          field(profile ? "cc_weighting" : "points_possible", "1", into: &xml)
        }
      }
      xml.element("presentation") { xml in
        var html = "<p>" + HTMLFragment.from(question.question) + "</p>"
        if let picture {
          html =
            "<p><img src=\"\(HTMLFragment.from(picture.source))\" alt=\"\(HTMLFragment.from(picture.alternative))\"></p>"
            + html
        }
        material(html, into: &xml)
        xml.element(
          "response_lid",
          attributes: [("ident", "response1"), ("rcardinality", right.count > 1 ? "Multiple" : "Single")]
        ) { xml in
          xml.element("render_choice") { xml in
            for (index, answer) in question.answers.enumerated() {
              xml.element("response_label", attributes: [("ident", QTIItem.choice(index))]) { xml in
                material(HTMLFragment.from(answer), into: &xml)
              }
            }
          }
        }
      }
      xml.element("resprocessing") { xml in
        xml.element("outcomes") { xml in
          xml.element(
            "decvar",
            attributes: [("varname", "SCORE"), ("vartype", "Decimal"), ("minvalue", "0"), ("maxvalue", "100")],
            text: nil)
        }
        if question.explanation != nil {
          // Shown whatever the answer: a condition always met, going on to the scoring.
          xml.element("respcondition", attributes: [("continue", "Yes")]) { xml in
            xml.element("conditionvar") { xml in xml.element("other", text: nil) }
            xml.element(
              "displayfeedback", attributes: [("feedbacktype", "Response"), ("linkrefid", "general_fb")], text: nil)
          }
        }
        xml.element("respcondition", attributes: [("continue", "No")]) { xml in
          xml.element("conditionvar") { xml in
            let conditions = { (xml: inout XMLBuilder) in
              for index in question.answers.indices {
                let equal = { (xml: inout XMLBuilder) in
                  xml.element("varequal", attributes: [("respident", "response1")], text: QTIItem.choice(index))
                }
                if right.contains(index) {
                  equal(&xml)
                } else if right.count > 1 {
                  xml.element("not") { equal(&$0) }
                }
              }
            }
            if right.count > 1 { xml.element("and") { conditions(&$0) } } else { conditions(&xml) }
          }
          xml.element("setvar", attributes: [("action", "Set"), ("varname", "SCORE")], text: "100")
        }
      }
      if let explanation = question.explanation {
        xml.element("itemfeedback", attributes: [("ident", "general_fb")]) { xml in
          xml.element("flow_mat") { xml in material(HTMLFragment.from(explanation), into: &xml) }
        }
      }
    }
  }

  private func material(_ html: String, into xml: inout XMLBuilder) {
    xml.element("material") { xml in
      xml.element("mattext", attributes: [("texttype", "text/html")], text: html)
    }
  }

  /// A `qtimetadatafield`.
  func field(_ label: String, _ entry: String, into xml: inout XMLBuilder) {
    xml.element("qtimetadatafield") { xml in
      xml.element("fieldlabel", text: label)
      xml.element("fieldentry", text: entry)
    }
  }
}
