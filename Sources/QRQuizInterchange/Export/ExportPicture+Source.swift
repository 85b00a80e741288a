import QRQuiz

/// Where an export's `<img src>` points: at a file it embeds, or at an http(s) address.
/// Nothing else is ever linked: a `javascript:` or `data:text/html` address in a colleague's
/// Moodle or LMS would run or show a stranger's page, and a relative one would name a file
/// of whoever opens the export. The server takes only http(s) pictures for the same reason.
enum ExportPictureSource: Equatable {
  /// The picture's bytes, written into the export.
  case embedded(ExportPicture)
  /// An http(s) address, linked.
  case linked(String)

  /// The source of `question`'s picture: embedded when this machine has it, else linked
  /// when its address is http(s); `nil` without a picture or when it is left out (said in
  /// `notes`).
  static func of(
    _ question: Topic.Question, _ reference: QuestionReference, pictures: (String) -> ExportPicture?,
    embeds: Bool = true, notes: inout [ExportNote]
  ) -> ExportPictureSource? {
    guard let url = question.imageURL, !url.isEmpty else { return nil }
    if embeds, let picture = pictures(url) { return .embedded(picture) }
    guard isLinkable(url) else {
      notes.append(.pictureLeftOut(reference, url: url))
      return nil
    }
    if embeds { notes.append(.pictureLinked(reference, url: url)) }
    return .linked(url)
  }

  /// An address with the scheme http or https (in any case), and a host.
  static func isLinkable(_ address: String) -> Bool {
    let lowercased = address.lowercased()
    for scheme in ["http://", "https://"] where lowercased.hasPrefix(scheme) {
      return lowercased.count > scheme.count && !lowercased.dropFirst(scheme.count).hasPrefix("/")
    }
    return false
  }
}
