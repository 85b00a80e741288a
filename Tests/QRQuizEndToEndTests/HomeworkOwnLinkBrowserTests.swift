import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizServer

/// Homework opened from each student's own link only, in headless Chromium
/// (Fixtures/homework_own_link_check.py) against the app on a real socket: the homework's
/// page says how to open it and refuses a typed name with that line; the student's own link
/// shows their name and Start, which opens it as them; every page axe-clean and fitting a phone.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct HomeworkOwnLinkBrowserTests {
  @Test func aTypedNameIsRefusedAndTheOwnLinkOpensTheHomework() async throws {
    let server = try HomeworkServer()
    let http = try HTTPServer(configuration: .init(port: 0), responder: server.app)
    defer { http.stop(timeout: 1) }
    let base = "http://127.0.0.1:\(http.port)"
    server.app.setPublicURL(base)
    let code = try await server.assign("Capitals", #","set":1,"class":"7B","own_links":true"#)
    let ada = try #require(try server.classes.roster(named: "7B").student(card: 1)?.resultsSecret)
    let run = try await ProcessRunner.runLong(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["python3", Fixtures.url("homework_own_link_check.py").path, base, code, "/s/\(ada)/a/\(code)"],
      hangLimit: .processorSeconds(300))
    try #require(run.status == 0, "\(run.stderr)")
    let report = try JSONParser.parse(run.stdout)
    func text(_ key: String) -> String { if case .string(let text)? = report[key] { text } else { "" } }
    let line =
      "This homework opens from your own link, the one your teacher gave you (on a slip, or your page of results): "
      + "open it there, not by typing your name."
    #expect(text("notice") == line, "\(run.stdoutText)")
    #expect(text("refused") == line, "\(run.stdoutText)")
    #expect(text("before") == "You are Ada Lovelace", "opening the link starts nothing: \(run.stdoutText)")
    #expect(text("shown") == "question", "Start opens the homework: \(run.stdoutText)")
    #expect(text("who") == "You are Ada Lovelace", "\(run.stdoutText)")
    #expect(report["violations"] == .array([]), "\(run.stdoutText)")
    guard case .object(let layout)? = report["layout"] else { throw CocoaError(.coderInvalidValue) }
    #expect(layout.count == 6)
    for (page, offenders) in layout { #expect(offenders == .array([]), "\(page): \(offenders)") }
    #expect(report["console"] == .array([]), "\(run.stdoutText)")
  }
}
