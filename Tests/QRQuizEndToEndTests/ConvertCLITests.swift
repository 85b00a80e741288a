import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizInterchange
@testable import QRQuizServer

/// `qrquiz import` of Moodle XML and Quizlet, and `qrquiz export`, as a teacher runs
/// them: a Moodle question bank with its pictures into the library (served by
/// `qrquiz serve`) or beside the topic, a pasted Quizlet set, a topic out to each format and
/// back in.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct ConvertCLITests {
  let home: TemporaryDirectory

  init() throws { home = try TemporaryDirectory() }

  func qrquiz(_ arguments: [String], input: String = "") throws -> ProcessResult {
    try ProcessRunner.qrquiz(arguments, stdin: Data(input.utf8), environment: home.qrquizEnvironment)
  }

  var library: TopicLibrary { TopicLibrary(directory: home.url.appendingPathComponent("data/qrquiz/topics")) }

  @Test func aMoodleBanksPicturesAreStoredWithTheLibraryAndServed() async throws {
    let bank = Fixtures.url("import/cases/moodle-bank.xml").path
    let saved = try qrquiz(["import", bank, "--skip-invalid", "--save", "--public-url", "http://192.168.1.20:8080"])
    #expect(saved.status == 0, "\(saved.stderr)")
    #expect(
      saved.stderr.contains("3 pictures stored with the library, served by qrquiz serve at http://192.168.1.20:8080"))
    #expect(
      saved.stderr.contains("8 questions in 5 sets imported, 8 skipped; saved as 'Solar system'"), "\(saved.stderr)")
    let topic = try library.find("Solar system").topic
    let addresses = topic.topic.questions.compactMap(\.imageURL)
    #expect(addresses.filter { $0.hasPrefix("http://192.168.1.20:8080/pictures/") }.count == 3)
    let app = QuizWebApp(topics: .library(library), configuration: .init(publicURL: "http://192.168.1.20:8080"))
    app.reload()
    for address in addresses where address.contains("/pictures/") {
      let served = await WebAppClient(app: app).request(
        "GET", String(address.dropFirst("http://192.168.1.20:8080".count)))
      #expect(served.status == 200, "\(address)")
      // Re-encoded from its pixels: the photo's GPS and camera are not in it.
      #expect(!String(decoding: served.body, as: UTF8.self).contains("QRQuizPhone"))
    }
  }

  @Test func picturesGoBesideATopicWrittenToAFile() throws {
    let output = home.path("bank.json")
    let written = try qrquiz([
      "import", Fixtures.url("import/cases/moodle-bank.xml").path, "--skip-invalid", "-o", output,
    ])
    #expect(written.status == 0, "\(written.stderr)")
    let files = try FileManager.default.contentsOfDirectory(atPath: home.path("bank-pictures")).sorted()
    #expect(files == ["1-1.png", "2-1.jpg", "5-2.png"])
    let topic = try Fixtures.validTopic(URL(fileURLWithPath: output))
    #expect(topic.topic.sets[0][0].imageURL == "bank-pictures/1-1.png")
    // Exported again from there, the pictures beside it are embedded.
    let exported = try qrquiz(["export", output, "--to", "moodle-xml", "-o", home.path("again.xml")])
    #expect(exported.status == 0, "\(exported.stderr)")
    #expect(!exported.stderr.contains("bank-pictures/1-1.png), not embedded"), "\(exported.stderr)")
    #expect(try String(contentsOfFile: home.path("again.xml"), encoding: .utf8).contains("<file name=\"picture.png\""))
    // Standard output has nowhere to put them: said.
    let piped = try qrquiz(["import", Fixtures.url("import/cases/moodle-bank.xml").path, "--skip-invalid"])
    #expect(piped.stderr.contains("3 pictures left out: -o FILE writes them beside the topic, --save with the library"))
  }

  @Test func aPastedQuizletSetBecomesCardsOrAQuiz() throws {
    let pasted = "la casa\tthe house\nel perro\tthe dog\nel gato\tthe cat\nla mesa\tthe table\nel libro\tthe book\n"
    let cards = try qrquiz(["import", "-", "--from", "quizlet", "--name", "Spanish", "--save"], input: pasted)
    #expect(cards.status == 0, "\(cards.stderr)")
    let deck = try qrquiz(["cards", "Spanish", "--plain"], input: "t\nq\n")
    #expect(deck.stdoutText.contains("la casa") && deck.stdoutText.contains("the house"), "\(deck.stdoutText)")
    let quiz = try qrquiz(["import", "-", "--from", "quizlet", "--quiz", "4", "--seed", "1"], input: pasted)
    let topic = try TopicDocument(bytes: Array(quiz.stdout)).topic
    #expect(topic?.questions.map(\.answers.count) == [4, 4, 4, 4, 4])
    #expect(topic?.questions.first.map { $0.answers[Int($0.mergedCorrectAnswers[0])] } == "the house")
  }

  @Test func aTwoGigabyteBankIsRefusedBeforeItIsRead() throws {
    // A 2 GiB file whose one picture says it is small: refused by its size, unread.
    let head = Array("<?xml version=\"1.0\"?><quiz><question type=\"multichoice\"><questiontext><text>".utf8)
    let path = try home.sparseFile("bank.xml", size: 2 << 30, startingWith: head)
    let result = try qrquiz(["import", path, "--save"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("2147483648 bytes is over the 16777216-byte limit"), "\(result.stderr)")
  }

  @Test func exportWritesEachFormatAndSaysWhatItCannotHold() throws {
    let social = Fixtures.sampleTopic("Social").path
    for format in ExportFormat.allCases {
      let output = home.path("social.\(format.fileExtension)")
      let result = try qrquiz(["export", social, "--to", format.rawValue, "-o", output])
      #expect(result.status == 0, "\(format): \(result.stderr)")
      #expect(result.stderr.contains("timePerSetInSeconds: not kept"), "\(format)")
      #expect(FileManager.default.fileExists(atPath: output))
    }
    let aiken = try qrquiz(["export", social, "--to", "aiken", "-o", home.path("s.txt")])
    #expect(aiken.stderr.contains("left out: Aiken has one right answer a question"))
    #expect(aiken.stderr.contains("1 of 3 questions written to"), "\(aiken.stderr)")
    let missing = try qrquiz(["export", social])
    #expect(missing.status == 2 && missing.stderr.contains("say the format with --to moodle-xml|qti|gift|aiken"))
    let back = try qrquiz(["import", home.path("social.gift"), "-o", home.path("back.json")])
    #expect(back.status == 0, "\(back.stderr)")
  }
}
