import QRQuiz
/// The pages of the whole site: the frame, the library, a topic's share page and its
/// projector view. Every topic string is escaped here, nowhere trusted.
enum Pages {
  static func header(canCreate: Bool = false) -> String {
    """
    <header><a href="/">QRQuiz</a><span>topics for the Questions app</span>\
    \(canCreate ? "<a href=\"/new\">New topic</a>" : "")</header>
    """
  }

  /// `/`: every topic with its counts, or those matching `query`.
  static func library(_ topics: [ServedTopic], query: String?, total: Int, canCreate: Bool) -> String {
    var items = ""
    for topic in topics {
      let link = "/t/" + HTML.pathSegment(topic.name)
      let sets = topic.topic.topic.sets.count
      let questions = topic.topic.topic.questions.count
      items += """
        <li><a class="name" href="\(link)">\(HTML.escape(topic.topic.name))</a>
        <div class="muted">\(Plural.count(sets, "set")), \(Plural.count(questions, "question"))</div>
        <div><a href="/play/\(HTML.pathSegment(topic.name))">Play</a> · <a href="\(link)">Share</a></div></li>

        """
    }
    let summary =
      query.map { "\(topics.count) of \(Plural.count(total, "topic")) match “\(HTML.escape($0))”." }
      ?? "\(Plural.count(total, "topic"))."
    let empty =
      topics.isEmpty && query == nil ? "<p>No topics yet: save some with <code>qrquiz topics add</code>.</p>" : ""
    return HTML.page(
      title: "Topics",
      body: """
        \(header(canCreate: canCreate))
        <main>
        <h1>Topics</h1>
        <form class="search" method="get" action="/" role="search">
        <input type="search" name="q" value="\(HTML.escape(query ?? ""))" placeholder="Search names, questions, answers" aria-label="Search">
        <button type="submit">Search</button>
        </form>
        <p class="muted" id="summary">\(summary)</p>
        \(empty)
        <ul class="topics" id="topics">
        \(items)</ul>
        </main>
        """)
  }

  /// `/t/NAME`: the QR code of the topic's JSON URL (what the app scans to download it),
  /// the topic's own QR code(s), and links.
  static func share(_ topic: ServedTopic, jsonURL: String, symbolCount: Int, fitsOneSymbol: Bool) -> String {
    let base = "/t/" + HTML.pathSegment(topic.name)
    let appCode =
      fitsOneSymbol
      ? "The whole topic in one QR code, as the app shares it."
      : "Too large for one QR code: \(symbolCount) compact symbols (read them with <code>qrquiz decode</code>)."
    return HTML.page(
      title: topic.topic.name,
      body: """
        \(header())
        <main>
        <h1>\(HTML.escape(topic.topic.name))</h1>
        <p class="muted">\(setSummary(topic))</p>
        <p><a class="button" href="/play/\(HTML.pathSegment(topic.name))">Play in the browser</a>
        <a class="button secondary" href="\(base)/present">Present</a></p>
        <div class="codes">
        <figure class="card"><img id="link-code" src="\(base)/link.png" alt="QR code of the topic's address" width="330" height="330">
        <figcaption>Scan with the Questions app to download the topic:<br><a id="json-url" href="\(base).json">\(HTML.escape(jsonURL))</a></figcaption></figure>
        <figure class="card"><img id="topic-code" src="\(base).png" alt="QR code of the topic">
        <figcaption>\(appCode)</figcaption></figure>
        </div>
        <p>Files: <a href="\(base).json">JSON</a> · <a href="\(base).png">PNG</a> · <a href="\(base).svg">SVG</a> ·
        <a href="\(base)/link.svg">address QR (SVG)</a></p>
        </main>
        """)
  }

  /// `/t/NAME/present`: the address QR code as large as the screen allows, for projectors.
  static func present(_ topic: ServedTopic, jsonURL: String) -> String {
    HTML.page(
      title: topic.topic.name,
      body: """
        <main>
        <h1>\(HTML.escape(topic.topic.name))</h1>
        <img src="/t/\(HTML.pathSegment(topic.name))/link.png" alt="QR code of the topic's address" width="330" height="330">
        <p>Scan with the Questions app · \(HTML.escape(jsonURL))</p>
        </main>
        """,
      pageClass: "present")
  }

  static func setSummary(_ topic: ServedTopic) -> String {
    let sizes = topic.setSizes
    let questions = sizes.reduce(0, +)
    return "\(Plural.count(sizes.count, "set")), \(Plural.count(questions, "question"))"
  }
}
