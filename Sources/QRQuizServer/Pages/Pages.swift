import QRQuiz
import QRQuizHTTP

/// The site's pages in one language: each function takes what the page shows and returns
/// it whole, in the frame every page shares. Pages only render: what they show was
/// decided by the routes (and the rules in QRQuiz).
struct Pages {
  /// The language of the page's own words.
  let language: Language
  /// Whether the visitor may create topics (the header links the creator).
  var canCreate = false
  /// Whether the visitor is the teacher (the header links homework and the classes).
  var isTeacher = false
  /// Whether the visitor is a teacher logged in to a school's server (the header links
  /// their account's page, where they log out).
  var hasAccount = false
  /// The theme the visitor chose; `nil` follows the system.
  var theme: Theme? = nil
  /// The page's own address, for the settings links to come back to.
  var here = SitePath.library

  /// A phrase of the pages, as markup.
  func say(_ phrase: PagePhrase, _ arguments: [String: MessageArgument] = [:], markup: [String: HTML] = [:]) -> HTML {
    HTML.phrase(phrase, in: language, arguments, markup: markup)
  }

  /// A phrase of play and creation, as markup.
  func say(_ phrase: QuizPhrase, _ arguments: [String: MessageArgument] = [:]) -> HTML {
    HTML.phrase(phrase, in: language, arguments)
  }

  /// A phrase of homework and the classes' pages, as markup.
  func say(_ phrase: HomeworkPhrase, _ arguments: [String: MessageArgument] = [:], markup: [String: HTML] = [:])
    -> HTML
  {
    HTML.phrase(phrase, in: language, arguments, markup: markup)
  }

  /// A phrase of the pages as plain text (a title, an attribute).
  func text(_ phrase: PagePhrase, _ arguments: [String: MessageArgument] = [:]) -> String {
    phrase.text(in: language, arguments)
  }

  /// A phrase of homework and the classes' pages as plain text.
  func text(_ phrase: HomeworkPhrase, _ arguments: [String: MessageArgument] = [:]) -> String {
    phrase.text(in: language, arguments)
  }

  /// A whole page: `title` (escaped), the header, and `main`. Styles and the one script
  /// come from /static, so no page needs inline script or style, and the
  /// Content-Security-Policy forbids both.
  func page(title: String, pageClass: String = "", header: Bool = true, scripts: [String] = [], _ main: HTML) -> HTML {
    let extra = scripts.map { name -> HTML in "<script src=\"/static/\(name)\" defer></script>\n" }
    return """
      <!doctype html>
      <html lang="\(language.rawValue)"\(themeAttribute)>
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(title) · QRQuiz</title>
      <link rel="icon" href="/static/icon.svg" type="image/svg+xml">
      <link rel="stylesheet" href="/static/style.css">
      <script src="/static/app.js" defer></script>
      \(extra)</head>
      <body class="\(pageClass)">
      \(header ? siteHeader : nil)
      <main>
      \(main)
      </main>
      \(header ? nil : footer)
      </body>
      </html>

      """
  }

  private var siteHeader: HTML {
    let create: HTML? = canCreate ? "<a href=\"\(SitePath.newTopic)\">\(say(.navNewTopic))</a>" : nil
    let teacher: HTML? =
      isTeacher
      ? "<a href=\"\(SitePath.assignments)\">\(say(HomeworkPhrase.navHomework))</a><a href=\"\(SitePath.classes)\">\(say(HomeworkPhrase.navClasses))</a>"
      : nil
    let account: HTML? =
      hasAccount ? "<a href=\"\(SitePath.logIn)\">\(HTML.phrase(AccountPhrase.navAccount, in: language))</a>" : nil
    return
      "<header><a href=\"/\">QRQuiz</a><span class=\"tagline\">\(say(.siteTagline))</span>\(create)\(teacher)\(account)\(settingsLinks)</header>"
  }

  /// The theme and the language, as links that keep the choice and come back here: the
  /// current one marked for screen readers too (`aria-current`).
  private var settingsLinks: HTML {
    func link(_ label: PagePhrase, _ name: String, _ value: String, current: Bool) -> HTML {
      let address = SitePath.settings.query(name, value).query("back", here.value)
      let marker: HTML? = current ? " aria-current=\"true\"" : nil
      return "<a href=\"\(address)\"\(marker)>\(say(label))</a>"
    }
    let themes = [
      link(.themeAuto, "theme", "auto", current: theme == nil),
      link(.themeLight, "theme", "light", current: theme == .light),
      link(.themeDark, "theme", "dark", current: theme == .dark),
    ]
    let other: Language = language == .english ? .spanish : .english
    let switchLanguage = SitePath.settings.query("lang", other.rawValue).query("back", here.value)
    return """
      <nav class="site-settings" aria-label="\(text(.settingsLabel))"><span>\(say(.themeLabel))</span> \
      \(HTML.joined(themes, separator: " ")) <span aria-hidden="true">·</span> \
      <a href="\(switchLanguage)" lang="\(other.rawValue)" hreflang="\(other.rawValue)">\(say(.languageSwitch))</a></nav>
      """
  }

  /// The settings of a page without the site's header (the projector, a phone in a game).
  private var footer: HTML { "<footer>\(settingsLinks)</footer>" }

  /// `data-theme` for a theme the visitor chose.
  private var themeAttribute: HTML? { theme.map { theme -> HTML in " data-theme=\"\(theme.rawValue)\"" } }

  /// An error's page: what went wrong and a way back.
  func error(_ title: PagePhrase, _ detail: HTML) -> HTML { errorPage(text(title), say(title), detail) }

  /// An error's page with a title of homework's pages.
  func error(_ title: HomeworkPhrase, _ detail: HTML) -> HTML { errorPage(text(title), say(title), detail) }

  private func errorPage(_ title: String, _ heading: HTML, _ detail: HTML) -> HTML {
    page(
      title: title,
      """
      <div class="card"><h1>\(heading)</h1><p>\(detail)</p>
      <p><a href="/">\(say(.allTopics))</a></p></div>
      """)
  }

  /// "2 sets, 7 questions", counted as `/play/NAME` offers them to choose from: the runs
  /// of one list (an imported spreadsheet split by answer count) are one; a topic that is
  /// one such list says only its questions, as a teacher reads a quiz ("9 questions", not
  /// "6 sets" with one choice).
  func setSummary(_ topic: ValidTopic) -> HTML {
    let units = topic.playableUnits
    let questions = say(.questions, ["count": .number(topic.topic.questions.count)])
    if units.count == 1, units[0].isList { return questions }
    return "\(say(.sets, ["count": .number(units.count)])), \(questions)"
  }

  /// The words a script needs, as `data-w-NAME` attributes: each phrase's template as the
  /// catalogue has it, filled in the browser by the same grammar (message-format.js).
  func words<Book: PhraseBook>(_ phrases: [Book]) -> HTML {
    let catalogue = Book.catalogue(language)
    let english = Book.catalogue(.english)
    return HTML.joined(
      phrases.map { phrase -> HTML in
        "data-w-\(phrase.rawValue.lowercased())=\"\(catalogue[phrase] ?? english[phrase] ?? "")\""
      },
      separator: " ")
  }
}
