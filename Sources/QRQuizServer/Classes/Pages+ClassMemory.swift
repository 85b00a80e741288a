import QRQuiz
import QRQuizClassroom
import QRQuizHTTP

/// The gradebook's section on what the class remembers (``ClassMemory``): each student's
/// cards due and overdue and their predicted recall today, then the questions the class
/// is least likely to remember: the ones to go over again. The class's desired retention
/// is set here, beside what it changes (`POST /classes/NAME/retention`).
extension Pages {
  func classMemory(_ memory: ClassMemory, className: String, csrf: String) -> HTML {
    let intro: HTML = """
      <h2 id="memory-heading">\(say(StudyPhrase.memoryHeading))</h2>
      <p class="muted">\(say(StudyPhrase.memoryNote))</p>
      \(retentionForm(memory.desiredRetention, className: className, csrf: csrf))
      """
    guard !memory.isEmpty else {
      return """
        <section id="class-memory" aria-labelledby="memory-heading">\(intro)
        <p id="memory-nobody">\(say(StudyPhrase.memoryNobody))</p></section>
        """
    }
    let students = memory.students.map { row -> HTML in
      """
      <tr><th scope="row">\(row.student.name.text)</th><td>\(row.due)</td><td>\(row.overdue)</td>\
      <td>\(row.studied)</td><td>\(row.recall.map { percent(Int(($0 * 100).rounded())) } ?? "")</td></tr>

      """
    }
    let questions = memory.questions.filter { $0.recall != nil }.map { question -> HTML in
      """
      <tr><td>\(question.card.key.topic)</td><th scope="row">\(question.card.question)</th>\
      <td>\(question.studied)</td><td>\(question.recall.map { percent(Int(($0 * 100).rounded())) } ?? "")</td></tr>

      """
    }
    return """
      <section id="class-memory" aria-labelledby="memory-heading">\(intro)
      <div class="table-scroll" role="region" aria-labelledby="memory-students-caption" tabindex="0">
      <table class="results" id="memory-students"><caption id="memory-students-caption">\
      \(say(StudyPhrase.memoryStudentsCaption))</caption>
      <thead><tr><th scope="col">\(say(HomeworkPhrase.studentColumn))</th>\
      <th scope="col">\(say(StudyPhrase.memoryDueColumn))</th><th scope="col">\(say(StudyPhrase.memoryOverdueColumn))</th>\
      <th scope="col">\(say(StudyPhrase.memoryStudiedColumn))</th><th scope="col">\(say(StudyPhrase.memoryRecallColumn))</th>\
      </tr></thead>
      <tbody>
      \(students)</tbody></table></div>
      <h3 id="memory-questions-heading">\(say(StudyPhrase.memoryQuestionsHeading))</h3>
      <div class="table-scroll" role="region" aria-labelledby="memory-questions-heading" tabindex="0">
      <table class="results" id="memory-questions"><thead><tr>\
      <th scope="col">\(say(StudyPhrase.memoryTopicColumn))</th><th scope="col">\(say(StudyPhrase.memoryQuestionColumn))</th>\
      <th scope="col">\(say(StudyPhrase.memoryStudiedBy))</th><th scope="col">\(say(StudyPhrase.memoryRecallColumn))</th>\
      </tr></thead>
      <tbody>
      \(questions)</tbody></table></div>
      </section>
      """
  }

  /// What the retention box takes: a decimal with a point or a comma ("0.85", "0,85"), as
  /// the server reads both. A text box, not `type="number"`: a browser in English refuses
  /// "0,85", which the Spanish page itself writes; the server checks the range.
  static let retentionPattern = "\\s*0[.,][0-9]{1,3}\\s*"

  /// The class's desired retention, a number from 0.70 to 0.97 the teacher may change.
  private func retentionForm(_ retention: Double, className: String, csrf: String) -> HTML {
    let written = (try? DesiredRetention(retention))?.description ?? DesiredRetention.standard.description
    // As the page's language writes a decimal: the Spanish page says "0,9", as it asks.
    let shown = language == .spanish ? written.replacingOccurrences(of: ".", with: ",") : written
    return """
      <form method="post" action="\(SitePath.classRetention(className))" class="row" id="retention-form">\
      <input type="hidden" name="csrf" value="\(csrf)">
      <label for="retention">\(say(StudyPhrase.retentionLabel))</label>
      <input type="text" id="retention" name="retention" value="\(shown)" pattern="\(Self.retentionPattern)" \
      inputmode="decimal" autocomplete="off" required aria-describedby="retention-note">
      <button type="submit">\(say(StudyPhrase.retentionSave))</button></form>
      <p class="muted" id="retention-note">\(say(StudyPhrase.retentionNote))</p>
      """
  }
}
