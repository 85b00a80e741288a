import Foundation

/// Where qrquiz keeps things, following the XDG base directory spec.
enum Directories {
  /// `--cache-dir`, else `$QRQUIZ_CACHE_DIR`, else `$XDG_CACHE_HOME/qrquiz`, else
  /// `$HOME/.cache/qrquiz`.
  static func cache(_ explicit: String?) -> URL {
    if let explicit { return URL(fileURLWithPath: explicit) }
    let environment = ProcessInfo.processInfo.environment
    if let override = environment["QRQUIZ_CACHE_DIR"], !override.isEmpty { return URL(fileURLWithPath: override) }
    return base(environment["XDG_CACHE_HOME"], fallback: ".cache").appendingPathComponent("qrquiz")
  }

  /// `$XDG_DATA_HOME/qrquiz`, else `$HOME/.local/share/qrquiz`; ``dataOverride`` when set.
  static var data: URL {
    if let dataOverride { return dataOverride }
    return base(ProcessInfo.processInfo.environment["XDG_DATA_HOME"], fallback: ".local/share")
      .appendingPathComponent("qrquiz")
  }

  /// The data folder of the commands the current task runs, when set: a test's own, so
  /// commands run in process (``QRQuizCLI/run(_:)``) keep their saved topics, statistics
  /// and games apart from those of other tests running at the same time.
  @TaskLocal static var dataOverride: URL?

  /// The saved topics.
  static var topics: URL { data.appendingPathComponent("topics") }

  /// Live games' results as files (`results/`), and the lock of the server that serves
  /// them; the games themselves are in the records.
  static var live: URL { data.appendingPathComponent("live") }

  private static func base(_ variable: String?, fallback: String) -> URL {
    // The spec: a relative path in the variable is invalid and ignored.
    if let variable, variable.hasPrefix("/") { return URL(fileURLWithPath: variable) }
    return home.appendingPathComponent(fallback)
  }

  /// `$HOME` first, as every XDG tool does (a test or a sandbox sets it); the password
  /// database only when it is unset.
  static var home: URL {
    if let home = ProcessInfo.processInfo.environment["HOME"], home.hasPrefix("/") {
      return URL(fileURLWithPath: home)
    }
    return FileManager.default.homeDirectoryForCurrentUser
  }
}

/// Sizes as people write them: `500M`, `2G`, `100K`, `1048576`.
struct ByteCount: ExpressibleByArgument, CustomStringConvertible {
  var bytes: Int

  init(bytes: Int) { self.bytes = bytes }

  init?(argument text: String) {
    let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
    var digits = text.uppercased()
    if digits.hasSuffix("IB") || digits.hasSuffix("B") {
      digits = String(digits.dropLast(digits.hasSuffix("IB") ? 2 : 1))
    }
    var multiplier = 1
    if let last = digits.last, let unit = units[last] {
      multiplier = unit
      digits.removeLast()
    }
    guard let number = Double(digits), number >= 0, number * Double(multiplier) < Double(Int.max) else { return nil }
    bytes = Int(number * Double(multiplier))
  }

  static var expectation: String { "a size such as 500M or 2G" }

  var description: String { Self.format(bytes) }

  /// `500M` rather than `524288000`.
  var argumentText: String {
    for (unit, size) in [("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10)] where bytes >= size && bytes % size == 0 {
      return "\(bytes / size)\(unit)"
    }
    return "\(bytes)"
  }

  static func format(_ bytes: Int) -> String {
    if bytes >= 1 << 30 { return String(format: "%.1f GiB", Double(bytes) / Double(1 << 30)) }
    if bytes >= 1 << 20 { return String(format: "%.1f MiB", Double(bytes) / Double(1 << 20)) }
    if bytes >= 1 << 10 { return String(format: "%.1f KiB", Double(bytes) / Double(1 << 10)) }
    return "\(bytes) B"
  }
}
