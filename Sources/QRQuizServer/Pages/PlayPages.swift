import Foundation
import QRQuiz

/// The pages of a play in the browser: choosing a set, each question, the result. Plain
/// forms that post one action each, so a play works without script; the script only
/// counts the time down on screen.
extension Pages {
  /// `/play/NAME`: the sets, each a link that starts a play.
  static func setChoice(_ topic: ServedTopic) -> String {
    var items = ""
    for (index, size) in topic.setSizes.enumerated() {
      let name = topic.topic.topic.options?.setName(index) ?? "Set \(index + 1)"
      items += """
        <li><a class="name" href="/play/\(HTML.pathSegment(topic.name))/\(index + 1)">\(HTML.escape(name))</a>
        <div class="muted">\(Plural.count(size, "question"))</div></li>

        """
    }
    return HTML.page(
      title: topic.topic.name,
      body: """
        \(header())
        <main>
        <h1>\(HTML.escape(topic.topic.name))</h1>
        <p class="muted">Pick a set to play.</p>
        <ul class="topics" id="sets">
        \(items)</ul>
        </main>
        """)
  }

  /// `/game/ID` while the set runs: the question, its answers as buttons, help, time.
  static func question(_ play: PlayRoom.Play, id: String, imageSource: String?, now: Date) -> String {
    let session = play.session
    guard let question = session.currentQuestion else { return result(play, id: id) }
    let action = "/game/\(id)"
    var answers = ""
    if question.numericAnswer != nil {
      answers = """
        <div class="row"><input type="number" step="any" name="number" aria-label="Your answer" required>
        <button type="submit" name="action" value="number">Answer</button></div>
        """
    } else {
      for (index, text) in question.answers.enumerated() {
        let picked = session.picks.contains(index)
        let hidden = session.hidden.contains(index)
        var kind = ""
        if picked, session.options.showCorrectIncorrectAnswer {
          kind = question.correctAnswers.contains(index) ? " class=\"picked-right\"" : " class=\"picked-wrong\""
        }
        answers += """
          <button type="submit" name="answer" value="\(index)"\(kind)\(picked || hidden ? " disabled" : "")>\
          \(hidden ? "<s>" : "")\(HTML.escape(text))\(hidden ? "</s>" : "")</button>

          """
      }
    }
    let needed = session.picksNeeded > 1 ? "<p class=\"muted\">Pick \(session.picksNeeded) more.</p>" : ""
    let help =
      session.isHelpOffered
      ? "<button class=\"secondary\" type=\"submit\" name=\"action\" value=\"help\">Help (−5 points)</button>" : ""
    let clock = session.remainingTime(at: now).map {
      "<span>Time left: <b data-seconds-left=\"\(String(format: "%.1f", $0))\">\(Int($0.rounded(.up))) s</b></span>"
    }
    let image = imageSource.map { "<img src=\"\($0)\" alt=\"\">" } ?? ""
    return HTML.page(
      title: session.title,
      body: """
        \(header())
        <main>
        <div class="card question">
        <div class="status"><span id="progress">Question \(session.position + 1)/\(session.questions.count)</span>\
        \(clock ?? "")<span>Score \(session.score)</span></div>
        \(message(play))
        <h1 id="question">\(HTML.escape(question.text))</h1>
        \(image)
        <form method="post" action="\(action)">
        <div class="answers" id="answers">
        \(answers)</div>
        \(needed)\(help)
        </form>
        </div>
        </main>
        """)
  }

  /// `/game/ID` once the set is over: the score, right answers, and a repeat if allowed.
  static func result(_ play: PlayRoom.Play, id: String) -> String {
    let session = play.session
    guard let result = session.result else { return "" }
    var categories = ""
    if result.categories.count > 1 {
      categories = "<ul>"
      for category in result.categories {
        categories += "<li>\(HTML.escape(category.name)): \(category.right)/\(category.questions)</li>"
      }
      categories += "</ul>"
    }
    let again =
      session.canRepeat
      ? "<form method=\"post\" action=\"/game/\(id)\"><button type=\"submit\" name=\"action\" value=\"repeat\">Play the set again</button></form>"
      : ""
    return HTML.page(
      title: session.title,
      body: """
        \(header())
        <main>
        <div class="card" id="result">
        \(message(play))
        <h1>\(HTML.escape(session.title))</h1>
        <p>\(result.timeRanOut ? "Time ran out. " : "")Set finished.</p>
        <p class="score" id="score">\(result.score) points</p>
        <p id="right">\(result.questionsRight)/\(result.questionCount) questions right · \(result.correct) correct, \
        \(result.wrong) wrong, \(result.helpUses) help</p>
        \(categories)
        \(again)
        <p><a href="/play/\(HTML.pathSegment(play.topicName))">Other sets</a> · <a href="/">All topics</a></p>
        </div>
        </main>
        """)
  }

  private static func message(_ play: PlayRoom.Play) -> String {
    guard let message = play.message else { return "" }
    return "<p class=\"verdict \(message.kind)\" id=\"verdict\">\(HTML.escape(message.text))</p>"
  }
}
