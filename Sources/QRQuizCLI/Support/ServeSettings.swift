import Foundation
import QRQuiz

/// The environment variables a server reads (the systemd unit's `/etc/qrquiz/server.conf`
/// sets them), and what a mistyped one gets: a server started with `QRQUIZ_DATABSE=…`
/// would otherwise run quietly on a new, empty SQLite file beside the school's database.
enum ServeSettings {
  /// Every variable `qrquiz serve` and the unit read.
  static let names = [
    "QRQUIZ_DATABASE", "QRQUIZ_PUBLIC_URL", "QRQUIZ_HOST", "QRQUIZ_PORT", "QRQUIZ_CACHE_DIR", "QRQUIZ_OPTIONS",
    "QRQUIZ_COMMUNITY_URL", "QRQUIZ_TRUSTED_PROXY",
  ]

  /// A warning line for each variable of `environment` that looks meant for one of
  /// ``names`` and is not: written in another case (`qrquiz_port`), or within two edits
  /// (`QRQUIZ_DATABSE`). Others' variables that merely start alike are left alone.
  static func misspellings(in environment: [String: String]) -> [String] {
    environment.keys.sorted().compactMap { name -> String? in
      guard !names.contains(name), name.uppercased().hasPrefix("QRQUIZ_") else { return nil }
      let meant =
        names.first { $0 == name.uppercased() }
        ?? names.filter { Suggestion.distance(name.uppercased(), $0) <= 2 }.min {
          Suggestion.distance(name.uppercased(), $0) < Suggestion.distance(name.uppercased(), $1)
        }
      guard let meant else { return nil }
      return "warning: $\(TerminalText.safe(name)) is not a setting qrquiz reads (ignored); did you mean \(meant)?"
    }
  }
}
