import QRQuiz
import QRQuizClassroom
import QRQuizHTTP

extension Pages {
  /// `/s/SECRET/a/CODE` for a student not started yet: who they are, the due time and
  /// *Start*, a plain form posted to `action` (no script needed), for opening the link
  /// never starts the homework by itself.
  func ownHomeworkStart(_ assignment: Assignment, name: String, action: SitePath) -> HTML {
    page(
      title: assignment.title, pageClass: "homework", header: false,
      """
      <section class="card" id="own-start" aria-labelledby="own-start-heading">
      <h1 id="own-start-heading">\(assignment.title)</h1>
      <p class="muted">\(dueLine(assignment))</p>
      <p id="own-start-who">\(say(PagePhrase.liveYouAre, ["name": .text(name)]))</p>
      <p>\(say(HomeworkPhrase.ownLinkStartNote))</p>
      <form method="post" action="\(action)">
      <button type="submit" id="own-start-button">\(say(HomeworkPhrase.startButton))</button>
      </form>
      </section>
      """)
  }
}
