import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizServer

/// A save through the editor's API does each piece of work once (`Benchmarks/save.py`):
/// the body is parsed and validated once, the topic it replaces is the one the server
/// holds unless another process changed its file, and the served topic is the one
/// written, not read back. Counted with `TopicWorkTally`, never timed.
@Suite struct EditorSaveWorkTests {
  let library: TemporaryDirectory
  let app: QuizWebApp
  let client: WebAppClient
  static let token = String(repeating: "3c", count: 16)

  init() throws {
    library = try TemporaryDirectory()
    for name in ["Social", "People"] {
      try FileManager.default.copyItem(
        at: Fixtures.sampleTopic(name), to: library.url.appendingPathComponent("\(name).json"))
    }
    // A file that is no topic: skipped, and not read again by every save's reload.
    try Data(#"{"sets":"none"}"#.utf8).write(to: library.url.appendingPathComponent("Broken.json"))
    app = QuizWebApp(
      topics: .library(TopicLibrary(directory: library.url)),
      configuration: .init(publicURL: "http://192.168.1.20:8080", teacherToken: Self.token, allowsEditing: true))
    app.reload()
    client = WebAppClient(app: app)
  }

  /// A topic of `count` questions, some written with the app's older `correct`.
  static func topic(questions count: Int, edited: Int? = nil) -> Topic {
    let questions = (0..<count).map { number in
      Topic.Question(
        question: number == edited ? "Word \(number), edited?" : "Word \(number)?",
        answers: ["Yes \(number)", "No", "Maybe"], correct: number % 3 == 0 ? 1 : nil,
        correctAnswers: number % 3 == 0 ? nil : [0])
    }
    return Topic(
      options: .init(name: "Big"),
      sets: stride(from: 0, to: count, by: 8).map { Array(questions[$0..<min($0 + 8, count)]) })
  }

  /// The status and ETag of a PUT of `json`, and the work it did.
  func put(_ json: String, _ precondition: [String: String]) async -> (
    status: Int, etag: String?, work: TopicWorkTally.Counts
  ) { await Self.put(json, precondition, to: client) }

  static func put(_ json: String, _ precondition: [String: String], to client: WebAppClient) async -> (
    status: Int, etag: String?, work: TopicWorkTally.Counts
  ) {
    let tally = TopicWorkTally()
    let response = await TopicWorkTally.$active.withValue(tally) {
      await client.request(
        "PUT", "/api/topics/Big", headers: ["Authorization": "Bearer \(Self.token)"].merging(precondition) { $1 },
        body: Array(json.utf8))
    }
    return (response.status, response.headers["etag"], tally.counts)
  }

  var stored: TopicLibrary { TopicLibrary(directory: library.url) }

  @Test func aSaveParsesAndValidatesOnceAndReadsNothingBack() async throws {
    let once = TopicWorkTally.Counts(documentsParsed: 1, validations: 1, filesRead: 0)
    let created = await put(Self.topic(questions: 400).normalizedJSON, ["If-None-Match": "*"])
    // Before, every save also validated the stamped topic again, read the topic it replaced
    // (twice) and read the new file back for the served list, parsing and validating each.
    #expect(created.status == 201 && created.work == once, "\(created.work)")
    let edited = await put(
      Self.topic(questions: 400, edited: 7).normalizedJSON, ["If-Match": try #require(created.etag)])
    #expect(edited.status == 200 && edited.work == once, "\(edited.work)")
    let over = await put(Self.topic(questions: 400, edited: 7).normalizedJSON, ["If-Match": "*"])
    #expect(over.status == 200 && over.work == once, "\(over.work)")

    // What is served is what a read of the file gives: the same JSON, tag and topic.
    let file = try stored.topic(named: "Big")
    let served = try #require(app.site.topics.topic(named: "Big"))
    #expect(served.topic == file.topic && served.etag == file.etag && over.etag == file.etag)
    let onDisk = try Data(contentsOf: library.url.appendingPathComponent("Big.json"))
    #expect(await client.request("GET", "/t/Big.json").body == Array(onDisk))
    #expect(file.topic.topic.questions[0].correctAnswers == [1] && file.topic.topic.questions[0].correct == nil)
    #expect(stored.versions(of: "Big").count == 2)
  }

  @Test func anotherProcessesChangeIsReadAndItsTimesKept() async throws {
    let created = await put(Self.topic(questions: 40).normalizedJSON, ["If-None-Match": "*"])
    try #require(created.status == 201)
    // Another process (the CLI, a second server) saves over it: a new file the server has
    // not reloaded yet.
    var theirs = try stored.topic(named: "Big").topic.topic
    theirs.sets[0][1].question = "Theirs?"
    theirs.sets[0][1].created = "2020-01-02T03:04:05Z"
    try stored.save(try ValidTopic(theirs, defaultName: "Big"), name: "Big", replacing: .any)
    let theirTag = try stored.topic(named: "Big").etag

    // The version this server served is not the one on disk: refused, after reading it
    // (once: before, 3 parsed, 4 validated and 2 files read for a refusal).
    let late = await put(Self.topic(questions: 40, edited: 3).normalizedJSON, ["If-Match": try #require(created.etag)])
    #expect(late.status == 412)
    #expect(late.work == .init(documentsParsed: 2, validations: 2, filesRead: 1), "\(late.work)")
    // Saved over theirs: the times are stamped over their version, read from the file.
    var ours = theirs
    ours.sets[0][2].question = "Ours?"
    let saved = await put(ours.normalizedJSON, ["If-Match": theirTag])
    #expect(saved.status == 200 && saved.work.filesRead == 1, "\(saved.work)")
    let questions = try stored.topic(named: "Big").topic.topic.questions
    #expect(questions[1].question == "Theirs?" && questions[1].created == "2020-01-02T03:04:05Z")
    #expect(questions[1].modified == nil && questions[2].created != nil)
    #expect(app.site.topics.topic(named: "Big")?.etag == saved.etag)
  }

  @Test func racingSavesOfOneVersionHaveExactlyOneWinner() async throws {
    let created = await put(Self.topic(questions: 40).normalizedJSON, ["If-None-Match": "*"])
    let tag = try #require(created.etag)
    let client = self.client
    let statuses = await withTaskGroup(of: Int.self) { group in
      for number in 0..<6 {
        group.addTask {
          await Self.put(Self.topic(questions: 40, edited: number).normalizedJSON, ["If-Match": tag], to: client).status
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(statuses.sorted() == [200, 412, 412, 412, 412, 412], "\(statuses)")
    #expect(stored.versions(of: "Big").count == 1)
    #expect(app.site.topics.topic(named: "Big")?.etag == (try stored.topic(named: "Big")).etag)
  }
}
