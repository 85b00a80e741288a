import Foundation
import QRQuiz
import QRQuizClassroom
import QRQuizHTTP

/// The teacher's homework pages: the topic page's form that assigns it, the list of
/// assignments, an assignment's results (who has done it, who has not, each question's
/// share of right answers and its picks, the hardest first) with its join code to print or
/// project. Rendered on the server from the results, no script needed.
extension Pages {
  /// The topic page's form that assigns the topic (for the teacher): due date and time,
  /// class, set, attempts, scoring.
  func assignForm(_ topic: ServedTopic, classes: [String], csrf: String, tomorrow: Date) -> HTML {
    let units = topic.topic.playableUnits
    let sets = units.map { unit -> HTML in
      let name = topic.topic.name(of: unit, in: language)
      return "<option value=\"\(unit.number)\">\(name) (\(topic.topic.questionCount(of: unit)))</option>"
    }
    let allSets: HTML? = units.count > 1 ? "<option value=\"\">\(say(.everySetInTurn))</option>" : nil
    let classOptions = classes.map { name -> HTML in "<option value=\"\(name)\">\(name)</option>" }
    let day = DateFormatter()
    day.locale = Locale(identifier: "en_US_POSIX")
    day.dateFormat = "yyyy-MM-dd"
    return """
      <form class="card" id="assign-form" method="post" action="\(SitePath.assignments)">
      <h2>\(say(.assignHeading))</h2>
      <input type="hidden" name="topic" value="\(topic.name)"><input type="hidden" name="csrf" value="\(csrf)">
      <div class="row"><label for="assign-date">\(say(.dueDateLabel))</label>
      <input id="assign-date" name="date" type="date" value="\(day.string(from: tomorrow))" required>
      <input id="assign-time" name="time" type="time" value="18:00" required aria-label="\(text(.dueTimeLabel))"></div>
      <div class="row"><label for="assign-class">\(say(.classLabel))</label><select id="assign-class" name="class">\
      <option value="">\(say(.anyoneWithTheLink))</option>\(classOptions)</select></div>
      <div class="row"><label for="assign-set">\(say(.liveSetLabel))</label><select id="assign-set" name="set">\(allSets)\(sets)</select></div>
      <div class="row"><label for="assign-attempts">\(say(.attemptsLabel))</label>
      <input id="assign-attempts" name="attempts" type="number" min="1" max="10" value="1"></div>
      <div class="row"><label for="assign-scoring">\(say(.liveScoringLabel))</label><select id="assign-scoring" name="scoring">
      <option value="accuracy">\(say(.liveScoringAccuracy))</option><option value="app">\(say(.liveScoringApp))</option></select></div>
      <p class="muted">\(say(.assignNote))</p>
      <button type="submit">\(say(.assignButton))</button>
      </form>
      """
  }

  /// A row of the list of assignments.
  struct AssignmentItem {
    var assignment: Assignment
    var students: Int
    var done: Int
    var isOpen: Bool
  }

  /// `/assignments`: every assignment, newest first.
  func assignmentList(_ items: [AssignmentItem]) -> HTML {
    let rows = items.map { item -> HTML in
      let assignment = item.assignment
      return """
        <tr><th scope="row"><a href="\(SitePath.assignmentPage(assignment.code))">\(assignment.title)</a></th>
        <td>\(assignment.className ?? text(.anyoneWithTheLink))</td><td>\(dateTime(assignment.due.date))</td>
        <td>\(say(item.isOpen ? .statusOpen : .statusClosed))</td>
        <td>\(say(.doneOfJoined, ["done": .number(item.done), "count": .number(item.students)]))</td>
        <td><code>\(assignment.code)</code></td></tr>

        """
    }
    let body: HTML =
      items.isEmpty
      ? "<p id=\"no-assignments\">\(say(.noAssignments, markup: ["command": "<code>qrquiz assign</code>"]))</p>"
      : """
      <div class="table-scroll" role="region" aria-labelledby="assignments-heading" tabindex="0">
      <table class="results" id="assignments"><thead><tr><th scope="col">\(say(.topicColumn))</th><th scope="col">\(say(.classLabel))</th>\
      <th scope="col">\(say(.dueColumn))</th><th scope="col">\(say(.statusColumn))</th><th scope="col">\(say(.studentsColumn))</th>\
      <th scope="col">\(say(.codeColumn))</th></tr></thead>
      <tbody>
      \(rows)</tbody></table></div>
      """
    return page(
      title: text(.homeworkTitle),
      """
      <h1 id="assignments-heading">\(say(.homeworkTitle))</h1>
      \(body)
      """)
  }

  /// `/assignments/CODE`: the assignment's join code, its students and its questions.
  func assignmentPage(
    _ results: AssignmentResults, joinURL: String, reachable: Bool, isOpen: Bool, csrf: String
  ) -> HTML {
    let assignment = results.work.assignment
    let code = assignment.code
    let unreachable: HTML? =
      reachable
      ? nil
      : "<p class=\"notice\" id=\"unreachable\">\(say(.unreachableAddress, markup: ["option": "<code>--host 0.0.0.0</code>"]))</p>"
    let who: HTML = assignment.className.map { say(.forClass, ["class": .text($0)]) } ?? say(.anyoneWithTheLink)
    let summary = say(
      .assignmentSummary,
      [
        "questions": .number(assignment.questions.count), "attempts": .number(assignment.attempts),
        "date": .text(dateTime(results.work.due.date)),
      ])
    return page(
      title: assignment.title,
      """
      <h1>\(assignment.title)</h1>
      <p class="muted" id="assignment-summary">\(who) · \(summary) · \(say(isOpen ? .statusOpen : .statusClosed))</p>
      \(unreachable)
      <section class="card join-card" aria-labelledby="join-heading">
      <h2 id="join-heading">\(say(.studentsJoinAt))</h2>
      <div class="join-panel">
      <img src="\(SitePath.assignmentQR(code, .svg))" alt="\(text(.joinCodeAlt, ["address": .text(joinURL)]))" width="240" height="240">
      <div><p class="join-code" aria-label="\(text(.codeColumn)) \(code)">\(code)</p>
      <p><a id="join-url" href="\(SitePath.assignment(code))">\(joinURL)</a></p>
      <p class="row"><a class="button secondary" href="\(SitePath.assignmentPresent(code))">\(say(.showOnProjector))</a>
      <button type="button" class="secondary" data-action="print">\(say(.printButton))</button></p></div>
      </div>
      </section>
      \(studentsTable(results))
      \(dueSection(results, csrf: csrf))
      \(questionsSection(results))
      <p class="files" id="downloads">\(say(.downloadResults)) <a href="\(SitePath.assignmentResults(code, "csv"))" download>CSV</a> · \
      <a href="\(SitePath.assignmentResults(code, "json"))" download>JSON</a></p>
      """)
  }

  private func studentsTable(_ results: AssignmentResults) -> HTML {
    let assignment = results.work.assignment
    let rows = results.rows
    guard !rows.isEmpty else {
      return """
        <h2 id="students-heading">\(say(.studentsHeading))</h2>
        <p id="no-students">\(say(.noStudentsYet))</p>
        """
    }
    let items = rows.map { row -> HTML in
      let note = accommodationNote(results.roster?.student(.name(row.name))?.accommodations)
      guard let student = row.student else {
        return """
          <tr class="not-started"><th scope="row">\(row.name)\(note)</th><td>\(say(row.missed ? .cellMissed : .statusNotStarted))</td>\
          <td></td><td></td><td></td><td></td></tr>

          """
      }
      let best = student.best
      let status: HomeworkPhrase = row.isDone(questions: assignment.questions.count) ? .statusDone : .statusNotFinished
      return """
        <tr><th scope="row">\(row.name)\(note)</th><td>\(say(status))</td><td>\(best.score)</td>\
        <td>\(say(.rightOf, ["correct": .number(best.correct), "count": .number(assignment.questions.count)]))</td>\
        <td>\(duration(best.seconds))</td><td>\(student.attempts.count)</td></tr>

        """
    }
    let done = rows.count { $0.isDone(questions: assignment.questions.count) }
    return """
      <h2 id="students-heading">\(say(.studentsHeading))</h2>
      <p class="muted" id="students-summary">\(say(.doneOfJoined, ["done": .number(done), "count": .number(rows.count)]))</p>
      <div class="table-scroll" role="region" aria-labelledby="students-heading" tabindex="0">
      <table class="results" id="students"><thead><tr><th scope="col">\(say(.studentColumn))</th><th scope="col">\(say(.statusColumn))</th>\
      <th scope="col">\(say(.scoreColumn))</th><th scope="col">\(say(.rightColumn))</th><th scope="col">\(say(.timeColumn))</th>\
      <th scope="col">\(say(.attemptsColumn))</th></tr></thead>
      <tbody>
      \(items)</tbody></table></div>
      """
  }

  /// The due times moved so far, and the form that moves one: for a student (the roster's,
  /// or those who joined) or everyone, to a later date and time.
  private func dueSection(_ results: AssignmentResults, csrf: String) -> HTML {
    let assignment = results.work.assignment
    let notes = dueNotes(results.work.dueChanges).map { note -> HTML in "<li>\(note)</li>" }
    let list: HTML? = notes.isEmpty ? nil : "<ul id=\"due-changes\">\(HTML.joined(notes, separator: "\n"))</ul>"
    let names = results.rows.map { row -> HTML in "<option value=\"\(row.name)\">\(row.name)</option>" }
    let day = DateFormatter()
    day.locale = Locale(identifier: "en_US_POSIX")
    day.dateFormat = "yyyy-MM-dd"
    let time = DateFormatter()
    time.locale = Locale(identifier: "en_US_POSIX")
    time.dateFormat = "HH:mm"
    // Offered: a day after everyone's due time, or after now when that is past.
    let offered = max(results.work.due.date, Date()).addingTimeInterval(86400)
    return """
      <section class="card" id="due" aria-labelledby="due-heading">
      <h2 id="due-heading">\(say(.dueChangesHeading))</h2>
      \(list)
      <form id="due-form" method="post" action="\(SitePath.assignmentDue(assignment.code))">
      <input type="hidden" name="csrf" value="\(csrf)">
      <div class="row"><label for="due-student">\(say(.moveDueForLabel))</label><select id="due-student" name="student">\
      <option value="">\(say(.moveDueEveryone))</option>\(names)</select></div>
      <div class="row"><label for="due-date">\(say(.dueDateLabel))</label>
      <input id="due-date" name="date" type="date" value="\(day.string(from: offered))" required>
      <input id="due-time" name="time" type="time" value="\(time.string(from: offered))" required aria-label="\(text(.dueTimeLabel))"></div>
      <p class="muted">\(say(.moveDueNote))</p>
      <button type="submit">\(say(.moveDueButton))</button>
      </form>
      </section>
      """
  }

  /// Each due time moved, in a line: "Reopened for everyone until …", "Ana may answer
  /// until …" (the gradebook's notes say the same).
  func dueNotes(_ changes: [AssignmentWork.DueChange]) -> [HTML] {
    changes.map { change in
      let date = MessageArgument.text(dateTime(change.until.date))
      guard let name = change.studentName else { return say(.dueReopened, ["date": date]) }
      return say(.dueExtended, ["name": .text(name), "date": date])
    }
  }

  /// A student's accommodations beside their name (the teacher's pages only).
  func accommodationNote(_ accommodations: ClassRoster.Accommodations?) -> HTML? {
    guard let accommodations, !accommodations.isNone else { return nil }
    var parts: [String] = []
    if let factor = accommodations.timeFactorText { parts.append(text(.extraTime, ["factor": .text(factor)])) }
    if accommodations.noSpeedScoring { parts.append(text(.noSpeedScoring)) }
    return " <span class=\"accommodation\">\(parts.joined(separator: " · "))</span>"
  }

  /// "4 min 05 s", "42 s".
  func duration(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded())
    if whole < 60 { return text(.durationSeconds, ["seconds": .number(whole)]) }
    let rest = whole % 60
    return rest == 0
      ? text(.durationMinutes, ["minutes": .number(whole / 60)])
      : text(.durationMinutesSeconds, ["minutes": .number(whole / 60), "seconds": .number(rest)])
  }

  private func questionsSection(_ results: AssignmentResults) -> HTML {
    let items = results.questions.map { summary -> HTML in
      let question = summary.question.question
      let share: HTML =
        summary.reached == 0
        ? say(.nobodyYet)
        : say(
          .shareRight,
          [
            "percent": .number(Int((summary.share * 100).rounded())), "right": .number(summary.right),
            "count": .number(summary.reached),
          ])
      let answers = question.answers.enumerated().map { index, answer -> HTML in
        let right = question.correct.contains(index)
        let picked = summary.picks.indices.contains(index) ? summary.picks[index] : 0
        let mark: HTML? = right ? " <span class=\"right-mark\">✓ \(say(.liveCorrectMark))</span>" : nil
        return """
          <li\(right ? " class=\"right\"" as HTML : nil)><span class="answer-text">\(answer)</span>\(mark) \
          <span class="picks">\(say(.pickedBy, ["count": .number(picked)]))</span></li>
          """
      }
      let ranOut: HTML? =
        summary.unanswered > 0
        ? "<li class=\"muted\">\(say(.ranOutCount, ["count": .number(summary.unanswered)]))</li>" : nil
      return """
        <li><p class="question-text"><span class="muted">\(say(.questionNumber, ["number": .number(summary.index + 1)]))</span> \(question.text)</p>
        <p class="share">\(share)</p>
        <ul class="distribution">\(HTML.joined(answers, separator: "\n"))\(ranOut)</ul></li>

        """
    }
    return """
      <h2 id="questions-heading">\(say(.questionsHardestFirst))</h2>
      <ol class="question-results" id="question-results" aria-labelledby="questions-heading">
      \(items)</ol>
      """
  }

  /// `/assignments/CODE/present`: the join QR code and the code, as large as the screen allows.
  func assignmentPresent(_ assignment: Assignment, joinURL: String, codeURL: String) -> HTML {
    page(
      title: assignment.title, pageClass: "present homework-present", header: false,
      """
      <h1>\(assignment.title)</h1>
      <img src="\(SitePath.assignmentQR(assignment.code, .svg))" alt="\(text(.joinCodeAlt, ["address": .text(joinURL)]))" width="330" height="330">
      <p class="join-code">\(assignment.code)</p>
      <p>\(say(.openOrScan, ["address": .text(joinURL)]))</p>
      <p>\(say(.orTypeCode, ["address": .text(codeURL)]))</p>
      <p>\(dueLine(assignment))</p>
      """)
  }
}
