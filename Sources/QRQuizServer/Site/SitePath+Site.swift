import QRQuizHTTP

/// The site's addresses, as the areas' route tables spell them (`LibraryArea`, `PlayArea`,
/// `PicturesArea`, `EditorArea`, `LiveArea`).
extension SitePath {
  static let library = SitePath.segments()
  static let newTopic = SitePath.segments("new")
  static func edit(_ name: String) -> SitePath { .segments("edit", name) }
  static func deleteTopic(_ name: String) -> SitePath { .segments("edit", name, "delete") }
  static func topicAPI(_ name: String) -> SitePath { .segments("api", "topics", name) }
  static func picture(_ file: String) -> SitePath { .segments("pictures", file) }
  static func topic(_ name: String) -> SitePath { .segments("t", name) }
  static func topicJSON(_ name: String) -> SitePath { topic(name).appending(suffix: ".json") }
  static func topicQR(_ name: String, _ format: ImageFile) -> SitePath { .segments("t", name, "qr." + format.rawValue) }
  static func linkQR(_ name: String, _ format: ImageFile) -> SitePath {
    .segments("t", name, "link." + format.rawValue)
  }
  static func present(_ name: String) -> SitePath { .segments("t", name, "present") }
  static func play(_ name: String) -> SitePath { .segments("play", name) }
  static func playSet(_ name: String, _ number: Int) -> SitePath { .segments("play", name, String(number)) }
  static func game(_ id: String) -> SitePath { .segments("game", id) }
  static func image(_ key: String) -> SitePath { .segments("img", key) }
  static let hostForm = SitePath.segments("live")
  static let pinEntry = SitePath.segments("j")
  static func join(_ pin: String) -> SitePath { .segments("j", pin) }
  static func joinQR(_ pin: String, _ format: ImageFile) -> SitePath { .segments("j", pin, "qr." + format.rawValue) }
  static func host(_ pin: String) -> SitePath { .segments("host", pin) }
  static func scan(_ pin: String) -> SitePath { .segments("scan", pin) }
  static func liveAPI(_ pin: String) -> SitePath { .segments("api", "live", pin) }
  static func liveResults(_ pin: String, _ format: String) -> SitePath {
    .segments("api", "live", pin, "results." + format)
  }

  /// The kinds of QR image files.
  enum ImageFile: String {
    case png, svg
  }
}
