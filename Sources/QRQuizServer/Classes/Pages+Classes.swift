import Foundation
import QRQuiz
import QRQuizClassroom
import QRQuizHTTP

/// The classes' pages: the teacher's list of classes, a class's gradebook (every live game
/// and assignment it took, per student, in one table), and a student's own page of results
/// (theirs alone, by their secret link).
extension Pages {
  /// `/classes`: every class with its students and its gradebook's link.
  func classList(_ rosters: [ClassRoster], problem: String?) -> HTML {
    let items = rosters.map { roster -> HTML in
      """
      <li><a class="name" href="\(SitePath.classPage(roster.name.text))">\(roster.name.text)</a>
      <div class="muted">\(say(.studentCount, ["count": .number(roster.students.count)]))</div></li>

      """
    }
    let shown: HTML? = problem.map { "<p class=\"problems\" role=\"alert\">\($0)</p>" }
    let empty: HTML? =
      rosters.isEmpty && problem == nil
      ? "<p id=\"no-classes\">\(say(.noClasses, markup: ["command": "<code>qrquiz class new 7B --students 7B.csv</code>"]))</p>"
      : nil
    return page(
      title: text(.classesTitle),
      """
      <h1>\(say(.classesTitle))</h1>
      \(shown)\(empty)
      <ul class="topics" id="classes">
      \(items)</ul>
      """)
  }

  /// `/classes/NAME`: the gradebook; the students' own pages' links below it.
  func gradebookPage(
    _ book: Gradebook, memory: ClassMemory, merges: [GradebookMergeChoice] = [], publicURL: String, csrf: String
  ) -> HTML {
    let name = book.roster.name.text
    let live = book.activities.count { $0.kind == .live }
    let headers = book.activities.enumerated().map { index, activity -> HTML in
      let kind: HomeworkPhrase = activity.kind == .live ? .kindLive : .kindHomework
      let link: HTML =
        activity.kind == .assignment
        ? "<a href=\"\(SitePath.assignmentPage(activity.id))\">\(activity.title)</a>" : "\(activity.title)"
      // A trial game, or another class's: the teacher leaves it out, after a confirmation.
      let leaveOut: HTML? =
        activity.kind == .live
        ? "<br><a href=\"\(SitePath.leaveOut(name, activity.id))\">\(say(.leaveOutLink))</a>" : nil
      return """
        <th scope="col"><span class="muted">\(index + 1) · \(say(kind))</span><br>\(link)<br>\
        <span class="muted">\(dateTime(activity.date))</span>\(leaveOut)</th>
        """
    }
    let rows = book.rows.map { row -> HTML in
      let cells = zip(row.cells, book.activities).map { cell, activity -> HTML in
        "<td class=\"\(cell.status.rawValue)\">\(cellText(cell, activity))</td>"
      }
      return """
        <tr><th scope="row">\(row.student.name.text)\(accommodationNote(row.student.accommodations))</th>\
        <td>\(row.percent.map { percent($0) } ?? "")</td>\(HTML.joined(cells))</tr>

        """
    }
    let table: HTML =
      book.activities.isEmpty
      ? "<p id=\"no-activities\">\(say(.noActivities))</p>"
      : """
      <div class="table-scroll" role="region" aria-labelledby="gradebook-heading" tabindex="0">
      <table class="results gradebook" id="gradebook"><thead><tr><th scope="col">\(say(.studentColumn))</th>\
      <th scope="col">\(say(.overallColumn))</th>\(HTML.joined(headers))</tr></thead>
      <tbody>
      \(rows)</tbody></table></div>
      """
    return page(
      title: name,
      """
      <h1 id="gradebook-heading">\(say(.gradebookHeading, ["class": .text(name)]))</h1>
      <p class="muted">\(say(.studentCount, ["count": .number(book.roster.students.count)])) · \
      \(say(.activityCount, ["live": .number(live), "homework": .number(book.activities.count - live)]))</p>
      \(table)
      \(gradebookNotes(book))
      \(classMemory(memory, className: name, csrf: csrf))
      \(mergeForms(merges, className: name, csrf: csrf))
      <p class="files" id="downloads">\(say(.downloadGradebook)) <a href="\(SitePath.gradebook(name, "csv"))" download>CSV</a> · \
      <a href="\(SitePath.gradebook(name, "json"))" download>JSON</a></p>
      \(studentLinks(book.roster, publicURL: publicURL, csrf: csrf))
      """)
  }

  /// A form per guest (or second player of one student) of the class's live games: "Merge
  /// into…" the student they are, so the game counts one student (`POST /classes/NAME/merge`).
  private func mergeForms(_ choices: [GradebookMergeChoice], className: String, csrf: String) -> HTML? {
    guard !choices.isEmpty else { return nil }
    let items = choices.enumerated().map { number, choice -> HTML in
      let options = HTML.joined(choice.into.map { name -> HTML in "<option value=\"\(name)\">\(name)</option>" })
      return """
        <li><form method="post" action="\(SitePath.classMerge(className))" class="row">\
        <input type="hidden" name="csrf" value="\(csrf)"><input type="hidden" name="game" value="\(choice.game)">\
        <input type="hidden" name="from" value="\(choice.from)">
        <label for="merge-into-\(number)">\(say(.mergeIntoLabel, ["name": .text(choice.from), "game": .text(choice.title)]))</label>
        <select id="merge-into-\(number)" name="into">\(options)</select>
        <button type="submit" class="secondary">\(say(.mergeButton))</button></form></li>
        """
    }
    return """
      <section class="card" id="merges" aria-labelledby="merges-heading">
      <h2 id="merges-heading">\(say(.mergesHeading))</h2>
      <p class="muted">\(say(.mergesNote))</p>
      <ul class="merges">
      \(HTML.joined(items, separator: "\n"))</ul>
      </section>
      """
  }

  /// The gradebook's notes: each assignment's due times moved, by the activity's number.
  private func gradebookNotes(_ book: Gradebook) -> HTML? {
    let items = book.activities.enumerated().flatMap { index, activity in
      dueNotes(activity.dueChanges).map { note -> HTML in
        "<li><span class=\"muted\">\(index + 1) · \(activity.title):</span> \(note)</li>"
      }
    }
    guard !items.isEmpty else { return nil }
    return """
      <h2 id="gradebook-notes-heading">\(say(.gradebookNotes))</h2>
      <ul id="gradebook-notes" aria-labelledby="gradebook-notes-heading">\(HTML.joined(items, separator: "\n"))</ul>
      """
  }

  /// A cell of the gradebook: "3,000 · 3/4", "missed", "not yet"; a card's or a partial
  /// answer said after the numbers.
  private func cellText(_ cell: Gradebook.Cell, _ activity: Gradebook.Activity) -> HTML {
    switch cell.status {
    case .missed: return say(.cellMissed)
    case .pending: return say(.cellNotYet)
    case .done, .partial:
      let numbers = say(
        .cellScore,
        [
          "score": .number(cell.score ?? 0), "correct": .number(cell.correct ?? 0),
          "count": .number(activity.questions),
        ])
      let card: HTML? = cell.device == .card ? " <span class=\"muted\">\(say(.deviceCard))</span>" : nil
      let partial: HTML? = cell.status == .partial ? " <span class=\"muted\">\(say(.cellPartial))</span>" : nil
      return "\(numbers)\(card)\(partial)"
    }
  }

  /// A cell of a student's own page, in words: "3,000 points · 3 of 3 right".
  private func ownCellText(_ cell: Gradebook.Cell, _ activity: Gradebook.Activity) -> HTML {
    guard cell.status == .done || cell.status == .partial else { return cellText(cell, activity) }
    let points = say(.scoredPoints, ["count": .number(cell.score ?? 0)])
    let right = say(.rightOf, ["correct": .number(cell.correct ?? 0), "count": .number(activity.questions)])
    return "\(points) · \(right)"
  }

  /// "78%": `Gradebook.Row.percent`, rounded as the CSV's share is.
  func percent(_ percent: Int) -> String { text(.percentRight, ["percent": .number(percent)]) }

  /// Each student's own page's address, to hand out, and the button that makes those missing.
  private func studentLinks(_ roster: ClassRoster, publicURL: String, csrf: String) -> HTML {
    let missing = roster.students.count { $0.resultsSecret == nil }
    let items = roster.students.compactMap { student -> HTML? in
      guard let secret = student.resultsSecret else { return nil }
      let address = publicURL + SitePath.studentResults(secret).value
      return
        "<li><span class=\"name\">\(student.name.text)</span> <a href=\"\(SitePath.studentResults(secret))\">\(address)</a></li>\n"
    }
    let make: HTML? =
      missing == 0
      ? nil
      : """
      <form method="post" action="\(SitePath.classLinks(roster.name.text))"><input type="hidden" name="csrf" value="\(csrf)">
      <p class="muted">\(say(.linksMissing, ["count": .number(missing)]))</p>
      <button type="submit" class="secondary">\(say(.makeLinks))</button></form>
      """
    return """
      <section class="card" id="student-links" aria-labelledby="links-heading">
      <h2 id="links-heading">\(say(.studentLinksHeading))</h2>
      <p class="muted">\(say(.studentLinksNote))</p>
      <ul class="student-links">
      \(items)</ul>
      \(make)
      </section>
      """
  }

  /// `/s/SECRET`: a student's own results, in their class's gradebook: theirs alone.
  /// An open homework's link opens it as the student (`ownLink`: their page's secret), no
  /// name to type. `review`: the student's secret and the cards they have to study now,
  /// for the link to their Review.
  func studentResults(
    _ row: Gradebook.Row, in book: Gradebook, ownLink: String, review: (secret: String, due: Int)? = nil
  ) -> HTML {
    let items = zip(row.cells, book.activities).reversed().map { cell, activity -> HTML in
      let kind: HomeworkPhrase = activity.kind == .live ? .kindLive : .kindHomework
      let join: HTML? =
        activity.kind == .assignment && activity.isOpen
        ? " <a href=\"\(SitePath.ownHomework(ownLink, activity.id))\">\(say(.openHomework))</a>" : nil
      return """
        <li><p><strong>\(activity.title)</strong> <span class="muted">\(say(kind)) · \(dateTime(activity.date))</span></p>
        <p class="\(cell.status.rawValue)">\(ownCellText(cell, activity))\(join)</p></li>

        """
    }
    let overall: HTML? = row.percent.map {
      "<p class=\"muted\" id=\"overall-label\">\(say(.overallColumn))</p><p class=\"score\" aria-describedby=\"overall-label\">\(percent($0))</p>"
    }
    let empty: HTML? = items.isEmpty ? "<p>\(say(.noActivities))</p>" : nil
    return page(
      title: text(.yourResults),
      """
      <h1>\(say(.yourResultsHeading, ["name": .text(row.student.name.text), "class": .text(book.roster.name.text)]))</h1>
      \(review.map { reviewLink(secret: $0.secret, due: $0.due) })
      \(overall)
      \(empty)
      <ul class="my-results" id="my-results">
      \(items)</ul>
      """)
  }
}
