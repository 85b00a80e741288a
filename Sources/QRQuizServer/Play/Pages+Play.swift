import Foundation
import QRQuiz
import QRQuizHTTP

/// The pages of a play in the browser: choosing a set, each question, the result. Plain
/// forms that post one action each, so a play works without script; the script only
/// counts the time down on screen.
extension Pages {
  /// `/play/NAME`: the playable units (a set, or the sets of one list as one), each a
  /// link that starts a play.
  func setChoice(_ topic: ServedTopic) -> HTML {
    let items = topic.topic.playableUnits.map { unit -> HTML in
      let count = topic.topic.questionCount(of: unit)
      return """
        <li><a class="name" href="\(SitePath.playSet(topic.name, unit.number))">\(topic.topic.name(of: unit, in: language))</a>
        <div class="muted">\(say(.questions, ["count": .number(count)]))</div></li>

        """
    }
    return page(
      title: topic.title,
      """
      <h1>\(topic.title)</h1>
      <p class="muted">\(say(.pickASet))</p>
      <ul class="topics" id="sets">
      \(items)</ul>
      """)
  }

  /// `/game/ID` while the set runs: the question, its answers as buttons, help, time.
  func question(_ play: BrowserPlays.Play, id: String, imageSource: SitePath?, now: QuizClock.Instant) -> HTML {
    let session = play.session
    guard let question = session.currentQuestion else { return result(play, id: id) }
    let answers: HTML
    if question.numericAnswer != nil {
      answers = """
        <div class="row"><input type="number" step="any" name="number" aria-label="\(text(.yourAnswer))" required>
        <button type="submit" name="action" value="number">\(say(.answerButton))</button></div>
        """
    } else {
      answers = HTML.joined(
        question.answers.enumerated().map { index, answer -> HTML in
          let picked = session.picks.contains(index)
          let hidden = session.hidden.contains(index)
          var kind: HTML? = nil
          if picked, session.options.showCorrectIncorrectAnswer {
            kind = question.correctAnswers.contains(index) ? " class=\"picked-right\"" : " class=\"picked-wrong\""
          }
          let label: HTML = hidden ? "<s>\(answer)</s>" : "\(answer)"
          return """
            <button type="submit" name="answer" value="\(index)"\(kind)\(picked || hidden ? " disabled" : "")>\
            <span class="key" aria-hidden="true">\(index + 1)</span> \(label)</button>

            """
        })
    }
    let needed: HTML? =
      session.picksNeeded > 1
      ? "<p class=\"muted\">\(say(.picksLeft, ["count": .number(session.picksNeeded)]))</p>" : nil
    let help: HTML? =
      session.isHelpOffered
      ? """
      <button class="secondary" type="submit" name="action" value="help">\
      \(say(.helpButton, ["points": .number(QuizRules.pointsForHelp)]))</button>
      """ : nil
    // The sooner of the set's time and the question's own: the page reloads at zero and
    // the server says what ran out.
    let clock = countdown(session.timeToAnswer(at: now))
    let image: HTML? = imageSource.map { "<img src=\"\($0)\" alt=\"\">" }
    let progress = say(
      .questionProgress, ["number": .number(session.position + 1), "count": .number(session.questions.count)])
    return page(
      title: session.title,
      """
      <div class="card question">
      <div class="status"><span id="progress">\(progress)</span>\(clock)<span>\(say(.scoreLabel, ["score": .number(session.score)]))</span></div>
      \(message(play))
      <h1 id="question">\(question.text)</h1>
      \(image)
      <form method="post" action="\(SitePath.game(id))">
      <div class="answers" id="answers">
      \(answers)</div>
      \(needed)\(help)
      </form>
      </div>
      """)
  }

  /// `/game/ID` just after a question was answered: that question, its picks marked, the
  /// verdict, and a button to go on. The verdict is read beside its question.
  func answered(_ answered: QuizSession.Answered, play: BrowserPlays.Play, id: String, now: QuizClock.Instant) -> HTML {
    let session = play.session
    let question = answered.question
    let verdicts = session.options.showCorrectIncorrectAnswer
    let answers: HTML
    if question.numericAnswer != nil {
      let typed = answered.typedNumber.map { JSONValue.number($0).compactText } ?? ""
      answers = "<p class=\"typed\">\(say(.yourAnswerWas, ["answer": .text(typed)]))</p>"
    } else {
      answers = HTML.joined(
        question.answers.enumerated().map { index, text -> HTML in
          let picked = answered.picks.contains(index)
          let right = question.correctAnswers.contains(index)
          var kind = ""
          if picked { kind = verdicts ? (right ? "picked-right" : "picked-wrong") : "picked" }
          let mark: HTML? =
            picked && verdicts
            ? (right ? " <span aria-hidden=\"true\">✓</span>" : " <span aria-hidden=\"true\">✗</span>") : nil
          return "<li class=\"\(kind)\">\(text)\(mark)</li>\n"
        })
    }
    // The set's time runs on while the verdict is read; the next question's own time starts
    // when it is shown.
    let clock = countdown(session.remainingTime(at: now))
    let verdict: HTML? =
      answered.timeRanOut
      ? "<p class=\"verdict wrong\" id=\"verdict\">\(QuizPhrase.questionTimeRanOut.text(in: language))</p>"
      : message(play)
    let explanation: HTML? = question.explanation.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
      .flatMap { text in
        text.isEmpty ? nil : "<p class=\"explanation\" id=\"explanation\"><b>\(say(.explanationLabel))</b> \(text)</p>"
      }
    let progress = say(
      .questionProgress, ["number": .number(session.position), "count": .number(session.questions.count)])
    return page(
      title: session.title,
      """
      <div class="card question" id="answered">
      <div class="status"><span id="progress">\(progress)</span>\(clock)<span>\(say(.scoreLabel, ["score": .number(session.score)]))</span></div>
      <h1 id="question">\(question.text)</h1>
      <ul class="answered" id="answers">
      \(answers)</ul>
      \(verdict)
      \(explanation)
      <form method="post" action="\(SitePath.game(id))">
      <button type="submit" name="action" value="next" id="next" autofocus>\(say(session.isOver ? .seeResult : .nextQuestion))</button>
      </form>
      </div>
      """)
  }

  /// `/game/ID` once the set is over: the score, right answers, and a repeat if allowed.
  func result(_ play: BrowserPlays.Play, id: String) -> HTML {
    let session = play.session
    guard let result = session.result else { return .empty }
    // No share per set: a play is one set, or one list whose runs (split only for the
    // app's one answer count per set) are no categories to the student.
    let again: HTML? =
      session.canRepeat
      ? """
      <form method="post" action="\(SitePath.game(id))"><button type="submit" name="action" value="repeat">\
      \(say(.playAgain))</button></form>
      """ : nil
    let counts: [String: MessageArgument] = [
      "correct": .number(result.correct), "wrong": .number(result.wrong), "help": .number(result.helpUses),
    ]
    let right = say(.questionsRight, ["right": .number(result.questionsRight), "count": .number(result.questionCount)])
    let ended: HTML = result.timeRanOut ? "\(say(.timeRanOut)) \(say(.setFinished))" : say(.setFinished)
    return page(
      title: session.title,
      """
      <div class="card" id="result">
      \(message(play))
      <h1>\(session.title)</h1>
      <p>\(ended)</p>
      <p class="score" id="score">\(say(.points, ["count": .number(result.score)]))</p>
      <p id="right">\(right) · \(say(.pickCounts, counts))</p>
      \(again)
      <p>\(play.isTopicsOnlyChoice ? nil : "<a href=\"\(SitePath.play(play.topicName))\">\(say(.otherSets))</a> · " as HTML)\
      <a href="/">\(say(.allTopics))</a></p>
      </div>
      \(review(result))
      """)
  }

  /// The questions answered wrong (or left when time ran out): each with the answer given
  /// and the right one, as `qrquiz play --review` lists them.
  private func review(_ result: QuizSession.Result) -> HTML {
    let incorrect = result.incorrect
    guard !incorrect.isEmpty else {
      return "<div class=\"card\" id=\"review\"><p>\(say(.everyQuestionRight))</p></div>"
    }
    func answers(_ indices: some Sequence<Int>, of question: QuizSession.Question) -> String {
      indices.map { "\($0 + 1). \(question.answers[$0])" }.joined(separator: ", ")
    }
    let items = incorrect.map { played -> HTML in
      let question = played.question
      let given =
        played.typedNumber.map { JSONValue.number($0).compactText }
        ?? (played.picks.isEmpty ? text(.noAnswer) : answers(played.picks, of: question))
      let right =
        question.numericAnswer.map { JSONValue.number($0.value).compactText }
        ?? answers(question.correctAnswers.sorted(), of: question)
      return """
        <li><p class="question-text">\(question.text)</p>
        <p class="wrong">\(say(.yourAnswerWas, ["answer": .text(given)]))</p>
        <p class="right">\(say(.correctAnswerWas, ["answer": .text(right)]))</p></li>

        """
    }
    return """
      <div class="card" id="review"><h2>\(say(.reviewTitle))</h2>
      <ol class="review">
      \(items)</ol></div>
      """
  }

  /// The countdown of a play's page from `seconds` left (none without a timer): the
  /// script counts it down and reloads the page at zero.
  private func countdown(_ seconds: Double?) -> HTML? {
    seconds.map { seconds in
      """
      <span>\(say(.timeLeft)) <b data-seconds-left="\(String(format: "%.1f", seconds))" \
      data-announce="\(PagePhrase.catalogue(language)[.secondsLeftAnnouncement] ?? "")">\(Int(seconds.rounded(.up))) s</b>\
      <span class="visually-hidden" id="time-announcement" aria-live="polite"></span></span>
      """
    }
  }

  func message(_ play: BrowserPlays.Play) -> HTML? {
    guard let message = play.message else { return nil }
    let kind: String
    let text: String
    switch message {
    case .verdict(let verdict, let picksLeft):
      kind = verdict.isRight.map { $0 ? "right" : "wrong" } ?? ""
      text =
        verdict.text(in: language)
        + (picksLeft > 0 ? " " + QuizPhrase.picksLeft.text(in: language, ["count": .number(picksLeft)]) : "")
    case .helpHid(let answer):
      kind = ""
      text = QuizPhrase.helpHidAnswer.text(
        in: language, ["answer": .number(answer + 1), "points": .number(QuizRules.pointsForHelp)])
    case .refused(let error):
      kind = "wrong"
      text = error.text(in: language)
    case .notANumber:
      kind = "wrong"
      text = QuizPhrase.refusedNotANumber.text(in: language)
    }
    return "<p class=\"verdict \(kind)\" id=\"verdict\">\(text)</p>"
  }
}
