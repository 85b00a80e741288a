import Foundation

/// The manifest's members, made: each script bundled, each list of files joined, and all
/// of them written as one Swift source.
struct EmbeddedAssets {
  /// Each member's name, doc comment and text, in the manifest's order.
  private(set) var members: [(name: String, about: String, text: String)] = []

  init(_ manifest: AssetManifest) throws(EmbeddingError) {
    for member in manifest.served {
      let text: String
      if let script = member.script {
        text = try ScriptBundle(entry: manifest.folder.appendingPathComponent(script)).text
      } else {
        var joined = ""
        for file in member.concatenating ?? [] { joined += try readText(manifest.folder.appendingPathComponent(file)) }
        text = joined
      }
      members.append((member.member, member.about, text))
    }
  }

  /// An extension of `Assets` with one `static let` per member.
  var swiftSource: String {
    var source = """
      // Made by embed-page-assets from Sources/QRQuizServer/Assets/assets.json when QRQuiz is
      // built: edit the files it names, not this.

      extension Assets {

      """
    for (name, about, text) in members {
      for line in about.split(separator: "\n", omittingEmptySubsequences: false) { source += "  /// \(line)\n" }
      source += "  static let \(name) = \(Self.literal(text))\n\n"
    }
    source += "}\n"
    return source
  }

  /// `text` as a one-line Swift string literal: quotes, backslashes and control characters
  /// escaped, everything else (UTF-8 included) as it is.
  static func literal(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": literal += "\\\""
      case "\\": literal += "\\\\"
      case "\n": literal += "\\n"
      case "\r": literal += "\\r"
      case "\t": literal += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        literal += "\\u{" + String(scalar.value, radix: 16) + "}"
      default: literal.unicodeScalars.append(scalar)
      }
    }
    return literal + "\""
  }
}
