import Foundation
import Testing

/// `qrquiz` in a real pseudo-terminal (Fixtures/pty_driver.py), its screen read back with a
/// terminal emulator: keys sent after what the screen shows, snapshots, the exit status,
/// and whether the terminal was put back.
package enum PseudoTerminal {
  package struct Report {
    package var status: Int
    package var screens: [String: [String]]
    package var final: [String]
    package var raw: String
    package var restored: Bool
    package var failed: Bool
  }

  /// Runs `qrquiz arguments` in a `columns` × `rows` terminal through `steps` (see the
  /// driver), with `environment` (a colour terminal unless `extra` says otherwise).
  package static func run(
    _ arguments: [String], steps: [[String: Any]], columns: Int = 80, rows: Int = 24, environment: [String: String],
    extra: [String: String] = [:]
  ) throws -> Report {
    var environment = environment
    environment["TERM"] = "xterm-256color"
    environment["NO_COLOR"] = nil
    environment["COLORTERM"] = nil
    for (key, value) in extra { environment[key] = value }
    let script = String(decoding: try JSONSerialization.data(withJSONObject: steps), as: UTF8.self)
    let result = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["python3", Fixtures.url("pty_driver.py").path, "\(columns)", "\(rows)", script, ProcessRunner.qrquiz.path]
        + arguments, environment: environment)
    let object = try #require(
      try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], "\(result.stderr)")
    return Report(
      status: object["status"] as! Int, screens: object["screens"] as! [String: [String]],
      final: object["final"] as! [String], raw: object["raw"] as! String, restored: object["restored"] as! Bool,
      failed: !(object["failed"] is NSNull))
  }
}
