import QRQuiz

extension Pages {
  /// `/`: every topic with its counts, or those matching `query`.
  func library(_ topics: [ServedTopic], query: String?, total: Int) -> HTML {
    let items = topics.map { topic -> HTML in
      """
      <li><a class="name" href="\(SitePath.topic(topic.name))">\(topic.title)</a>
      <div class="muted">\(setSummary(sets: topic.setSizes.count, questions: topic.questionCount))</div>
      <div><a href="\(SitePath.play(topic.name))">\(say(.playLink))</a> · <a href="\(SitePath.topic(topic.name))">\(say(.shareLink))</a></div></li>

      """
    }
    let summary =
      query.map {
        say(.searchSummary, ["shown": .number(topics.count), "count": .number(total), "query": .text($0)])
      } ?? say(.topicCount, ["count": .number(total)])
    let empty: HTML? =
      topics.isEmpty && query == nil
      ? "<p>\(say(.libraryEmpty, markup: ["command": "<code>qrquiz topics add</code>"]))</p>" : nil
    return page(
      title: text(.libraryTitle),
      """
      <h1>\(say(.libraryTitle))</h1>
      <form class="search" method="get" action="/" role="search">
      <input type="search" name="q" value="\(query ?? "")" placeholder="\(text(.searchPlaceholder))" aria-label="\(text(.searchLabel))">
      <button type="submit">\(say(.searchButton))</button>
      </form>
      <p class="muted" id="summary">\(summary)</p>
      \(empty)
      <ul class="topics" id="topics">
      \(items)</ul>
      """)
  }
}
