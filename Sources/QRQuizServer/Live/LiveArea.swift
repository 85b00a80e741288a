import Foundation
import QRQuiz
import QRQuizClassroom
import QRQuizHTTP

/// Live classroom games (`docs/LIVE.md`): the teacher makes a game, players join and
/// answer, the host moves it on; everyone follows it on an event stream. The pages
/// (`LiveArea+Pages.swift`) are shells the script fills from the stream; the API
/// (`LiveArea+API.swift`) is JSON in and out, every action with its secret (the PIN only
/// finds the game). Owns the games.
final class LiveArea: Sendable {
  let site: Site
  let pictures: PicturesArea
  let games: LiveGames
  /// Reads the frames of answer cards posted to the games.
  let cardScanning = CardScanning()
  /// Answers a question takes at most in a request.
  static let picksLimit = 256
  /// How the routes open to anyone that look a game up by PIN say their limit.
  static let lookupsLimited = "anyone; a wrong PIN counts as an attempt to join"

  init(site: Site, pictures: PicturesArea, games: LiveGames) {
    self.site = site
    self.pictures = pictures
    self.games = games
  }

  /// The live games' routes: the pages, then the API.
  func addRoutes(to router: inout Router<RequestContext>) {
    router.add(
      .post, "/live", "makes a live game from a topic page's form", access: site.teacherForm, .deferred(hostFromForm))
    router.add(
      .get, "/host/{pin}", "a live game's host screen, for the projector", access: hostScreen, .immediate(hostPage))
    router.add(.get, "/j", "asks a live game's PIN", access: .anyone, .immediate(pinPage))
    router.add(
      .get, "/j/{pin}", "a player's page of a live game: nickname, answers, score",
      access: .anyone(Self.lookupsLimited), .immediate(playerPage))
    router.add(
      .get, "/j/{pin}/qr.png", "the QR code of the game's join address", access: .anyone(Self.lookupsLimited),
      .immediate(joinQRPNG))
    router.add(.get, "/j/{pin}/qr.svg", "the same, as SVG", access: .anyone(Self.lookupsLimited), .immediate(joinQRSVG))

    router.add(.post, "/api/live", "makes a live game", access: site.teacherAPI, .deferred(createLiveGame))
    router.add(
      .get, "/api/live", "the live games running: PIN, topic, phase, players, started", access: site.teacherRead,
      .immediate(runningGames))
    router.group("/api/live/{pin}", access: .anyone("anyone; attempts are limited per address")) { game in
      game.add(
        .post, "/players", "joins a game: a nickname, or a student of the class", .deferred(lane: .live, joinLiveGame))
      game.group(access: member) { member in
        member.add(.get, "/events", "a game's event stream", .either(liveEvents))
        member.add(.get, "/status", "who a secret is in a game", .immediate(liveStatus))
      }
      game.add(
        .post, "/answers", "a player's answer to the open question", access: playerMove,
        .deferred(lane: .live, stampedBy: games.clock.now, answerLiveGame))
      game.group(access: hostMove) { host in
        host.add(.post, "/next", "start, close the question, next, podium", .deferred(lane: .live, nextInLiveGame))
        host.add(.post, "/end", "the podium now", .deferred(lane: .live, endLiveGame))
        host.add(.post, "/kick", "removes (and bans) a player", .deferred(lane: .live, kickFromLiveGame))
        host.add(.post, "/unban", "lets a banned player join again", .deferred(lane: .live, unbanInLiveGame))
        host.add(
          .post, "/settings", "lock the game, hide the scores, allow guests", .deferred(lane: .live, liveGameSettings))
        host.add(
          .post, "/merge", "merges a player into another: one student, one row",
          .deferred(lane: .live, mergeInLiveGame))
        host.add(
          .post, "/rejoin/approve", "lets a device continue as a player", .deferred(lane: .live, approveRejoin))
        host.add(
          .post, "/rejoin/decline", "tells a device asking to be a player no", .deferred(lane: .live, declineRejoin))
        host.add(.post, "/reask", "asks a question again, with its full time", .deferred(lane: .live, reaskInLiveGame))
      }
      addCardRoutes(to: &game)
      game.group(access: hostDownload) { download in
        download.add(.get, "/results.csv", "a game's results as CSV", .deferred(liveResultsCSV))
        download.add(.get, "/results.json", "the same as JSON", .deferred(liveResultsJSON))
      }
    }
    router.add(
      .get, "/scan/{pin}", "the teacher's phone reading the room's answer cards", access: scannerScreen,
      .immediate(scanPage))
  }

  /// Resumes the games a previous run left unfinished.
  func resumeGames() -> LiveGames.ResumeReport {
    games.resume(
      joinURL: { [site] in site.joinURL($0) }, imageSource: { [pictures] url in pictures.imageSource(for: url)?.value })
  }

  /// Makes the game `request` asks for.
  func makeLiveGame(_ request: LiveGameRequest, for teacher: Teacher? = nil) throws(JSONBody.Problem) -> LiveRoom {
    guard let topic = site.topics.topic(named: request.topic) else {
      throw .init(status: 404, message: "no topic is named \(request.topic)", field: "topic")
    }
    if let set = request.set, !(1...max(1, topic.setSizes.count)).contains(set) {
      throw .init(
        status: 422, message: "the topic has \(Plural.count(topic.setSizes.count, "set")); set \(set) is not one",
        field: "set")
    }
    guard topic.questionCount > 0 else {
      throw .init(status: 422, message: "the topic has no questions", field: "topic")
    }
    var cardClass: LiveCardClass?
    if let className = request.className {
      cardClass = try self.cardClass(named: className, teacher: teacher?.account)
    }
    // The questions are drawn first, so a set the topic lacks is refused before a PIN is taken.
    var prepared: LiveGame.Setup
    do {
      prepared = try LiveGame.Setup.make(
        topic: topic.topic, topicName: topic.name, setNumber: request.set, scoring: request.scoring,
        seconds: request.seconds, maximumPlayers: request.maximumPlayers, pin: "", hostSecret: "",
        created: games.clock.now(), cardClass: cardClass)
    } catch {
      throw .init(status: 422, message: "\(error)", field: "set")
    }
    prepared.teacher = teacher?.account
    let room: LiveRoom
    do {
      room = try games.create(
        joinURL: site.joinURL, imageSource: { [pictures] url in pictures.imageSource(for: url)?.value },
        setup: { pin, hostSecret in
          var setup = prepared
          setup.pin = pin
          setup.hostSecret = hostSecret
          return setup
        })
    } catch {
      throw .init(status: 503, message: "\(error)")
    }
    return room
  }

  /// The class named `name` as a game's card players: 404 for no such class (or another
  /// teacher's: `teacher` is the account making the game), 422 for one without students.
  private func cardClass(named name: String, teacher: Int64?) throws(JSONBody.Problem) -> LiveCardClass {
    guard let store = site.configuration.classes else {
      throw .init(status: 404, message: "this server has no classes", field: "class")
    }
    let roster: ClassRoster
    let codes: ClassCardCodes
    let owner: Int64?
    do {
      roster = try store.roster(named: name)
      owner = try store.teacher(ofClass: roster.name.text)
      // Its cards' codes (their class mark) and the other classes': kept in the game.
      codes = try store.cardCodes(of: roster.name.text)
    } catch {
      if case .notFound = error { throw .init(status: 404, message: "no class is named \(name)", field: "class") }
      throw .init(status: 500, message: "\(error)", field: "class")
    }
    // Another teacher's class is one this teacher has not.
    guard owner == teacher else { throw .init(status: 404, message: "no class is named \(name)", field: "class") }
    guard !roster.students.isEmpty else {
      throw .init(status: 422, message: "class \(roster.name.text) has no students", field: "class")
    }
    return LiveCardClass(roster, codes: codes)
  }

  /// The host screen's address, with the host's secret (the page keeps it in a cookie and
  /// drops it from the address).
  func hostURL(_ room: LiveRoom) -> String {
    site.publicURL + SitePath.host(room.pin).value + "?secret=" + room.setup.hostSecret
  }

  /// The host's secret, the join address and the host screen's address.
  func hostCredentials(_ room: LiveRoom) -> JSONValue {
    let secret = room.setup.hostSecret
    var members: [(key: String, value: JSONValue)] = [
      ("pin", .string(room.pin)), ("host", .string(secret)), ("join", .string(room.joinURL)),
      ("host_page", .string(hostURL(room))),
    ]
    if let scanner = room.setup.scannerSecret, let scanPage = scanURL(room) {
      members += [("scanner", .string(scanner)), ("scan_page", .string(scanPage))]
    }
    return .object(members)
  }
}
