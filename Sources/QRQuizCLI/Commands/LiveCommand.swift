import Foundation
import QRQuiz
import QRQuizClassroom
import QRQuizServer

/// `qrquiz live`: a live classroom game of a topic, served on the school's network.
struct LiveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "live",
    synonyms: ["game", "host"],
    abstract: "Host a live classroom game: students join from their phones, answer against the clock, see the ranking.",
    discussion: """
      Serves the topic library (as qrquiz serve does), starts a live game of TOPIC (a saved
      topic's name, a topic file, a URL, - or a QR code image, as every command takes a
      topic) and prints the join address, the PIN and a QR code to join, and the host
      screen's address to open on the projector. Listens on the whole
      network (0.0.0.0), for phones cannot reach this computer's own address; --host
      127.0.0.1 keeps it to this computer. Scoring: speed (up to 1,000 points by how quickly
      a right answer comes, and a streak bonus), accuracy (1,000 per right answer) or app
      (+20 right, -10 wrong). A game stopped or crashed resumes when the server starts
      again. Each finished game's results are saved (JSON and CSV): --results lists them.
      The library is the teacher's alone: students reach only their game, by its PIN.
      --games lists the games running on a server (this computer's, on --port, or the one
      at --url), with each host screen's address: it asks the server with the teacher's
      token this computer keeps (the one qrquiz serve and qrquiz live print).
      --class NAME plays with a class made by qrquiz class: its students answer by holding
      up their printed answer cards (qrquiz answer-cards print), read by the host screen's
      camera or the teacher's phone at the scan address printed; students with phones may
      still join, under their own names.
      A game of the same topic (and class) left unfinished by a stop or a crash is taken up
      again rather than a second one made (--new makes another all the same).
      --merge RESULTS FROM INTO makes two players of a finished game one (a guest who is a
      student, a second nickname): RESULTS is a file --results lists, or its name alone; FROM
      and INTO are players' names, matched as the class list matches them. The first answer
      to each question counts; the saved results, the CSV and the class's gradebook then
      show one student.
      --forget RESULTS leaves a finished game (a trial run) out of the gradebook: its
      records and its saved files are removed, after saying which. RESULTS is the file as
      --results lists it, or its name. Deleting the file alone changes nothing: the
      gradebook counts the records.
      """,
    examples: [
      "qrquiz live Capitals", "qrquiz live Capitals --set 2 --scoring accuracy --seconds 30",
      "qrquiz live Capitals --class 7B",
      "qrquiz live quiz.json --port 9000", "qrquiz live --results", "qrquiz live --games",
      "qrquiz live --merge 2026-12-01-1503-Capitals-153772 \"Harry W\" \"Harry Wilson\"",
      "qrquiz live --forget 2026-12-01-1503-Capitals-123456",
      "qrquiz live --games --url http://192.168.1.20:8080",
    ])

  @Argument(.topic) var topic: String?
  @Option("--set", value: "N", help: "the set to play (1-based; default: every set in turn)") var set: Int?
  @Option("--scoring", help: "speed, accuracy or app (default: speed; accuracy with --class)")
  var scoring: LiveScoring?
  @Option("--seconds", help: "seconds per question", range: 5...600) var seconds = 20
  @Option("--max-players", value: "N", help: "players at most", range: 1...10_000) var maximumPlayers = 1000
  @Option("--class", value: "NAME", help: "a class (qrquiz class) whose students answer with answer cards")
  var className: String?
  @Flag("--new", help: "make a new game even when one of this topic is unfinished") var new
  @Option("--host", value: "ADDRESS", help: "the address to listen on (default: the whole network)")
  var host = "0.0.0.0"
  @OptionGroup var server: ServerOptions
  @Flag("--results", help: "list the finished games' saved results, newest first, and exit") var results
  @Option(
    "--forget", value: "RESULTS", help: "leave a finished game out of the gradebook: remove its records and files")
  var forget: String?
  @Flag("--games", help: "list the games running on the server, with their host screens, and exit") var games
  @Option("--url", value: "URL", help: "the server --games asks (default: http://127.0.0.1:PORT)") var url: String?
  @Option(
    "--merge", values: "RESULTS", "FROM", "INTO",
    help: "merge player FROM into player INTO in a finished game's saved results, and exit", completion: .file)
  var merge: [String]?

  func validate() throws(CLIError) {
    try server.check()
    if let set, set < 1 { throw .usage("--set must be 1 or more, not \(set)") }
    if results, topic != nil { throw .usage("--results lists past games: give no topic with it") }
    if games, topic != nil || results { throw .usage("--games lists the running games: give no topic with it") }
    if forget != nil, topic != nil || results || games || className != nil || merge != nil {
      throw .usage("--forget removes one saved game: give it alone")
    }
    if url != nil, !games { throw .usage("--url goes with --games") }
    if className != nil, results || games { throw .usage("--class goes with a game to start") }
    if className?.trimmingCharacters(in: .whitespaces).isEmpty == true { throw .usage("--class needs a class's name") }
    if let url, !(url.hasPrefix("http://") || url.hasPrefix("https://")) {
      throw .usage("--url must start with http:// or https://, not '\(url)'")
    }
    if let merge {
      if topic != nil || results || games || className != nil {
        throw .usage("--merge changes saved results: give it alone")
      }
      if NameFolding.key(merge[1]) == NameFolding.key(merge[2]) {
        throw .usage("--merge needs two players: FROM and INTO are both '\(merge[1])'")
      }
      return
    }
    if !results, !games, forget == nil, topic == nil {
      throw .usage("name the topic to play (or give --results, --games, --merge or --forget)")
    }
  }

  func run() async throws -> ExitCode {
    if let merge { return try mergePlayers(results: merge[0], from: merge[1], into: merge[2]) }
    if results { return try listResults() }
    if let forget { return try forgetResults(forget) }
    if games { return try await RunningGamesList(url: url ?? "http://127.0.0.1:\(server.port)").print() }
    guard let topic else { return .usage }
    // A class that is not there is said before anything is served, as `qrquiz class` says it.
    let classRoster = try className.map { name throws in try ClassCommand.store().roster(named: name) }
    // A saved topic is played with the whole library served (more games from the teacher's
    // address); anything else is served alone.
    let served = try await ServedTopicFiles([topic], reader: TopicReader())
    defer { served.removeCopies() }
    let source: QuizWebApp.Topics
    let name: String
    if case .saved(let saved, _) = served.arguments[0].place {
      (source, name) = (.library(TopicSaving.library), saved)
    } else {
      (source, name) = (.files(served.paths), served.names[0])
    }
    let site = try SiteServer.start(topics: source, host: host, options: server, allowEdit: false, isPrivate: true)
    site.printResumedGames()
    let game: QuizWebApp.HostedGame
    if !new, let unfinished = unfinishedGame(of: name, className: classRoster?.name.text, in: site) {
      // The teacher ran the same command again after a stop or a crash: the same game.
      game = unfinished
      Console.line("Taking up the unfinished game of \(game.setup.title) (--new makes another).")
    } else {
      do {
        game = try site.app.startLiveGame(
          topic: name, set: set, scoring: scoring ?? (className == nil ? .speed : .accuracy),
          seconds: Double(seconds), maximumPlayers: maximumPlayers,
          className: className)
      } catch {
        site.server.stop(timeout: 1)
        throw CLIError(.invalidInput, "\(topic): \(error)")
      }
    }
    printIntroduction(game, site: site)
    await site.runUntilStopped()
    return .success
  }

  /// The newest game resumed at start-up that plays `topic` with the same class (or none).
  private func unfinishedGame(of topic: String, className: String?, in site: SiteServer)
    -> QuizWebApp.HostedGame?
  {
    site.resumed.reversed().lazy.filter { $0.topicName == topic && $0.phase != .over }
      .compactMap { site.app.hostedGame(pin: $0.pin) }
      .first { $0.setup.cardClass?.name == className }
  }

  private func printIntroduction(_ game: QuizWebApp.HostedGame, site: SiteServer) {
    let setup = game.setup
    let set = setup.setNumber.map { "set \($0), " } ?? ""
    let own = setup.questions.filter { $0.seconds != nil }.count
    let time =
      own == 0
      ? "\(Int(setup.seconds)) s a question"
      : own == setup.questions.count ? "each question its own time" : "\(Int(setup.seconds)) s a question, or its own"
    Console.line(
      "Live game of \(setup.title): \(set)\(Plural.count(setup.questions.count, "question")), "
        + "\(setup.scoring.rawValue) scoring, \(time)")
    Console.line("Players join at \(site.base)/j with PIN \(setup.pin.prefix(3)) \(setup.pin.dropFirst(3)), or scan:")
    if let matrix = try? QRSymbolEncoder.encode(Array(game.joinURL.utf8), mode: .byte, level: .medium) {
      Console.text(TerminalRenderer.text(matrix, margin: 2))
    }
    Console.line(game.joinURL)
    Console.line("Host screen (open it on the projector): \(game.hostURL)")
    if let cardClass = setup.cardClass, let scanURL = game.scanURL {
      Console.line(
        "\(cardClass.name): \(Plural.count(cardClass.students.count, "student")) answer with cards "
          + "\(cardClass.students.first?.card ?? 0)–\(cardClass.students.last?.card ?? 0); "
          + "read them with the host screen's camera (Scan cards) or your own phone.")
      // The scanners' link is shown here, on the teacher's own screen, and never by the
      // host screen (the projector): anyone who photographs it can read cards into the game.
      Console.line("Scanner link, for your own phone only (never the projector): scan this code or open")
      if let matrix = try? QRSymbolEncoder.encode(Array(scanURL.utf8), mode: .byte, level: .medium) {
        Console.text(TerminalRenderer.text(matrix, margin: 2))
      }
      Console.line(scanURL)
      if let store = try? ClassCommand.store(), let roster = try? store.roster(named: cardClass.name),
        let codes = try? store.cardCodes(of: roster.name.text),
        let note = AnswerCardsCommand.sharedCardsNote(roster, codes)
      {
        Console.line(note)
      }
      // Browsers open a camera only on https or on the computer's own address.
      Console.line(
        "To read cards with this computer's camera, open the host screen here instead: "
          + "http://localhost:\(site.server.port)/host/\(setup.pin)?secret=\(setup.hostSecret)")
    }
    if site.app.isPublicURLReachable {
      Console.line(
        host == "0.0.0.0" || host == "::"
          ? "Listening on the whole network; --host 127.0.0.1 keeps the game to this computer."
          : "Listening on \(host).")
    } else {
      Console.line(SiteServer.unreachableWarning(publicURL: site.base))
    }
    Console.line("Teacher's address (more games, from each topic's page): \(site.teacherAddress)")
    Console.line(
      "Results are saved in \(Directories.live.appendingPathComponent("results").path) (qrquiz live --results).")
    Console.line("Press Ctrl-C to stop; an unfinished game resumes when the server starts again.")
  }

  private func listResults() throws -> ExitCode {
    let games = LiveGameStore(records: try Records.openClassroom(), directory: Directories.live).savedGames()
    guard !games.isEmpty else {
      Console.line(
        "No finished live games yet (they are saved in \(Directories.live.appendingPathComponent("results").path)).")
      return .success
    }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    for game in games {
      let winner = Self.winnerText(game.winners)
      // A file the teacher deleted is not listed as if it were there: the game is still in
      // the gradebook (the records), and --forget takes it out.
      let file = game.fileExists ? game.file.path : "\(game.stem) (file deleted; still in the gradebook until --forget)"
      Console.row([
        game.created.map(formatter.string(from:)) ?? "?", game.title, Plural.count(game.players, "player"), winner,
        file,
      ])
    }
    return .success
  }

  /// `--merge RESULTS FROM INTO`: one player of two in a finished game's saved results.
  private func mergePlayers(results: String, from: String, into: String) throws -> ExitCode {
    let store = LiveGameStore(records: try Records.openClassroom(), directory: Directories.live)
    let saved = try store.merge(results: results, from: from, into: into, at: QuizClock.now)
    Console.line("Merged \(from) into \(into): \(saved.path) and its CSV saved again.")
    return .success
  }

  /// `--forget RESULTS`: says what goes, then removes it.
  private func forgetResults(_ results: String) throws -> ExitCode {
    let store = LiveGameStore(records: try Records.openClassroom(), directory: Directories.live)
    guard let game = store.savedGame(named: results) else {
      throw CLIError(.notFound, "\(results): no saved results of that name (qrquiz live --results lists them)")
    }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    let files = game.files.filter { FileManager.default.fileExists(atPath: $0.path) }.map(\.lastPathComponent)
    Console.line(
      "Forgetting \(game.title) of \(game.created.map(formatter.string(from:)) ?? "?") "
        + "(\(Plural.count(game.players, "player"))): its records leave the gradebook"
        + (files.isEmpty ? "." : "; removing \(files.joined(separator: " and ")) from \(store.resultsDirectory.path)."))
    do throws(LiveGameStore.ForgetError) {
      try store.forget(results: results)
    } catch {
      throw CLIError(.outputFailed, "\(results): \(error)")
    }
    Console.line("Done: the gradebook no longer counts it.")
    return .success
  }

  /// `winner Ada (2000)`; every one of a tie, `winners Tie One and Tie Two (1000)`;
  /// `no players`.
  static func winnerText(_ winners: [LiveGame.Standing]) -> String {
    guard let first = winners.first else { return "no players" }
    guard winners.count > 1 else { return "winner \(first.name) (\(first.score))" }
    let names = winners.map(\.name)
    return "winners \(names.dropLast().joined(separator: ", ")) and \(names.last!) (\(first.score))"
  }
}

extension LiveScoring: ArgumentChoice {}
