import QRQuiz

/// Whose statistics a command reads or writes: the profile asked for (matched without
/// regard to case), the profile in use, or the default player, called "default".
enum PlayerName {
  static let defaultPlayer = "default"

  static func resolve(_ asked: String?) throws -> String {
    guard let asked else { return try ProfileCommand.store().active()?.name ?? defaultPlayer }
    let names = try ProfileCommand.store().list().map(\.name)
    if let name = names.first(where: { $0.lowercased() == asked.lowercased() }) { return name }
    if asked.lowercased() == defaultPlayer { return defaultPlayer }
    throw CLIError(
      .notFound,
      "no profile named '\(asked)'" + Suggestion.didYouMean(asked, among: names + [defaultPlayer])
        + " (see qrquiz profile list)")
  }
}
