import Foundation

/// Where qrquiz keeps things, following the XDG base directory spec.
enum Directories {
  /// `--cache-dir`, else `$QRQUIZ_CACHE_DIR`, else `$XDG_CACHE_HOME/qrquiz`, else `~/.cache/qrquiz`.
  static func cache(_ parsed: Arguments) -> URL {
    if let explicit = parsed.value("--cache-dir") { return URL(fileURLWithPath: explicit) }
    let environment = ProcessInfo.processInfo.environment
    if let override = environment["QRQUIZ_CACHE_DIR"], !override.isEmpty { return URL(fileURLWithPath: override) }
    return base(environment["XDG_CACHE_HOME"], fallback: ".cache").appendingPathComponent("qrquiz")
  }

  /// `$XDG_DATA_HOME/qrquiz`, else `~/.local/share/qrquiz`.
  static var data: URL {
    base(ProcessInfo.processInfo.environment["XDG_DATA_HOME"], fallback: ".local/share").appendingPathComponent(
      "qrquiz")
  }

  private static func base(_ variable: String?, fallback: String) -> URL {
    // The spec: a relative path in the variable is invalid and ignored.
    if let variable, variable.hasPrefix("/") { return URL(fileURLWithPath: variable) }
    return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(fallback)
  }
}

/// Sizes as people write them: `500M`, `2G`, `100K`, `1048576`.
enum ByteSize {
  static func parse(_ text: String) -> Int? {
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
    return Int(number * Double(multiplier))
  }

  static func format(_ bytes: Int) -> String {
    if bytes >= 1 << 30 { return String(format: "%.1f GiB", Double(bytes) / Double(1 << 30)) }
    if bytes >= 1 << 20 { return String(format: "%.1f MiB", Double(bytes) / Double(1 << 20)) }
    if bytes >= 1 << 10 { return String(format: "%.1f KiB", Double(bytes) / Double(1 << 10)) }
    return "\(bytes) B"
  }
}
