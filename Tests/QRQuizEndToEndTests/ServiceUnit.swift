import Foundation
import QRQuizTestSupport

/// The systemd unit of a school's server (`packaging/deb/qrquiz.service`) as systemd reads
/// it, for ``ServiceUnitTests`` (the file in the repository) and ``PackageInstallTests``
/// (the one in the .deb).
enum ServiceUnit {
  /// `systemd-analyze verify` of `unit` in a root of its own: the unit where the .deb puts
  /// it, `binary` as /usr/bin/qrquiz, the settings file as /etc/qrquiz/server.conf, and this
  /// machine's own units beside them (the targets it is ordered after and wanted by). Its
  /// Documentation= is not looked up (`--man=no`: systemd asks the host's man, not the
  /// root's; the package's tests check the man page itself).
  static func verify(unit: URL, binary: URL, settings: URL) throws -> ProcessResult {
    let root = try TemporaryDirectory()
    let units = root.url.appendingPathComponent("usr/lib/systemd/system")
    try FileManager.default.createDirectory(at: units.deletingLastPathComponent(), withIntermediateDirectories: true)
    let copied = try ProcessRunner.tool("cp", ["-a", "/usr/lib/systemd/system", units.path])
    guard copied.status == 0 else { throw CleanDebian.Failure(description: "cp: \(copied.stderr)") }
    try? FileManager.default.removeItem(at: units.appendingPathComponent("qrquiz.service"))
    try FileManager.default.copyItem(at: unit, to: units.appendingPathComponent("qrquiz.service"))
    for (file, path) in [(binary, "usr/bin/qrquiz"), (settings, "etc/qrquiz/server.conf")] {
      let target = root.url.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: file, to: target)
    }
    return try ProcessRunner.tool(
      "systemd-analyze", ["verify", "--root=\(root.url.path)", "--man=no", "qrquiz.service"])
  }

  /// systemd's rating of how exposed the service is, 0 (locked down) to 10
  /// (`systemd-analyze security --offline=true`), with what it printed.
  static func exposure(of unit: URL) throws -> (level: Double?, text: String) {
    let rated = try ProcessRunner.tool("systemd-analyze", ["security", "--offline=true", unit.path])
    let text = rated.stdoutText + rated.stderr
    let level = text.firstMatch(of: /Overall exposure level for qrquiz\.service: ([0-9.]+)/).flatMap { Double($0.1) }
    return (level, text)
  }

  /// The unit's settings by section and key, each key's values in order (a key may be given
  /// more than once), as systemd reads the file: comments and blank lines skipped.
  static func settings(of unit: URL) throws -> [String: [String: [String]]] {
    var sections: [String: [String: [String]]] = [:]
    var section = ""
    for line in try String(contentsOf: unit, encoding: .utf8).split(separator: "\n") {
      let text = line.trimmingCharacters(in: .whitespaces)
      if text.isEmpty || text.hasPrefix("#") || text.hasPrefix(";") { continue }
      if text.hasPrefix("[") {
        section = String(text.dropFirst().dropLast())
        continue
      }
      guard let equals = text.firstIndex(of: "=") else { continue }
      let key = text[..<equals].trimmingCharacters(in: .whitespaces)
      sections[section, default: [:]][key, default: []].append(
        text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces))
    }
    return sections
  }

  /// The variables a settings file (`server.conf`) sets or shows commented out: `NAME` of
  /// each `NAME=…` or `#NAME=…` line.
  static func variables(in settings: URL) throws -> [String] {
    try String(contentsOf: settings, encoding: .utf8).split(separator: "\n").compactMap { line in
      line.firstMatch(of: /^#?([A-Z][A-Z0-9_]*)=/).map { String($0.1) }
    }
  }
}
