import Foundation
import QRQuiz
import QRQuizCards
import QRQuizClassroom
import QRQuizHTTP

/// Answer cards in live games (`docs/CARDS.md`): a game made with a class has its
/// students as card players; the host's screen (its webcam) or the teacher's phone at
/// `/scan/PIN` posts frames, each read off the HTTP threads (``CardScanning``) and the
/// cards it shows taken by the game, stored before the answer counts. The projector
/// shows which cards were seen, never what they answered.
extension LiveArea {
  /// The answer cards' routes.
  /// The routes of a game's cards, in its group (`/api/live/{pin}`).
  func addCardRoutes(to game: inout RouteGroup<RequestContext, Anyone>) {
    game.add(
      .post, "/scan", "a camera frame or photo of the room: the answer cards it shows", access: cardScanner,
      bodyLimit: BodyLimit(bytes: CardScanning.frameLimits.maximumFileSize),
      .deferred(lane: .live, stampedBy: games.clock.now, scanCards))
    game.group(access: hostDownload) { host in
      host.add(.get, "/cards", "the class's cards, and which are seen for the open question", .immediate(seenCards))
    }
    game.group(access: gameTeacher) { teacher in
      teacher.add(
        .get, "/scanner.svg", "the QR code of the scan page's address, with the scanners' secret",
        .immediate(scannerQRCode))
    }
  }

  /// POST `/api/live/PIN/scan` (the body one PNG or JPEG; `?mirrored=1` for a mirror
  /// image) → 200 `{"seen": [{"card", "answer", "name", "new"}], "ignored", "ms",
  /// "question"}`. A card counts for the open question; `new` says it changed the
  /// student's answer. 503 while this scanner's last frame is being read or every reader
  /// is busy.
  func scanCards(_ context: RequestContext, _ scanner: CardScanner, arrived now: QuizClock.Instant) async throws
    -> HTTPResponse
  {
    let room = scanner.room
    guard let cardClass = room.setup.cardClass else {
      return .apiError(409, "this game has no class: start a game with a class to read answer cards")
    }
    if room.isOver { return .apiError(410, "the game is over") }
    let busy = HTTPResponse.apiError(
      503, "still reading the last frame: send the next one after it",
      headers: [
        HTTPResponse.retryAfter(1)
      ])
    guard room.beginScan(scanner.role) else { return busy }
    defer { room.endScan(scanner.role) }
    let mirrored = ["1", "true", "yes"].contains(context.request.query["mirrored"]?.lowercased() ?? "")
    let reading: CardScanning.Reading
    // Each card by its code (its class mark): another class's card N is never this one's.
    let cards = AnswerCardSet(cardsByCode: cardClass.cardsByCode, otherClassCodes: Set(cardClass.otherClassCodes ?? []))
    switch await cardScanning.read(context.request.body, mirrored: mirrored, cards: cards) {
    case .success(let read): reading = read
    case .failure(.busy): return busy
    case .failure(.unreadable(let error)): return Self.unreadableFrame(error)
    }
    let sightings = reading.scan.cards
    let seenCards = sightings.map { ($0.card, $0.answer.index) }
    let role = scanner.role
    let (outcomes, ticket) = try await inTurn(room, what: "the cards") { room in
      room.see(seenCards, by: role, at: now)
    }
    try await stored(ticket, in: room, what: "the cards")
    let game = room.snapshot
    var seen: [JSONValue] = []
    var refused: [JSONValue] = []
    for (sighting, outcome) in zip(sightings, outcomes) {
      let changed: Bool
      switch outcome {
      case .success(let result): changed = result.entry != nil
      case .failure(.notOpen): changed = false
      case .failure(let refusal):
        refused.append(.object([("card", .number(sighting.card)), ("reason", .string(Self.reason(refusal)))]))
        continue
      }
      seen.append(
        .object([
          ("card", .number(sighting.card)), ("answer", .string(sighting.answer.rawValue)),
          ("name", game.player(card: sighting.card).map { .string($0.name.text) } ?? .null), ("new", .bool(changed)),
        ]))
    }
    let ignored = reading.scan.ignored
    var members: [(key: String, value: JSONValue)] = [
      ("seen", .array(seen)), ("ignored", .number(ignored.total + refused.count)),
      ("ignored_cards", .array(refused)),
      (
        "ignored_unread",
        .object([
          ("not_in_class", .number(ignored.notInClass)), ("other_class", .number(ignored.otherClass)),
          ("between_letters", .number(ignored.betweenLetters)),
          ("two_answers", .number(ignored.twoAnswers)), ("not_a_card", .number(ignored.notACard)),
        ])
      ),
      ("ms", .number((reading.milliseconds * 10).rounded() / 10)),
    ]
    if case .open(let index, _) = game.phase {
      let letters = AnswerCard.Letter.allCases.prefix(game.setup.questions[index].answers.count)
      members += [
        ("question", .number(index)), ("letters", .array(letters.map { .string($0.rawValue) })),
        (
          "not_seen",
          .array(
            game.cardHolders.filter { !$0.seen }.map {
              .object([("card", .number($0.player.card ?? 0)), ("name", .string($0.player.name.text))])
            })
        ),
      ]
    } else {
      members.append(("question", .null))
    }
    return .json(.object(members))
  }

  /// A refused card's reason, as the scan's answer names it.
  private static func reason(_ refusal: LiveGame.SightingRefusal) -> String {
    switch refusal {
    case .notInGame: "not_in_game"
    case .answersByPhone: "by_phone"
    case .notOpen: "not_open"
    case .noSuchAnswer: "not_an_answer"
    case .askedAsNumber: "asks_a_number"
    case .heldUpBefore: "held_up_before"
    }
  }

  /// The answer to a frame that could not be read, as for a picture upload.
  private static func unreadableFrame(_ error: AnswerCardScanner.Error) -> HTTPResponse {
    switch error {
    case .image(.fileTooLarge), .image(.tooManyPixels): .apiError(413, "\(error)")
    case .image(.unsupportedFormat): .apiError(415, "\(error): send a PNG or JPEG frame")
    case .image, .timeLimitExceeded: .apiError(422, "\(error)")
    case .library(let library): .apiError(500, "this server cannot read answer cards: \(library)")
    }
  }

  /// GET `/api/live/PIN/cards` (the host) → `{"class", "question", "cards": [{"card",
  /// "name", "seen", "phone"}]}`: every student of the class in card order, whether their
  /// card is seen for the open question, and whether they answer by phone instead.
  func seenCards(_ context: RequestContext, _ host: Host) -> HTTPResponse {
    let game = host.room.snapshot
    guard let cardClass = game.setup.cardClass else {
      return .apiError(409, "this game has no class: start a game with a class to read answer cards")
    }
    let open: Int? = if case .open(let index, _) = game.phase { index } else { nil }
    let cards: [JSONValue] = game.players.compactMap { player in
      guard let card = player.card, !player.isRemoved else { return nil }
      let byPhone = !player.secret.isEmpty
      return .object([
        ("card", .number(card)), ("name", .string(player.name.text)),
        ("seen", .bool(!byPhone && open.map { player.answers[$0] != nil } == true)), ("phone", .bool(byPhone)),
      ])
    }
    return .json(
      .object([
        ("class", .string(cardClass.name)), ("question", open.map(JSONValue.number) ?? .null),
        ("cards", .array(cards)),
      ]))
  }

  /// The scan page's address with the scanners' secret (which the page moves into a
  /// cookie and drops from the address).
  func scanURL(_ room: LiveRoom) -> String? {
    room.setup.scannerSecret.map { site.publicURL + SitePath.scan(room.pin).value + "?secret=" + $0 }
  }

  /// GET `/api/live/PIN/scanner.svg` (the teacher alone): the QR code of ``scanURL(_:)``,
  /// for the teacher's phone to open; 409 for a game without a class. The host's secret
  /// does not open it: the host screen is the projector's, and anyone who photographs the
  /// code can read cards into the game.
  func scannerQRCode(_ context: RequestContext, _ teacher: GameTeacher) throws -> HTTPResponse {
    guard let address = scanURL(teacher.room) else {
      return .apiError(409, "this game has no class: start a game with a class to read answer cards")
    }
    let matrix = try QRSymbolEncoder.encode(Array(address.utf8), mode: .byte, level: .medium)
    let svg = SVGRenderer.svg(SymbolSheet(matrices: [matrix], scale: 10, margin: 4))
    return .bytes(Array(svg.utf8), type: "image/svg+xml", cache: "no-store")
  }

  /// GET `/scan/PIN`: the teacher's phone taking photos of the room's cards.
  func scanPage(_ context: RequestContext, _ scanner: CardScanner) -> HTTPResponse {
    let setup = scanner.room.setup
    guard let cardClass = setup.cardClass, let secret = setup.scannerSecret else {
      let pages = site.pages(context)
      return .html(pages.error(CardPhrase.cardNoClassTitle, pages.say(CardPhrase.cardNoClassDetail)), status: 409)
    }
    return .html(site.pages(context).liveScanner(setup, cardClass: cardClass, secret: secret))
  }
}
