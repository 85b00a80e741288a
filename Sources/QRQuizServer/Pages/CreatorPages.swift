import QRQuiz
/// The topic creator's pages (only with `--allow-edit`): the counts, then the form.
extension Pages {
  /// `/new`: how many sets, questions and answers, as the app asks first.
  static func creatorStart() -> String {
    func number(_ name: String, _ label: String, _ range: ClosedRange<Int>, _ value: Int) -> String {
      """
      <div class="row"><label for="\(name)">\(label)</label>\
      <input type="number" id="\(name)" name="\(name)" min="\(range.lowerBound)" max="\(range.upperBound)" value="\(value)"></div>
      """
    }
    return HTML.page(
      title: "New topic",
      body: """
        \(header(canCreate: true))
        <main><div class="card">
        <h1>New topic</h1>
        <form method="get" action="/new/form">
        \(number("sets", "Sets", CreatorForm.Counts.setRange, 1))
        \(number("questions", "Questions per set", CreatorForm.Counts.questionRange, 5))
        \(number("answers", "Answers per question", CreatorForm.Counts.answerRange, 4))
        <p><button type="submit">Next</button></p>
        </form>
        </div></main>
        """)
  }

  /// `/new/form` and a posted form with problems: every field, filled with what was
  /// posted, the problems listed above it.
  static func creatorForm(_ form: CreatorForm, csrf: String, problems: [String]) -> String {
    let fields = form.fields
    func value(_ name: String) -> String { HTML.escape(fields[name] ?? "") }
    func checkbox(_ name: String, _ label: String, default on: Bool) -> String {
      """
      <div class="row"><input type="checkbox" id="\(name)" name="\(name)"\(form.isChecked(name, default: on) ? " checked" : "")>\
      <label for="\(name)">\(label)</label></div>
      """
    }
    var sets = ""
    for set in 0..<form.counts.sets {
      sets += "<fieldset><legend>Set \(set + 1)</legend>\n"
      for question in 0..<form.counts.questions {
        let questionName = CreatorForm.questionField(set, question)
        sets += """
          <fieldset><legend>Question \(question + 1)</legend>
          <div class="row"><label for="\(questionName)">Question</label>\
          <input type="text" id="\(questionName)" name="\(questionName)" value="\(value(questionName))"></div>

          """
        for answer in 0..<form.counts.answers {
          let answerName = CreatorForm.answerField(set, question, answer)
          let correctName = CreatorForm.correctField(set, question, answer)
          sets += """
            <div class="row"><label for="\(answerName)">Answer \(answer + 1)</label>\
            <input type="text" id="\(answerName)" name="\(answerName)" value="\(value(answerName))">\
            <input type="checkbox" id="\(correctName)" name="\(correctName)" aria-label="Answer \(answer + 1) is correct"\
            \(fields[correctName] != nil ? " checked" : "")><label for="\(correctName)">correct</label></div>

            """
        }
        let imageName = CreatorForm.imageField(set, question)
        sets += """
          <div class="row"><label for="\(imageName)">Image URL</label>\
          <input type="url" id="\(imageName)" name="\(imageName)" value="\(value(imageName))"></div>
          </fieldset>

          """
      }
      sets += "</fieldset>\n"
    }
    let problemList =
      problems.isEmpty
      ? ""
      : "<div class=\"problems\" id=\"problems\" role=\"alert\"><ul>"
        + problems.map { "<li>\(HTML.escape($0))</li>" }.joined() + "</ul></div>"
    return HTML.page(
      title: "New topic",
      body: """
        \(header(canCreate: true))
        <main><div class="card">
        <h1>New topic</h1>
        \(problemList)
        <form method="post" action="/new" id="creator">
        <input type="hidden" name="csrf" value="\(HTML.escape(csrf))">
        <input type="hidden" name="posted" value="1">
        <input type="hidden" name="sets" value="\(form.counts.sets)">
        <input type="hidden" name="questions" value="\(form.counts.questions)">
        <input type="hidden" name="answers" value="\(form.counts.answers)">
        <fieldset><legend>Topic</legend>
        <div class="row"><label for="name">Name</label><input type="text" id="name" name="name" value="\(value("name"))"></div>
        <div class="row"><label for="time">Seconds per set</label><input type="number" id="time" name="time" min="1" \
        value="\(value("time"))" placeholder="no timer"></div>
        \(checkbox("random", "Questions in random order", default: true))
        \(checkbox("help", "Help button", default: true))
        \(checkbox("verdicts", "Show whether an answer is right", default: true))
        \(checkbox("mandatory", "All correct answers must be picked", default: false))
        </fieldset>
        \(sets)
        <p><button type="submit" id="save">Save topic</button></p>
        </form>
        </div></main>
        """)
  }
}
