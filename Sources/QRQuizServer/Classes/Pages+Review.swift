import Foundation
import QRQuiz
import QRQuizClassroom
import QRQuizHTTP

/// A student's Review (`/s/SECRET/review`): one card at a time, its answer behind a
/// disclosure (a `details` element: a button to keyboards and screen readers, no script;
/// drawn as a button with its marker, saying *Hide the answer* once open),
/// then the four ratings as buttons of one form, each saying when it brings the card back.
extension Pages {
  /// A phrase of studying, as markup.
  func say(_ phrase: StudyPhrase, _ arguments: [String: MessageArgument] = [:]) -> HTML {
    HTML.phrase(phrase, in: language, arguments)
  }

  /// A phrase of studying as plain text (a title, an attribute).
  func text(_ phrase: StudyPhrase, _ arguments: [String: MessageArgument] = [:]) -> String {
    phrase.text(in: language, arguments)
  }

  /// An error's page with studying's words.
  func error(_ title: StudyPhrase, _ detail: HTML) -> HTML {
    page(
      title: text(title),
      """
      <div class="card"><h1>\(say(title))</h1><p>\(detail)</p>
      <p><a href="/">\(say(.allTopics))</a></p></div>
      """)
  }

  /// An error's page with studying's words and a way back to `back`.
  func error(_ title: StudyPhrase, _ detail: HTML, back: SitePath, saying link: StudyPhrase) -> HTML {
    page(
      title: text(title),
      """
      <div class="card"><h1>\(say(title))</h1><p>\(detail)</p>
      <p><a href="\(back)">\(say(link))</a></p></div>
      """)
  }

  /// The link from a student's results to their Review, with how many cards are waiting.
  func reviewLink(secret: String, due: Int) -> HTML {
    let words = due == 0 ? say(StudyPhrase.reviewLinkNothing) : say(StudyPhrase.reviewLink, ["count": .number(due)])
    return "<p id=\"review-link\"><a class=\"button\" href=\"\(SitePath.studentReview(secret))\">\(words)</a></p>"
  }

  /// The Review page: the next card, or that nothing is due and when the next card is.
  /// `rated`: the page follows a rating, so the next card's *Show the answer* takes the
  /// focus (a keyboard or a screen reader goes on from where the rating was).
  /// `picture` gives where a question's picture is served from (`nil`: not here to show).
  func review(
    _ studying: ClassesArea.Studying, secret: String, scheduler: FSRSScheduler,
    picture: (String) -> SitePath?, rated: Bool = false
  ) -> HTML {
    let queue = studying.queue
    let (missed, due, new) = studying.counts
    let counts = say(
      StudyPhrase.reviewCounts, ["missed": .number(missed), "due": .number(due), "new": .number(new)])
    let heading = say(
      StudyPhrase.reviewHeading,
      ["name": .text(studying.student.name.text), "class": .text(studying.roster.name.text)])
    let body: HTML =
      if let key = queue.first, let card = studying.deck.card(key) {
        reviewCard(
          card, studying: studying, secret: secret, scheduler: scheduler, picture: card.imageURL.flatMap(picture),
          focus: rated)
      } else {
        nothingDue(studying)
      }
    return page(
      title: text(StudyPhrase.reviewTitle),
      """
      <h1>\(heading)</h1>
      <p class="muted" id="review-counts">\(counts)</p>
      \(body)
      <p><a href="\(SitePath.studentResults(secret))">\(say(StudyPhrase.backToResults))</a></p>
      """)
  }

  private func reviewCard(
    _ card: ClassStudyDeck.Card, studying: ClassesArea.Studying, secret: String, scheduler: FSRSScheduler,
    picture: SitePath?, focus: Bool
  ) -> HTML {
    let state = studying.replayed.card(card.key, at: studying.now)
    let intervals = scheduler.nextIntervals(of: state, at: studying.now)
    let ratings: [(StudyRating, StudyPhrase)] = [
      (.again, .rateAgain), (.hard, .rateHard), (.good, .rateGood), (.easy, .rateEasy),
    ]
    let buttons = ratings.map { rating, phrase -> HTML in
      let interval = intervalText(intervals[rating] ?? .minutes(1))
      return """
        <button type="submit" name="rating" value="\(rating.rawValue)" class="rate-\(rating.rawValue)">\
        <span class="rate-name">\(say(phrase))</span> \
        <span class="rate-interval">\(say(StudyPhrase.rateIn, ["interval": .text(interval)]))</span></button>
        """
    }
    let missed: HTML? =
      studying.isMissed(card.key) ? "<p class=\"missed-note\">\(say(StudyPhrase.reviewMissedNote))</p>" : nil
    let answers = card.answers.map { answer -> HTML in "<li>\(answer)</li>" }
    return """
      <section class="card review-card" id="review-card" aria-labelledby="review-question">
      <p class="muted">\(card.key.topic)</p>
      \(missed)
      <h2 id="review-question">\(card.question)</h2>
      \(picture.map { "<img class=\"review-image\" src=\"\($0)\" alt=\"\">" as HTML })
      <details id="review-answer"><summary class="reveal"\(focus ? " autofocus" : "")>\
      <span class="when-closed">\(say(StudyPhrase.showAnswer))</span>\
      <span class="when-open">\(say(StudyPhrase.hideAnswer))</span></summary>
      <h3 id="answer-heading">\(say(StudyPhrase.answerLabel))</h3>
      <ul class="review-answers" aria-labelledby="answer-heading">\(answers)</ul>
      <form method="post" action="\(SitePath.studentReview(secret))">
      <input type="hidden" name="card" value="\(card.id)">
      <input type="hidden" name="reviews" value="\(state.reviewCount)">
      <fieldset class="rate-buttons"><legend>\(say(StudyPhrase.rateLegend))</legend>
      \(HTML.joined(buttons, separator: "\n"))
      </fieldset></form>
      </details>
      </section>
      """
  }

  private func nothingDue(_ studying: ClassesArea.Studying) -> HTML {
    let next = studying.deck.cards.compactMap {
      studying.deck.due($0.key, student: studying.student.card, replayed: studying.replayed)
    }.filter { $0 > studying.now }.min()
    let when: HTML? = next.map {
      "<p>\(say(StudyPhrase.nextDueIn, ["interval": .text(intervalText(StudyInterval(from: studying.now, to: $0)))]))</p>"
    }
    return """
      <section class="card" id="review-done"><p>\(say(StudyPhrase.nothingDue))</p>\(when)</section>
      """
  }

  /// An interval as `qrquiz review` shows it, in the page's language: "10 min", "3 d",
  /// "2.5 mo" ("2,5 meses").
  func intervalText(_ interval: StudyInterval) -> String {
    func decimal(_ value: Double) -> String {
      let text = value == value.rounded() ? String(Int(value)) : String(value)
      return language == .spanish ? text.replacingOccurrences(of: ".", with: ",") : text
    }
    switch interval {
    case .minutes(let count): return text(StudyPhrase.intervalMinutes, ["count": .number(count)])
    case .hours(let count): return text(StudyPhrase.intervalHours, ["count": .number(count)])
    case .days(let count): return text(StudyPhrase.intervalDays, ["count": .number(count)])
    case .months(let count): return text(StudyPhrase.intervalMonths, ["count": .text(decimal(count))])
    case .years(let count): return text(StudyPhrase.intervalYears, ["count": .text(decimal(count))])
    }
  }
}
