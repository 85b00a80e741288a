import QRQuiz

/// The topic creator's pages (only with `--allow-edit`): the counts, then the form.
extension Pages {
  /// `/new`: how many sets, questions and answers, as the app asks first.
  func creatorStart() -> HTML {
    func number(_ name: String, _ label: PagePhrase, _ range: ClosedRange<Int>, _ value: Int) -> HTML {
      """
      <div class="row"><label for="\(name)">\(say(label))</label>\
      <input type="number" id="\(name)" name="\(name)" min="\(range.lowerBound)" max="\(range.upperBound)" value="\(value)"></div>
      """
    }
    let suggested = TopicDraft.suggestedCounts
    return page(
      title: text(.newTopic),
      """
      <div class="card">
      <h1>\(say(.newTopic))</h1>
      <form method="get" action="\(SitePath.newTopicForm)">
      \(number("sets", .setsLabel, TopicDraft.Limits.sets, suggested.sets))
      \(number("questions", .questionsPerSetLabel, TopicDraft.Limits.questionsPerSet, suggested.questionsPerSet))
      \(number("answers", .answersPerQuestionLabel, TopicDraft.Limits.answersPerQuestion, suggested.answersPerQuestion))
      <p><button type="submit">\(say(.nextButton))</button></p>
      </form>
      </div>
      """)
  }

  /// `/new/form` and a posted form with problems: every field, filled with what was
  /// posted, the problems listed above it.
  func creatorForm(_ form: CreatorForm, csrf: String, problems: [String]) -> HTML {
    let fields = form.fields
    func value(_ name: String) -> String { fields[name] ?? "" }
    func checkbox(_ name: String, _ label: PagePhrase, default on: Bool) -> HTML {
      """
      <div class="row"><input type="checkbox" id="\(name)" name="\(name)"\(form.isChecked(name, default: on) ? " checked" : "")>\
      <label for="\(name)">\(say(label))</label></div>
      """
    }
    let sets = (0..<form.counts.sets).map { set -> HTML in
      let questions = (0..<form.counts.questions).map { question -> HTML in
        let questionName = CreatorForm.questionField(set, question)
        let answers = (0..<form.counts.answers).map { answer -> HTML in
          let answerName = CreatorForm.answerField(set, question, answer)
          let correctName = CreatorForm.correctField(set, question, answer)
          let number: [String: MessageArgument] = ["number": .number(answer + 1)]
          return """
            <div class="row"><label for="\(answerName)">\(say(.answerLabel, number))</label>\
            <input type="text" id="\(answerName)" name="\(answerName)" value="\(value(answerName))">\
            <input type="checkbox" id="\(correctName)" name="\(correctName)" aria-label="\(text(.answerIsCorrect, number))"\
            \(fields[correctName] != nil ? " checked" : "")><label for="\(correctName)">\(say(.correctLabel))</label></div>

            """
        }
        let imageName = CreatorForm.imageField(set, question)
        return """
          <fieldset><legend>\(say(.questionLegend, ["number": .number(question + 1)]))</legend>
          <div class="row"><label for="\(questionName)">\(say(.questionLabel))</label>\
          <input type="text" id="\(questionName)" name="\(questionName)" value="\(value(questionName))"></div>
          \(answers)<div class="row"><label for="\(imageName)">\(say(.imageURLLabel))</label>\
          <input type="url" id="\(imageName)" name="\(imageName)" value="\(value(imageName))"></div>
          </fieldset>

          """
      }
      return "<fieldset><legend>\(say(.setLegend, ["number": .number(set + 1)]))</legend>\n\(questions)</fieldset>\n"
    }
    let problemList: HTML? =
      problems.isEmpty
      ? nil
      : "<div class=\"problems\" id=\"problems\" role=\"alert\"><ul>\(problems.map { "<li>\($0)</li>" as HTML })</ul></div>"
    let defaults = TopicDraft.creatorOptions
    return page(
      title: text(.newTopic),
      """
      <div class="card">
      <h1>\(say(.newTopic))</h1>
      \(problemList)
      <form method="post" action="\(SitePath.newTopic)" id="creator">
      <input type="hidden" name="csrf" value="\(csrf)">
      <input type="hidden" name="posted" value="1">
      <input type="hidden" name="sets" value="\(form.counts.sets)">
      <input type="hidden" name="questions" value="\(form.counts.questions)">
      <input type="hidden" name="answers" value="\(form.counts.answers)">
      <fieldset><legend>\(say(.topicLegend))</legend>
      <div class="row"><label for="name">\(say(.nameLabel))</label><input type="text" id="name" name="name" value="\(value("name"))"></div>
      <div class="row"><label for="time">\(say(.secondsPerSetLabel))</label><input type="number" id="time" name="time" min="1" \
      value="\(value("time"))" placeholder="\(text(.noTimer))"></div>
      \(checkbox("random", .randomOrderOption, default: defaults.questionsInRandomOrder ?? true))
      \(checkbox("help", .helpOption, default: defaults.helpButtonEnabled ?? true))
      \(checkbox("verdicts", .verdictsOption, default: defaults.showCorrectIncorrectAnswer ?? true))
      \(checkbox("mandatory", .mandatoryOption, default: defaults.multipleCorrectAnswersAsMandatory ?? false))
      </fieldset>
      \(sets)
      <p><button type="submit" id="save">\(say(.saveTopic))</button></p>
      </form>
      </div>
      """)
  }
}
