import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom
@testable import QRQuizServer

/// A real `qrquiz serve` killed (SIGKILL) mid-question and started again after a downtime
/// the test measures: the question resumes with the time it had left when the server was
/// last known alive (its heartbeat in the records), on the status route, the projector's
/// stream and a phone's alike; and a phone may still answer it.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct LiveCrashTimeTests {
  let home: TemporaryDirectory
  let library: TemporaryDirectory
  let cache: TemporaryDirectory

  init() throws {
    home = try TemporaryDirectory()
    (library, cache) = try LiveLibrary.make()
  }

  func startServer() throws -> ServeProcess {
    try ServeProcess([library.url.path, "--cache-dir", cache.url.path], environment: home.qrquizEnvironment)
  }

  func post(_ server: ServeProcess, _ path: String, _ body: String, headers: [String: String] = [:]) throws
    -> (status: Int, json: JSONValue)
  {
    let response = try server.request(
      "POST", path, headers: ["Content-Type": "application/json"].merging(headers) { $1 }, body: Array(body.utf8))
    return (response.status, (try? JSONParser.parse(response.body)) ?? .null)
  }

  func string(_ value: JSONValue?) -> String { if case .string(let text)? = value { text } else { "" } }

  /// Milliseconds as the server says them.
  func milliseconds(_ value: JSONValue?) -> Int64? {
    if case .number(let number)? = value { Int64(number.value) } else { nil }
  }

  /// The status route's `remaining_ms`, with the test's clock before the request and after
  /// the answer: the question's deadline lies between the two plus the time left.
  func remaining(_ server: ServeProcess, _ pin: String, _ secret: String) throws -> (
    before: QuizClock.Instant, after: QuizClock.Instant, milliseconds: Int64
  ) {
    let before = QuizClock.now
    let status = try server.request("GET", "/api/live/\(pin)/status?secret=\(secret)")
    let after = QuizClock.now
    let json = try JSONParser.parse(status.body)
    let left = try #require(milliseconds(json["remaining_ms"]), "\(status.text)")
    return (before, after, left)
  }

  @Test func aQuestionOpenWhenTheServerWasKilledResumesWithTheTimeItHadLeft() throws {
    var server = try startServer()
    let token = try #require(server.teacherToken)
    let made = try post(
      server, "/api/live", #"{"topic":"Capitals","set":1,"seconds":600}"#, headers: ["Authorization": "Bearer \(token)"]
    )
    let pin = string(made.json["pin"])
    let host = string(made.json["host"])
    var secrets: [String] = []
    for name in ["Ada", "Bob"] {
      secrets.append(string(try post(server, "/api/live/\(pin)/players", #"{"name":"\#(name)"}"#).json["secret"]))
    }
    let opened = QuizClock.now
    #expect(try post(server, "/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#).status == 200)

    // The server's heartbeat reaches the records while the question is open: wait until one
    // is a second and a half past the opening (however long a busy machine takes).
    let records = try RecordStore(file: home.url.appendingPathComponent("data/qrquiz/\(RecordStore.fileName)"))
    var alive = QuizClock.Instant(microsecondsSince1970: 0)
    let beat = server.wait {
      let stored = try? records.read { database throws(DatabaseError) in
        try database.value("SELECT alive_at FROM live_games WHERE pin = \(pin)", as: Int64.self)
      }
      alive = QuizClock.Instant(microsecondsSince1970: (stored ?? nil) ?? 0)
      return alive.seconds(since: opened) > 1.5
    }
    #expect(beat == .done, "no heartbeat in the records")
    let before = try remaining(server, pin, host)
    server.kill()
    let killed = QuizClock.now

    // Down for two seconds at least, by the test's own clock.
    while QuizClock.now.seconds(since: killed) < 2 { Thread.sleep(forTimeInterval: 0.05) }
    let spawned = QuizClock.now
    server = try startServer()
    let ready = QuizClock.now
    let after = try remaining(server, pin, host)

    // The deadline moved by the downtime: from the last heartbeat (after `alive`, before the
    // kill) to the resumption (after the spawn, before the server said it serves).
    let deadlineBefore = (
      low: before.before + .milliseconds(before.milliseconds),
      high: before.after + .milliseconds(before.milliseconds + 1)
    )
    let deadlineAfter = (
      low: after.before + .milliseconds(after.milliseconds), high: after.after + .milliseconds(after.milliseconds + 1)
    )
    let shiftAtLeast = deadlineAfter.low.seconds(since: deadlineBefore.high)
    let shiftAtMost = deadlineAfter.high.seconds(since: deadlineBefore.low)
    #expect(shiftAtMost >= spawned.seconds(since: killed), "the question lost the downtime: \(shiftAtMost) s moved")
    #expect(shiftAtLeast <= ready.seconds(since: alive), "the question gained time: \(shiftAtLeast) s moved")
    // So the time it had on resuming is what it had when last known alive: what it had at
    // the kill, to within the heartbeat's interval.

    // The projector and a phone count down to the same deadline as the status route.
    for secret in [host, secrets[1]] {
      let connecting = QuizClock.now
      let stream = try EventStreamClient(port: server.port, path: "/api/live/\(pin)/events?secret=\(secret)")
      let question = try stream.waitForEvent { $0.name == "question" }
      let received = QuizClock.now
      let left = try #require(milliseconds(question.data["remaining_ms"]))
      #expect((received + .milliseconds(left + 1)) >= deadlineAfter.low, "\(question.data)")
      #expect((connecting + .milliseconds(left)) <= deadlineAfter.high, "\(question.data)")
    }
    // The question is open: Bob's answer counts.
    let answered = try post(
      server, "/api/live/\(pin)/answers", #"{"secret":"\#(secrets[1])","question":0,"answers":[0]}"#)
    #expect(answered.status == 202, "\(answered.json)")
  }

  @Test func theHostAsksAQuestionAgainOnARealServer() throws {
    let server = try startServer()
    let token = try #require(server.teacherToken)
    let made = try post(
      server, "/api/live", #"{"topic":"Capitals","set":1,"seconds":600}"#, headers: ["Authorization": "Bearer \(token)"]
    )
    let pin = string(made.json["pin"])
    let host = string(made.json["host"])
    let ada = string(try post(server, "/api/live/\(pin)/players", #"{"name":"Ada"}"#).json["secret"])
    #expect(try post(server, "/api/live/\(pin)/next", #"{"secret":"\#(host)"}"#).status == 200)
    // Not asked yet: refused.
    #expect(try post(server, "/api/live/\(pin)/reask", #"{"secret":"\#(host)","question":1}"#).status == 422)
    #expect(
      try post(server, "/api/live/\(pin)/answers", #"{"secret":"\#(ada)","question":0,"answers":[1]}"#).status == 202)
    // A player's secret is not the host's.
    #expect(try post(server, "/api/live/\(pin)/reask", #"{"secret":"\#(ada)","question":0}"#).status == 403)
    let reasked = try post(server, "/api/live/\(pin)/reask", #"{"secret":"\#(host)","question":0}"#)
    #expect(reasked.status == 200 && string(reasked.json["phase"]) == "question", "\(reasked.json)")
    // Ada answers again: her first answer no longer counts.
    #expect(
      try post(server, "/api/live/\(pin)/answers", #"{"secret":"\#(ada)","question":0,"answers":[0]}"#).status == 202)
    #expect(try post(server, "/api/live/\(pin)/end", #"{"secret":"\#(host)"}"#).status == 200)
    let results = try server.request("GET", "/api/live/\(pin)/results.json?secret=\(host)")
    let json = try JSONParser.parse(results.body)
    guard case .array(let questions)? = json["questions"], case .array(let players)? = json["players"] else {
      Issue.record("no results: \(results.text)")
      return
    }
    #expect(questions.first?["asked"] == .number(2), "\(results.text)")
    #expect(players.first?["correct"] == .number(1) && players.first?["wrong"] == .number(0), "\(results.text)")
  }

  /// The phone's tap while the server is down (killed) is kept and sent once it is back;
  /// one made offline while the host closed the question is said not sent, never lost
  /// without a word (`live_unsent_check.py`, Chromium).
  @Test func aTapWhileTheServerCannotBeReachedIsSentOnceItIsBackOrSaidNotSent() async throws {
    let run = try await ProcessRunner.runLong(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "python3", Fixtures.url("live_unsent_check.py").path, ProcessRunner.qrquiz.path, library.url.path,
        cache.url.path, home.path("data"), String(try freeLoopbackPort()),
      ], hangLimit: .processorSeconds(300))
    #expect(run.status == 0, "\(run.stderr)")
    let report = try JSONParser.parse(run.stdout)
    func text(_ key: String) -> String { if case .string(let text)? = report[key] { text } else { "" } }
    #expect(text("while down") == "Not sent yet: it will be sent when the connection is back.", "\(run.stdoutText)")
    #expect(text("after restart") == "", "\(run.stdoutText)")
    #expect(
      ["Right!", "Wrong"].contains(text("verdict")), "the answer sent after the restart counts: \(run.stdoutText)")
    #expect(report["held"]?["picks"] == .array([.number(0)]), "the answer sent after the restart is not held")
    #expect(text("offline") == "Not sent yet: it will be sent when the connection is back.", "\(run.stdoutText)")
    #expect(text("question closed") == "Not sent: the question closed.", "\(run.stdoutText)")
    #expect(
      report["held 2"]?["picks"] == .array([]) && report["held 2"]?["outcome"] == .string("unanswered"),
      "an answer the phone said was not sent is held: \(run.stdoutText)")
    // The question asked again while the tap waited: not sent to the new asking.
    #expect(text("offline 3") == "Not sent yet: it will be sent when the connection is back.", "\(run.stdoutText)")
    #expect(text("asked again") == "Not sent: the question closed.", "\(run.stdoutText)")
    #expect(text("buttons free") == "free", "the question asked again takes a fresh answer: \(run.stdoutText)")
    #expect(report["held 3"] == .null, "the first asking's answer went to the second: \(run.stdoutText)")
  }
}
