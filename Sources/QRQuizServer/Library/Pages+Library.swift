import QRQuiz
import QRQuizHTTP

extension Pages {
  /// What the teacher may do from the library page (with `--allow-edit`).
  struct EditingTools {
    /// The form token Delete carries.
    var csrf: String
    /// Topics deleted, whose versions are kept.
    var removed: [String]
  }

  /// `/`: every topic with its counts, or those matching `query`; with `editing`, each
  /// with Edit and Delete, and the deleted topics.
  /// `running`: the teacher's running games; `hosting`: the visitor is the teacher, who may
  /// start a live game of each topic.
  func library(
    _ topics: [ServedTopic], query: String?, total: Int, editing: EditingTools? = nil, running: HTML? = nil,
    hosting: Bool = false
  ) -> HTML {
    let items = topics.map { topic -> HTML in
      let host: HTML? =
        hosting
        ? """
        <a href="\(SitePath.topic(topic.name))#host-form">\(say(.liveHostGame))</a> \
        <a href="\(SitePath.topic(topic.name))#assign-form">\(say(HomeworkPhrase.assignLink))</a>
        """ : nil
      // Edit and Delete kept together, so Delete never wraps away alone.
      let edit: HTML? = editing.map { editing in
        """
        <span class="edit-tools"><a href="\(SitePath.edit(topic.name))">\(say(.editLink))</a> · \
        <form method="post" action="\(SitePath.deleteTopic(topic.name))"><input type="hidden" name="csrf" value="\(editing.csrf)">\
        <input type="hidden" name="etag" value="\(topic.etag)"><button type="submit" class="secondary danger" \
        aria-label="\(text(.deleteLink)) \(topic.title)">\(say(.deleteLink))</button></form></span>
        """
      }
      // The teacher's tools on a row of their own (spaced, not dotted: a wrap leaves no stray dot).
      let teacherTools: HTML? =
        host == nil && edit == nil ? nil : "<div class=\"library-tools teacher-tools\">\(host)\(edit)</div>"
      return """
        <li><a class="name" href="\(SitePath.topic(topic.name))">\(topic.title)</a>
        <div class="muted">\(setSummary(topic.topic))</div>
        <div class="library-tools"><a href="\(SitePath.play(topic.name))">\(say(.playLink))</a> · <a href="\(SitePath.topic(topic.name))">\(say(.shareLink))</a></div>\(teacherTools)</li>

        """
    }
    let removed: HTML? = editing.flatMap { editing -> HTML? in
      guard !editing.removed.isEmpty else { return nil }
      let links = editing.removed.map { name -> HTML in "<li><a href=\"\(SitePath.edit(name))\">\(name)</a></li>" }
      return "<h2>\(say(.removedTopicsHeading))</h2><ul id=\"removed-topics\">\(links)</ul>"
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
      \(running)
      <form class="search" method="get" action="/" role="search">
      <input type="search" name="q" value="\(query ?? "")" placeholder="\(text(.searchPlaceholder))" aria-label="\(text(.searchLabel))">
      <button type="submit">\(say(.searchButton))</button>
      </form>
      <p class="muted" id="summary">\(summary)</p>
      \(empty)
      <ul class="topics" id="topics">
      \(items)</ul>
      \(removed)
      """)
  }
}
