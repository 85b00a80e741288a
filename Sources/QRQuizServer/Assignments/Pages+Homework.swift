import Foundation
import QRQuiz
import QRQuizClassroom
import QRQuizHTTP

/// The student's page of an assignment (`/a/CODE`), on a phone or a school computer: a
/// shell of sections the script (`/static/homework.js`) shows one at a time through the
/// assignments' API, in the web player's look (its question card, answer buttons with
/// their digits, its countdown). Every text of the topic goes in as text, never markup.
extension Pages {
  /// The student a student's own link opens the page as (`/s/SECRET/a/CODE`): their name,
  /// and the secret they started with (`nil`: not started yet).
  struct HomeworkStudent {
    var name: String
    var secret: String?
  }

  /// `/a/CODE`.
  func homework(_ assignment: Assignment, open: Bool, student: HomeworkStudent? = nil) -> HTML {
    let handedOver: HTML? = student.map { student -> HTML in
      let secret: HTML? = student.secret.map { " data-secret=\"\($0)\"" }
      return " data-name=\"\(student.name)\"\(secret)"
    }
    let nameLabel: HTML =
      assignment.className.map { say(.nameOnRosterLabel, ["class": .text($0)]) } ?? say(HomeworkPhrase.studentNameLabel)
    let closed: HTML? =
      open ? nil : "<p class=\"notice\" id=\"closed-notice\">\(say(.pastDueNotice))</p>"
    return page(
      title: assignment.title, pageClass: "homework", header: false, scripts: ["homework.js"],
      """
      <div id="homework" data-code="\(assignment.code)" data-api="\(SitePath.assignmentAPI(assignment.code))" \
      data-open="\(open ? "true" : "false")" data-mandatory="\(assignment.mandatory ? "true" : "false")"\(handedOver) \
      \(words(Self.homeworkWords)) \(words(Self.homeworkPageWords))>
      <p class="live-title"><strong>\(assignment.title)</strong> <span class="muted">\(dueLine(assignment))</span></p>
      <p id="who" class="who" hidden><span id="who-name"></span> <button type="button" id="not-you" class="secondary small">\(say(.liveNotYou))</button></p>
      <noscript><p class="notice">\(say(.needsScript))</p></noscript>
      \(closed)
      <section id="join" class="card" aria-labelledby="join-heading" hidden>
      <h1 id="join-heading">\(say(.joinHeading))</h1>
      <form id="join-form">
      <label for="name">\(nameLabel)</label>
      <div class="row"><input id="name" name="name" type="text" maxlength="40" autocomplete="name" autocapitalize="words" required aria-describedby="join-error">
      <button type="submit">\(say(.startButton))</button></div>
      <p id="join-error" class="problems" role="alert" hidden></p>
      </form>
      </section>
      <section id="start" class="card" aria-labelledby="start-heading" hidden>
      <h1 id="start-heading" data-field="heading" tabindex="-1"></h1>
      <p data-field="ran-out" class="notice" hidden>\(say(.timeRanOut))</p>
      <p data-field="timer"></p>
      <p><button id="start-button" type="button">\(say(.startButton))</button></p>
      </section>
      <section id="question" class="card question" aria-labelledby="question-text" hidden>
      <div class="status"><span data-field="progress"></span><span data-field="countdown" role="timer" hidden></span><span data-field="score"></span></div>
      <p class="visually-hidden" data-field="announce" aria-live="polite"></p>
      <p data-field="ran-out" class="notice" hidden>\(say(.timeRanOut))</p>
      <h1 id="question-text" data-field="text" tabindex="-1"></h1>
      <img data-field="image" alt="" hidden>
      <p class="muted" data-field="multiple" hidden></p>
      <div class="answers" id="answers" role="group" aria-labelledby="question-text"></div>
      <p><button id="send" type="button" hidden>\(say(.liveSend))</button></p>
      <p class="problems" data-field="answer-error" role="alert" hidden></p>
      </section>
      <section id="verdict" class="card" aria-labelledby="verdict-text" hidden>
      <h1 id="verdict-text" class="verdict" data-field="verdict" tabindex="-1"></h1>
      <p class="muted" data-field="question"></p>
      <p data-field="picked"></p>
      <p data-field="correct"></p>
      <p class="explanation" data-field="explanation" hidden></p>
      <p data-field="score"></p>
      <p><button id="next" type="button"></button></p>
      </section>
      <section id="result" class="card" aria-labelledby="result-heading" hidden>
      <h1 id="result-heading" tabindex="-1">\(say(.resultHeading))</h1>
      <p data-field="ran-out" class="notice" hidden>\(say(.timeRanOut))</p>
      <p class="score" data-field="score"></p>
      <p data-field="right"></p>
      <p data-field="state"></p>
      <p><button id="retry" type="button" hidden>\(say(.tryAgain))</button></p>
      </section>
      <section id="gone" class="card" aria-labelledby="gone-heading" hidden>
      <h1 id="gone-heading" data-field="gone" tabindex="-1"></h1>
      </section>
      <p id="connection" class="muted" role="status" aria-live="polite"></p>
      </div>
      """)
  }

  /// `/a`: the code form (and a wrong code's page).
  func codeEntry(problem: Bool, tooManyTries: Bool = false) -> HTML {
    let shown: HTML? =
      tooManyTries
      ? "<p class=\"problems\" role=\"alert\">\(say(PagePhrase.liveTooManyTries))</p>"
      : problem ? "<p class=\"problems\" role=\"alert\">\(say(.noSuchAssignment))</p>" : nil
    return page(
      title: text(.joinHeading), pageClass: "homework", header: false,
      """
      <section class="card" aria-labelledby="code-heading">
      <h1 id="code-heading">\(say(.joinHeading))</h1>
      \(shown)
      <form method="get" action="\(SitePath.assignmentCodeEntry)">
      <label for="code">\(say(.codeLabel))</label>
      <div class="row"><input id="code" name="code" type="text" maxlength="12" autocomplete="off" autocapitalize="characters" spellcheck="false" required>
      <button type="submit">\(say(.startButton))</button></div>
      </form>
      </section>
      """)
  }

  /// "Due Tuesday 8 December at 18:00", in the page's language and the server's time zone.
  func dueLine(_ assignment: Assignment) -> HTML {
    say(.dueAt, ["date": .text(dateTime(assignment.due.date))])
  }

  /// A date and time as the page's language writes them, in the server's time zone (the
  /// classroom's): "Tuesday 8 December at 18:00", "martes, 8 de diciembre, 18:00".
  func dateTime(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: language == .spanish ? "es_ES" : "en_GB")
    formatter.setLocalizedDateFormatFromTemplate("EEEEdMMMMHHmm")
    return formatter.string(from: date)
  }

  /// The words of the homework page's script, from the live pages' catalogue.
  static let homeworkPageWords: [PagePhrase] = [
    .liveQuestionOf, .liveRight, .liveWrong, .liveNoAnswer, .liveRequestFailed, .liveNetworkError, .liveTooManyTries,
    .livePickSeveral, .livePickSome, .liveRightAnswerWas, .liveYouPicked, .secondsLeftAnnouncement, .scoreLabel,
    .nextQuestion, .seeResult, .liveYouAre,
  ]

  /// The homework page's own words.
  static let homeworkWords: [HomeworkPhrase] = [
    .nameNotOnRoster, .nameTaken, .nameRefused, .badName, .full, .pastDue, .closedHeading, .noSuchAssignment,
    .setHeading, .setTimer,
    .questionTimer, .setAndQuestionTimer, .durationMinutesSeconds, .durationMinutes, .durationSeconds, .scoredPoints,
    .rightOf, .attemptOf,
    .closedResult, .doneResult, .attemptsLeft,
  ]
}
