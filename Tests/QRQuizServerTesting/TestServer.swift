import Foundation
import QRQuiz
import QRQuizTestSupport

/// The Python test server (Fixtures/test_server.py) on 127.0.0.1, serving files from its
/// own temporary directory; stopped with SIGKILL when the value goes away.
package final class TestServer {
  package let root: TemporaryDirectory
  package let port: Int
  private let process: ChildProcess

  package init() throws {
    root = try TemporaryDirectory()
    let portFile = root.url.appendingPathComponent(".port").path
    // Output to /dev/null, not the test's own stdout/stderr: a server outliving a crashed
    // test would hold them open and keep `swift test` waiting.
    process = try ChildProcess(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", Fixtures.url("test_server.py").path, root.url.path, portFile])
    // Until it listens (it writes the port file then), unless it ends or hangs first.
    let outcome = process.wait(until: { FileManager.default.fileExists(atPath: portFile) })
    guard outcome == .done else {
      process.killNow()
      throw CocoaError(
        .fileReadNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "test server did not start: \(outcome)"])
    }
    port = Int(try String(contentsOfFile: portFile, encoding: .utf8))!
  }

  deinit {
    process.killNow()
  }

  package func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

  /// How many requests each path got, and the validators the server saw.
  package func requestLog() async throws -> (counts: [String: Int], validators: [[String: String?]]) {
    let body = try await BoundedDownload(limit: 10 << 20).data(from: url("/requests"))
    let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] ?? [:]
    let counts = (object["counts"] as? [String: Int]) ?? [:]
    let validators = (object["validators"] as? [[String: Any]] ?? []).map { entry in
      entry.mapValues { $0 as? String }
    }
    return (counts, validators)
  }

  /// Puts a file where `/files/NAME` serves it.
  package func serve(_ bytes: [UInt8], as name: String) throws {
    try Data(bytes).write(to: root.url.appendingPathComponent(name))
  }
}
