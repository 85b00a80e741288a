import Foundation
import QRQuiz
import QRQuizFiles

/// `qrquiz live --games`: the games running on a server, asked of its `GET /api/live` with
/// the teacher's token this computer keeps (`DATA/teacher-token`, which `serve` and `live`
/// print in the teacher's address), one line each with its host screen's address.
struct RunningGamesList {
  /// The server, without a trailing slash: `http://127.0.0.1:8080`.
  let url: String

  init(url: String) { self.url = url.hasSuffix("/") ? String(url.dropLast()) : url }

  func print() async throws -> ExitCode {
    let tokenFile = Directories.data.appendingPathComponent("teacher-token")
    guard let bytes = try? BoundedFile.read(tokenFile.path, limit: 256),
      let token = String(validating: bytes, as: UTF8.self)?.trimmingCharacters(in: .whitespacesAndNewlines),
      !token.isEmpty
    else {
      throw CLIError(
        .notFound, "\(tokenFile.path): no teacher's token on this computer: qrquiz serve or qrquiz live makes it")
    }
    guard let address = URL(string: url + "/api/live") else { throw CLIError(.usage, "\(url): not an address") }
    let response: BoundedDownload.Response
    do {
      response = try await BoundedDownload(limit: 1 << 20, timeout: 10, maximumRedirects: 0)
        .response(for: address, headers: ["Authorization": "Bearer \(token)"])
    } catch {
      throw CLIError(.network, "\(url): no qrquiz server answers: \(error)")
    }
    guard response.status == 200 else {
      let refused = [401, 403].contains(response.status)
      throw CLIError(
        .network,
        refused
          ? "\(url): the server does not take this computer's teacher's token (it keeps its own data folder)"
          : "\(url)/api/live: HTTP \(response.status): is this a qrquiz server?")
    }
    guard case .array(let games)? = try? JSONParser.parse(response.body) else {
      throw CLIError(.network, "\(url)/api/live: not the list of games")
    }
    guard !games.isEmpty else {
      Console.line("No live games running at \(url).")
      return .success
    }
    for game in games {
      Console.row([
        "PIN " + text(game["pin"]), text(game["title"]), phase(game), players(game["players"]),
        "started " + text(game["started"]), text(game["host_page"]),
      ])
    }
    return .success
  }

  private func text(_ value: JSONValue?) -> String { if case .string(let text)? = value { text } else { "?" } }

  private func number(_ value: JSONValue?) -> Int? {
    if case .number(let number)? = value { Int(number.value) } else { nil }
  }

  private func players(_ value: JSONValue?) -> String { Plural.count(number(value) ?? 0, "player") }

  /// `lobby`, `question 2 open`, `question 2 closed` (numbered from 1).
  private func phase(_ game: JSONValue) -> String {
    let question = number(game["question"]).map { " \($0 + 1)" } ?? ""
    switch text(game["phase"]) {
    case "question": return "question\(question) open"
    case "closed": return "question\(question) closed"
    case let phase: return phase
    }
  }
}
