import Foundation
import QRQuiz
import QRQuizTestSupport
import Testing

@testable import QRQuizCLI
@testable import QRQuizInterchange
@testable import QRQuizServer

/// The catalogues: every phrase in every language, parsed, with the same placeholders;
/// plurals right in each; and the typed HTML that pages are built from.
@Suite struct WordsTests {
  @Test func everyCatalogueHasEveryPhraseWithTheSamePlaceholders() throws {
    try PhraseBookCheck.check(QuizPhrase.self)
    try PhraseBookCheck.check(PagePhrase.self)
    try PhraseBookCheck.check(TerminalPhrase.self)
    try PhraseBookCheck.check(ExportPhrase.self)
  }

  @Test(arguments: [
    (Language.english, 1, "1 question"), (.english, 2, "2 questions"), (.english, 0, "0 questions"),
    (.spanish, 1, "1 pregunta"), (.spanish, 2, "2 preguntas"), (.spanish, 0, "0 preguntas"),
  ])
  func pluralsAreRightInEachLanguage(_ language: Language, _ count: Int, _ text: String) {
    #expect(QuizPhrase.questions.text(in: language, ["count": .number(count)]) == text)
  }

  @Test func verdictsComeFromTheRules() {
    #expect(QuizSession.Verdict.right(points: QuizRules.pointsForCorrect).text(in: .english) == "Right! +20 points")
    #expect(QuizSession.Verdict.wrong(points: QuizRules.pointsForWrong).text(in: .english) == "Wrong. -10 points")
    #expect(QuizSession.Verdict.right(points: 20).text(in: .spanish) == "¡Correcto! +20 puntos")
    #expect(QuizSession.Verdict.taken.text(in: .english) == "Answer taken.")
  }

  @Test(arguments: [
    ("plain {x} text", Set(["x"])), ("{n, plural, one {# a {y}} other {# b}}", Set(["n", "y"])),
    ("it'{'s literal'}'", Set<String>()),
  ])
  func templatesParse(_ source: String, _ names: Set<String>) throws {
    #expect(try MessageTemplate(source).argumentNames == names)
  }

  @Test(arguments: ["{unclosed", "{n, plural, one {x}}", "{n, select, a {x} other {y}}", "a } b", "{}"])
  func brokenTemplatesAreRefused(_ source: String) {
    #expect(throws: MessageTemplate.SyntaxError.self) { try MessageTemplate(source) }
  }

  @Test(arguments: [
    ("es", Language.spanish), ("es-ES", .spanish), ("es-419", .spanish), ("en-GB,es;q=0.9", .english),
    ("fr, es;q=0.5", .spanish), ("de", .english), ("es;q=0", .english), ("", .english),
  ])
  func acceptLanguageChoosesSpanishOnlyWhenAsked(_ header: String, _ language: Language) {
    #expect(Language.preferred(acceptLanguage: header) == language)
  }

  @Test func theLocaleEnvironmentChoosesLikeGettext() {
    #expect(Language.preferred(environment: ["LANG": "es_ES.UTF-8"]) == .spanish)
    #expect(Language.preferred(environment: ["LC_ALL": "C", "LANG": "es_ES.UTF-8"]) == .english)
    #expect(Language.preferred(environment: ["LC_ALL": "", "LC_MESSAGES": "es_MX", "LANG": "en_US"]) == .spanish)
    #expect(Language.preferred(environment: [:]) == .english)
  }

  // MARK: Typed HTML

  @Test func interpolatedTextIsEscapedAndMarkupComposes() {
    let text = "<b>\"Tom & Jerry's\"</b>\u{202E}"
    let inner: HTML = "<em>\(text)</em>"
    let outer: HTML = "<p title=\"\(text)\">\(inner) \(3) \(nil as HTML?)</p>"
    #expect(
      outer.markup
        == "<p title=\"&lt;b&gt;&quot;Tom &amp; Jerry&#39;s&quot;&lt;/b&gt;\u{FFFD}\"><em>&lt;b&gt;&quot;Tom &amp; Jerry&#39;s&quot;&lt;/b&gt;\u{FFFD}</em> 3 </p>"
    )
    #expect(HTML.joined(["<a>", "<b>"], separator: ", ").markup == "<a>, <b>")
  }

  @Test func sitePathsKeepEachNameInItsSegment() {
    #expect(SitePath.topic("a/b c?").value == "/t/a%2Fb%20c%3F")
    #expect(SitePath.topicJSON("Social").value == "/t/Social.json")
    #expect(SitePath.library.query("q", "a&b").value == "/?q=a%26b")
    let link: HTML = "<a href=\"\(SitePath.topic("\"><script>"))\">"
    #expect(link.markup == "<a href=\"/t/%22%3E%3Cscript%3E\">")
  }

  @Test func phrasesAsMarkupEscapeTheirTextAndKeepTheirMarkupArguments() {
    let html = HTML.phrase(
      PagePhrase.libraryEmpty, in: .english, markup: ["command": "<code>qrquiz topics add</code>"])
    #expect(html.markup == "No topics yet: save some with <code>qrquiz topics add</code>.")
    let summary = HTML.phrase(
      PagePhrase.searchSummary, in: .english, ["shown": 1, "count": 3, "query": "<i>"])
    #expect(summary.markup == "1 of 3 topics match “&lt;i&gt;”.")
  }
}

/// The help of the commands a player meets in Spanish covers every line of their help.
@Suite struct HelpTranslationTests {
  @Test func everyDeclarationOfATranslatedCommandHasItsSpanishLine() {
    let commands: [(any ParsableCommand.Type, HelpTranslation)] = [
      (PlayCommand.self, PlayCommand.spanishHelp), (CardsCommand.self, CardsCommand.spanishHelp),
      (NewCommand.self, NewCommand.spanishHelp),
    ]
    for (command, translation) in commands {
      for declaration in command.init().declarations {
        #expect(
          translation.lines[declaration.preferredName] ?? translation.lines[declaration.valueName] != nil,
          "\(command.configuration.name) \(declaration.preferredName) has no Spanish help")
      }
      #expect(!translation.abstract.isEmpty && !translation.discussion.isEmpty)
      let help = HelpText.help([QRQuizCommand.self, command], language: .spanish)
      #expect(help.hasPrefix("uso: qrquiz \(command.configuration.name)"))
    }
  }
}
