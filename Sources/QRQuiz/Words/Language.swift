/// The languages QRQuiz speaks: its own words (pages, the terminal player, the creator),
/// never a topic's, which are shown as their author wrote them.
public enum Language: String, Sendable, Hashable, CaseIterable {
  case english = "en"
  case spanish = "es"

  /// The language for an HTTP `Accept-Language` value: the first language it accepts
  /// (by quality) that QRQuiz speaks, by its primary subtag (`es`, `es-ES`, `es-419` →
  /// Spanish); English when none is.
  public static func preferred(acceptLanguage header: String?) -> Language {
    guard let header else { return .english }
    var choices: [(language: Language, quality: Double, order: Int)] = []
    for (order, item) in header.split(separator: ",").enumerated() {
      let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      guard let tag = parts.first, let language = Language(tag: tag) else { continue }
      var quality = 1.0
      for parameter in parts.dropFirst() where parameter.lowercased().hasPrefix("q=") {
        quality = Double(parameter.dropFirst(2)) ?? 0
      }
      if quality > 0 { choices.append((language, quality, order)) }
    }
    let best = choices.min { ($0.quality, -$0.order) > ($1.quality, -$1.order) }
    return best?.language ?? .english
  }

  /// The language of a POSIX locale environment, as gettext chooses it: `LC_ALL`, then
  /// `LC_MESSAGES`, then `LANG` (the first one set and not empty); `es_ES.UTF-8` →
  /// Spanish. English for `C`, `POSIX`, nothing set, or a language QRQuiz does not speak.
  public static func preferred(environment: [String: String]) -> Language {
    for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      guard let value = environment[name], !value.isEmpty else { continue }
      return Language(tag: String(value.prefix { $0 != "." && $0 != "@" })) ?? .english
    }
    return .english
  }

  /// The language of a BCP 47 tag (`es-419`) or POSIX locale name (`es_MX`), by its
  /// primary subtag; `nil` for one QRQuiz does not speak.
  public init?(tag: String) {
    let primary = tag.prefix { $0 != "-" && $0 != "_" }.lowercased()
    guard let language = Language(rawValue: primary) else { return nil }
    self = language
  }
}
