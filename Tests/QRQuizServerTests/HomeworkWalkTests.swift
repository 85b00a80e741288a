import Foundation
import QRQuiz
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuizClassroom
@testable import QRQuizServer

/// Homework codes (39.6 bits) and students' links cannot be walked (issue 50, items 2, 3
/// and 12): every miss, on every route that looks one up, and every join attempt come out
/// of the one per-address budget live PINs use; once spent, 429 with `Retry-After`, a
/// right code as a wrong one. Counted in requests on the server's own clock, never timed.
@Suite struct HomeworkWalkTests {
  let server: HomeworkServer
  /// The lookups an address may miss before it is refused (the live games' default).
  static let burst = 100
  static let walker = "10.0.0.66"
  static let other = "10.0.0.77"

  init() throws { server = try HomeworkServer() }

  /// The routes that look a code up, for `code`: the page, the code form, the QR codes,
  /// the API's read and join.
  func lookup(_ code: String, _ route: Int, from address: String) async -> WebAppClient.Response {
    switch route % 6 {
    case 0: return await server.client.request("GET", "/a/\(code)", from: address)
    case 1: return await server.client.request("GET", "/a?code=\(code)", from: address)
    case 2: return await server.client.request("GET", "/a/\(code)/qr.png", from: address)
    case 3: return await server.client.request("GET", "/a/\(code)/qr.svg", from: address)
    case 4:
      return await server.client.request(
        "GET", "/api/assignments/\(code)/next?secret=\(Secret.make())", from: address)
    default:
      return await server.client.request(
        "POST", "/api/assignments/\(code)/students", headers: ["Content-Type": "application/json"],
        body: Array(#"{"name":"Walker"}"#.utf8), from: address)
    }
  }

  @Test func aWalkOfRandomCodesFromOneAddressIsStoppedAndAnotherAddressIsAnswered() async throws {
    let real = try await server.assign()
    var statuses: [Int: Int] = [:]
    var refusedWithoutRetryAfter = 0
    for route in 0..<480 {
      var code = Assignment.makeCode()
      while code == real { code = Assignment.makeCode() }
      let answer = await lookup(code, route, from: Self.walker)
      statuses[answer.status, default: 0] += 1
      if answer.status == 429, answer.headers["retry-after"].flatMap(Int.init) == nil { refusedWithoutRetryAfter += 1 }
    }
    // Before: all 480 answered 404 (the walk went on at ~2,200 codes a second).
    #expect(statuses[404] == Self.burst && statuses[429] == 480 - Self.burst, "\(statuses)")
    #expect(refusedWithoutRetryAfter == 0)
    // Spent: the real code is refused as a wrong one, on every route.
    for route in 0..<6 {
      let status = await lookup(real, route, from: Self.walker).status
      #expect(status == 429, "route \(route): \(status)")
    }
    // Another address is untouched: it opens the page, joins and answers.
    #expect(await lookup(real, 0, from: Self.other).status == 200)
    let joined = await server.client.request(
      "POST", "/api/assignments/\(real)/students", headers: ["Content-Type": "application/json"],
      body: Array(#"{"name":"Ada"}"#.utf8), from: Self.other)
    #expect(joined.status == 201)
    let secret = HomeworkServer.string((try? JSONParser.parse(joined.body))?["secret"])
    #expect(await server.answer(real, secret, 0, [0]).status == 200)
    // A request that proves its secret is answered from the spent address too; so is the teacher.
    let next = await server.client.request("GET", "/api/assignments/\(real)/next?secret=\(secret)", from: Self.walker)
    #expect(next.status == 200)
    let teacher = await server.client.request(
      "GET", "/a/\(real)", headers: HomeworkServer.teacherCookie, from: Self.walker)
    #expect(teacher.status == 200)
    // The budget comes back with the server's clock: 100 a minute.
    server.clock.advance(by: 60)
    #expect(await lookup(real, 0, from: Self.walker).status == 200)
    print("homework walk: \(statuses) for 480 random codes from one address")
  }

  @Test func studentsLinksCannotBeWalked() async throws {
    _ = try server.classes.update("7B") { $0.giveResultsSecrets() }
    let ada = try #require(try server.classes.roster(named: "7B").student(card: 1)?.resultsSecret)
    var statuses: [Int: Int] = [:]
    for _ in 0..<300 {
      let answer = await server.client.request("GET", "/s/\(Secret.make())", from: Self.walker)
      statuses[answer.status, default: 0] += 1
      if answer.status == 429 { #expect(answer.headers["retry-after"] != nil) }
    }
    #expect(statuses[404] == Self.burst && statuses[429] == 300 - Self.burst, "\(statuses)")
    // Ada's own link from her own address; from the spent one it waits like any other.
    #expect(await server.client.request("GET", "/s/\(ada)", from: Self.other).status == 200)
    #expect(await server.client.request("GET", "/s/\(ada)", from: Self.walker).status == 429)
  }

  @Test func homeworkAndLiveMissesShareOneBudget() async throws {
    let real = try await server.assign()
    // PINs walked first: then homework codes are refused at once, and the reverse.
    for pin in 0..<Self.burst {
      _ = await server.client.request("GET", "/j/\(String(format: "%06d", 900_000 + pin))", from: Self.walker)
    }
    #expect(await lookup(real, 0, from: Self.walker).status == 429)
    for _ in 0..<Self.burst { _ = await lookup(Assignment.makeCode(), 0, from: Self.other) }
    let pin = await server.client.request("GET", "/j/123456", from: Self.other)
    #expect(pin.status == 429 && pin.headers["retry-after"] != nil)
  }

  @Test func aClassHomeworksJoinTellsAStrangerNothingOfItsRoster() async throws {
    let code = try await server.assign("Capitals", #","class":"7B""#)
    _ = try await server.join(code, "Ada Lovelace")
    func join(_ name: String, from address: String = "10.0.0.9") async -> (status: Int, body: String) {
      let answer = await server.client.request(
        "POST", "/api/assignments/\(code)/students", headers: ["Content-Type": "application/json"],
        body: Array(#"{"name":"\#(name)"}"#.utf8), from: address)
      return (answer.status, answer.text)
    }
    // Taken, and not on the roster: the same status and the same words.
    let taken = await join("Ada Lovelace")
    let stranger = await join("Mallory Example")
    #expect(taken.status == 403 && taken == stranger, "\(taken) \(stranger)")
    // Guessing names costs the guesser: after the budget, 429 for any name, a free one too.
    for guess in 0..<Self.burst { _ = await join("Guess \(guess)", from: Self.walker) }
    #expect(await join("Alan Turing", from: Self.walker).status == 429)
    #expect(await join("Alan Turing").status == 201)
  }
}
