import Foundation
import QRQuiz
import QRQuizCards
import QRQuizClassroom

extension ClassCommand {
  /// `qrquiz class slips CLASS -o slips.pdf`: each student's own link on a slip of paper.
  struct Slips: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "slips",
      abstract: "Print each student's own link (their page of results and review) as a slip with a QR code.",
      discussion: """
        Students without a link get one first (as the class's page gives them), kept for
        good: a slip printed again opens the same page. The links start with the address of
        the server the students reach (--public-url, as qrquiz serve takes it; by default
        this machine's address on the network, port 8080). Eight slips a page, with cut
        lines; the words follow the locale (English or Spanish). A slip opens one student's
        page only: hand each one out folded.
        """,
      examples: [
        "qrquiz class slips 9B -o 9B-slips.pdf",
        "qrquiz class slips 9B --public-url http://192.168.1.20:8080 -o 9B-slips.pdf",
      ])

    @Argument(value: "CLASS", help: "the class's name") var name: String
    @Option("-o", "--output", value: "FILE", help: "the PDF (- for standard output)", completion: .file)
    var output: String?
    @Option("--public-url", value: "URL", help: "the server's address the students reach") var publicURL: String?
    @Option("--paper", help: "the paper") var paper = AnswerCardPrinter.Paper.a4

    func validate() throws(CLIError) {
      guard output != nil else { throw .usage("say where the slips go: -o FILE.pdf") }
      if let publicURL, !(publicURL.hasPrefix("http://") || publicURL.hasPrefix("https://")) {
        throw .usage("--public-url must start with http:// or https://, not '\(publicURL)'")
      }
    }

    func run() async throws -> ExitCode {
      let roster = try ClassCommand.store().update(name) { roster throws(ClassRoster.Problem) in
        roster.giveResultsSecrets()
        return roster
      }
      guard !roster.students.isEmpty else { throw CLIError(.notFound, "\(roster.name) has no students yet") }
      var base = publicURL ?? NetworkAddress.defaultPublicURL
      while base.hasSuffix("/") { base.removeLast() }
      let slips = roster.students.compactMap { student in
        student.resultsSecret.map {
          StudentSlip(name: student.name.text, className: roster.name.text, link: "\(base)/s/\($0)")
        }
      }
      let words = TerminalWords.current
      let pdf = try StudentSlipPrinter(paper: paper).pdf(
        slips, words: .init(purpose: words(.slipPurpose), privacy: words(.slipPrivacy)))
      let output = output ?? "-"
      try Console.write(pdf, to: output)
      if output != "-" {
        Console.error(
          "\(output): \(Plural.count(slips.count, "slip")) of \(roster.name), links to \(base)/s/… "
            + "(the server must be reached there)")
      }
      return .success
    }
  }
}
