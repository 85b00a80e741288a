import Foundation
import QRQuiz
import QRQuizCards

extension AnswerCardsCommand {
  struct Scan: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "scan", abstract: "Read the answer cards held up in photos: each card's number and the letter on top.",
      discussion: """
        Photos are PNG or JPEG (phone photos are turned upright by their EXIF orientation),
        read --jobs at a time and reported in the order given: a table, or with --json one
        line per photo, {"file": …, "cards": [{"card": N, "answer": "A", "name": …, "corners":
        [[x, y] ×4]}], "ignored": K, "ms": T} or {"file": …, "error": …}. Corners go clockwise
        from the marker's corner between the card's D and A edges. With --class, each card is
        read by its class mark, cards not in the class (another class's among them) are ignored
        (counted in "ignored") and the students not seen are listed. Without it, a card is read
        by its code, which is its number only for cards printed without a class mark.
        A card seen with two answers in one photo is ignored; a photo taken in a mirror gives
        no card (--mirrored reads a mirror image, as a selfie camera takes it). Exit code 0
        when every photo showed a card, 3 when one showed none, 1 when one could not be read.
        """,
      examples: [
        "qrquiz answer-cards scan --class 7B room.jpg", "qrquiz answer-cards scan --json --jobs 2 photos/*.jpg",
      ])

    @Argument(value: "PHOTO", help: "PNG or JPEG photos", completion: .file) var photos: [String]
    @Flag("--json", help: "one JSON line per photo") var json
    @Option("--jobs", value: "N", help: "photos read at once", range: 1...256, defaultText: "every core") var jobs: Int?
    @Option("--class", value: "NAME", help: "the class holding the cards: names, and other cards ignored")
    var className: String?
    @Flag("--mirrored", help: "the photos are mirror images (a selfie camera's)") var mirrored
    @Option("--time-limit", value: "SECONDS", help: "the most one photo may take to decode and read")
    var timeLimit = 5.0

    func validate() throws(CLIError) {
      guard !photos.isEmpty else { throw .usage("scan needs a photo") }
      guard timeLimit > 0, timeLimit <= 3600 else { throw .usage("--time-limit must be from 0 to 3600 seconds") }
    }

    func run() async throws -> ExitCode {
      let store = try className.map { _ in try ClassCommand.store() }
      let roster = try className.map { try store!.roster(named: $0) }
      // The class's cards by their codes (class marks), other classes' said as such.
      let codes = try roster.map { try store!.cardCodes(of: $0.name.text) }
      // A missing libapriltag is said once, before any photo.
      _ = try AnswerCardScanner(timeLimit: timeLimit)
      var failure: ExitCode?
      var everyPhotoShowedACard = true
      let classCards = roster.map { roster in
        AnswerCardSet(
          cardsByCode: Dictionary(
            roster.students.map { (codes?.code(ofCard: $0.card) ?? $0.card, $0.card) }, uniquingKeysWith: { a, _ in a }),
          otherClassCodes: codes?.otherClasses ?? [])
      }
      let jobs = jobs ?? ParallelWork.defaultJobs
      // Photos are read a window at a time, each window's lines printed in order as soon as
      // it is done: memory stays bounded however many photos.
      for window in stride(from: 0, to: photos.count, by: jobs * 4) {
        let paths = Array(photos[window..<min(window + jobs * 4, photos.count)])
        let results = CardPhotoReading.read(
          paths, jobs: jobs, timeLimit: timeLimit, mirrored: mirrored, cards: classCards)
        for (path, result) in zip(paths, results) {
          let report = CardScanReport(file: path, result: result, roster: roster)
          Console.bytes(Array((json ? report.jsonLine : report.table).utf8))
          switch result {
          case .failure(let error): failure = max(failure ?? .success, ErrorReport.exitCode(for: error))
          case .success(let scan): everyPhotoShowedACard = everyPhotoShowedACard && !scan.scan.cards.isEmpty
          }
        }
      }
      return failure ?? (everyPhotoShowedACard ? .success : .notFound)
    }
  }
}
