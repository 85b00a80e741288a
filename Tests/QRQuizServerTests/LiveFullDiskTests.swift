import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom
@testable import QRQuizServer

/// A live game whose data folder fills up mid-game (a tmpfs of the test's own):
/// a move the records cannot take is refused with 503 and changes nothing, so its retry
/// is refused the same way (never 409, "that name is taken"); once space returns the same
/// move counts, and the game always equals its rows.
@Suite struct LiveFullDiskTests {
  static let token = String(repeating: "5c", count: 16)
  static let teacher = ["Authorization": "Bearer \(token)"]

  @Test(.enabled(if: SmallFileSystem.canMount, "needs root to mount a tmpfs"))
  func aRefusedMoveChangesNothingAndTheGameRecovers() async throws {
    let (library, cache) = try LiveLibrary.make()
    let disk = try #require(SmallFileSystem(kilobytes: 512))
    let records = try RecordStore(file: disk.url.appendingPathComponent(RecordStore.fileName))
    let archive = LiveGameStore(records: records, directory: disk.url)
    let clock = ManualClock()
    let app = QuizWebApp(
      topics: .library(TopicLibrary(directory: library.url)),
      configuration: .init(
        publicURL: "http://192.168.1.20:8080", teacherToken: Self.token,
        imageCache: try ImageDiskCache(directory: cache.url), liveGames: archive),
      live: LiveGames(store: archive, clock: clock.clock, joinBurst: 100, keepAliveInterval: 10, runsTicker: false))
    app.reload()
    let client = WebAppClient(app: app)
    func post(_ path: String, _ body: String, headers: [String: String] = [:]) async -> WebAppClient.Response {
      await client.request("POST", path, headers: headers, body: Array(body.utf8))
    }
    func field(_ response: WebAppClient.Response, _ name: String) throws -> String {
      if case .string(let text)? = try JSONParser.parse(response.body)[name] { return text }
      return ""
    }

    let made = await post("/api/live", #"{"topic":"Capitals","set":1,"seconds":20}"#, headers: Self.teacher)
    #expect(made.status == 201, "\(made.text)")
    let pin = try field(made, "pin")
    let room = try #require(app.live.room(pin))

    // Players join until one does not fit (the write-ahead log's last page has some room left).
    let filler = try disk.fill()
    var refused: (name: String, before: LiveGame)?
    for number in 1...2000 {
      let before = room.snapshot
      let joined = await post("/api/live/\(pin)/players", #"{"name":"Player \#(number)"}"#)
      if joined.status == 503 {
        refused = ("Player \(number)", before)
        break
      }
      #expect(joined.status == 201, "\(joined.text)")
    }
    let (name, before) = try #require(refused, "the disk never filled")
    // (Compared as a Bool: a game's description is long.)
    #expect(
      room.snapshot == before ? true : false, "the refused join was applied: \(room.snapshot.players.count) players")
    // The phone tries again: refused the same way, not "that name is taken".
    let retried = await post("/api/live/\(pin)/players", #"{"name":"\#(name)"}"#)
    #expect(retried.status == 503, "the retry got \(retried.status): \(retried.text)")
    #expect(room.snapshot == before ? true : false, "the retry was applied")

    // Space returns: the same join counts, and the game equals its rows.
    try FileManager.default.removeItem(at: filler)
    let accepted = await post("/api/live/\(pin)/players", #"{"name":"\#(name)"}"#)
    #expect(accepted.status == 201, "\(accepted.text)")
    #expect(room.snapshot.players.count == before.players.count + 1)
    let stored = archive.resumeUnfinished(at: clock.clock.now()).games.first { $0.game.setup.pin == pin }
    stored?.log.finish()
    #expect(stored?.game == room.snapshot ? true : false, "the game differs from its rows")
    withExtendedLifetime(disk) {}
  }
}
