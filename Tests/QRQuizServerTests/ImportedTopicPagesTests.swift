import Foundation
import QRQuiz
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuizServer

/// A topic imported from a spreadsheet on the site's pages: played in the browser with
/// each question's own time (decided by the server's `QuizSession`, "Time's up" when it
/// runs out) and its explanation with the verdict; a list of sets counted as the one quiz
/// it is. In process, on a clock the test moves.
@Suite struct ImportedTopicPagesTests {
  let library: TemporaryDirectory
  let clock = ManualClock()
  let client: WebAppClient

  /// Q1 10 s, Q2 no time of its own, Q3 5 s; in the file's order, no set timer.
  static let timed = """
    {"options":{"name":"Planets","questionsInRandomOrder":false},"sets":[[
     {"question":"Closest planet to the Sun?","answers":["Mercury","Venus","Mars"],"correctAnswers":[0],
      "seconds":10,"explanation":"Mercury orbits at 0.39 AU.\\nVenus is second."},
     {"question":"Largest planet?","answers":["Jupiter","Saturn","Earth"],"correctAnswers":[0],
      "explanation":"Jupiter <b>is</b> 11 Earths wide."},
     {"question":"Pluto is a planet.","answers":["True","False","Only until 2006"],"correctAnswers":[2],"seconds":5}]]}
    """

  init() throws {
    library = try TemporaryDirectory()
    try Data(Self.timed.utf8).write(to: library.url.appendingPathComponent("Planets.json"))
    let app = QuizWebApp(
      topics: .library(TopicLibrary(directory: library.url)), configuration: .init(publicURL: "http://127.0.0.1:8080"),
      live: LiveGames(store: nil, clock: clock.clock, runsTicker: false))
    app.reload()
    client = WebAppClient(app: app)
  }

  func page(_ game: String, _ language: String = "en") async -> String {
    await client.request("GET", game, headers: ["Accept-Language": language]).text
  }

  func post(_ game: String, _ body: String) async {
    #expect(await client.request("POST", game, body: Array(body.utf8)).status == 303)
  }

  @Test func eachQuestionHasItsOwnTimeAndItsExplanationComesWithTheVerdict() async throws {
    let game = try #require(await client.request("GET", "/play/Planets").headers["location"])
    #expect(await page(game).contains("data-seconds-left=\"10.0\""))
    // A reload 4 s later keeps the time the question had.
    clock.advance(by: 4)
    #expect(await page(game).contains("data-seconds-left=\"6.0\""))
    // At zero the page reloads: the question is shown closed, with why.
    clock.advance(by: 6)
    let timeUp = await page(game)
    #expect(timeUp.contains("id=\"answered\"") && timeUp.contains("Time&#39;s up for this question."), "\(timeUp)")
    #expect(timeUp.contains("<b>Why:</b> Mercury orbits at 0.39 AU.\nVenus is second."))
    #expect(!timeUp.contains("data-seconds-left"), "nothing runs while the verdict is read")
    // A reload of the verdict does not close the next question meanwhile.
    clock.advance(by: 60)
    #expect(await page(game).contains("id=\"answered\""))
    await post(game, "action=next")

    // No time of its own, and no set timer: no countdown at all.
    let second = await page(game)
    #expect(second.contains("Largest planet?") && !second.contains("data-seconds-left"))
    await post(game, "answer=0")
    let right = await page(game)
    #expect(right.contains("Right! +20 points"))
    #expect(right.contains("Jupiter &lt;b&gt;is&lt;/b&gt; 11 Earths wide."), "strangers' text, escaped")
    await post(game, "action=next")

    // Its 5 s start when it is shown; an answer after them is too late.
    clock.advance(by: 100)
    #expect(await page(game, "es").contains("data-seconds-left=\"5.0\""))
    clock.advance(by: 5.5)
    await post(game, "answer=1")
    let late = await page(game, "es")
    #expect(late.contains("Se acabó el tiempo de esta pregunta.") && !late.contains("Correcto"), "\(late)")
    #expect(!late.contains("id=\"explanation\""), "Pluto's question has no explanation")
    await post(game, "action=next")
    let result = await page(game)
    #expect(result.contains("id=\"score\">20 points") && result.contains("1/3 questions right"), "\(result)")
    #expect(result.contains("Pluto is a planet.") && result.contains("Your answer: none"))
    // The topic offers nothing else: no "Other sets" leading back to this same play.
    #expect(!result.contains("Other sets") && result.contains("All topics"))
  }

  @Test func aTopicThatIsOneListIsCountedAsItsQuestions() async throws {
    // As files, as the library keeps them (a save refuses a second topic of the same questions).
    for (name, topic) in [
      ("OneList", try LiveGameFixtures.listedTopic(groups: #","setGroups":[0,0,0,0,0]"#)),
      ("Mixed", try LiveGameFixtures.listedTopic()),
    ] {
      try Data(topic.topic.normalizedJSON.utf8).write(to: library.url.appendingPathComponent("\(name).json"))
    }
    let stored = TopicLibrary(directory: library.url)
    let app = QuizWebApp(topics: .library(stored), configuration: .init(publicURL: "http://127.0.0.1:8080"))
    app.reload()
    let client = WebAppClient(app: app)
    // Five sets that are one list: one choice, read as a quiz of 7 questions.
    let one = await client.request("GET", "/t/OneList").text
    #expect(one.contains("<p class=\"muted\">7 questions</p>"), "\(one)")
    #expect(!one.contains("5 sets"))
    let spanish = await client.request("GET", "/t/OneList", headers: ["Accept-Language": "es"]).text
    #expect(spanish.contains("<p class=\"muted\">7 preguntas</p>"))
    // Nothing to choose: its play starts at once, the whole list.
    let start = await client.request("GET", "/play/OneList")
    let game = try #require(start.headers["location"], "no play started: \(start.status)")
    #expect(await client.request("GET", game).text.contains("Question 1/7"))
    // Played through, its result says nothing of the runs the app needed ("Set 2: 0/1").
    for _ in 0..<7 {
      _ = await client.request("POST", game, body: Array("answer=0".utf8))
      _ = await client.request("POST", game, body: Array("action=next".utf8))
    }
    let result = await client.request("GET", game).text
    #expect(result.contains("id=\"result\"") && result.contains("7/7 questions right"), "\(result)")
    #expect(!result.contains("Set 2") && !result.contains("Other sets"))
    // A list beside other sets: the others are offered after it.
    let mixed = try #require(await client.request("GET", "/play/Mixed/1").headers["location"])
    for _ in 0..<5 {
      _ = await client.request("POST", mixed, body: Array("answer=0".utf8))
      _ = await client.request("POST", mixed, body: Array("action=next".utf8))
    }
    #expect(await client.request("GET", mixed).text.contains("Other sets"))
    // A list of three runs, then two sets of their own: three choices.
    let library = await client.request("GET", "/").text
    #expect(library.contains("3 sets, 7 questions") && library.contains(">7 questions</div>"), "\(library)")
    let choices = await client.request("GET", "/play/Mixed").text
    #expect(choices.components(separatedBy: "<li><a class=\"name\"").count - 1 == 3)
    // A topic of one set of its own (Planets) is counted as before.
    #expect(library.contains("1 set, 3 questions"))
  }
}
