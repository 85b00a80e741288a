import Foundation
import QRQuiz

/// The text of a Moodle XML element (`<questiontext format="html"><text>…</text>`), as a
/// student reads it: HTML (`html`, `moodle_auto_format`, whose line breaks count) through
/// ``HTMLText``; `plain_text` and `markdown` as written. Pictures are the `<img>`s' sources;
/// the files they name are the element's `<file name="…" encoding="base64">`s.
enum MoodleText {
  /// Where Moodle's export puts a file of the element in a link or a picture's address.
  static let pluginFile = "@@PLUGINFILE@@/"

  /// The text and its pictures' sources; an absent element is empty.
  static func read(_ element: XMLElement?, singleLine: Bool = false) -> (text: String, pictures: [String]) {
    guard let element else { return ("", []) }
    let raw = element.text(of: "text") ?? element.text
    let read: (text: String, pictures: [String])
    switch element.attributes["format"] ?? "html" {
    case "plain_text", "markdown": read = (raw, [])
    case "moodle_auto_format": read = HTMLText.read(raw, sourceBreaks: .lineBreak, singleLine: singleLine)
    default: read = HTMLText.read(raw, singleLine: singleLine)
    }
    // A link to a file of the question keeps its words; the file's address goes.
    let text = read.text.replacingOccurrences(of: pluginFile, with: "").trimmingCharacters(in: .whitespacesAndNewlines)
    return (text, read.pictures)
  }

  /// A question's text.
  static func questionText(_ question: XMLElement) -> String { read(question.element("questiontext")).text }

  /// The base64 of the picture `source` names: a file of `element`
  /// (`@@PLUGINFILE@@/logo.jpg`), or a `data:image/…;base64,` address.
  static func embeddedFile(_ source: String, in element: XMLElement?) -> String? {
    if source.hasPrefix("data:image/"), let comma = source.firstIndex(of: ","),
      source[..<comma].hasSuffix(";base64")
    {
      return String(source[source.index(after: comma)...])
    }
    guard source.hasPrefix(pluginFile), let element else { return nil }
    let name = fileName(source)
    return element.elements("file").first { $0.attributes["name"] == name }?.text
  }

  /// A picture's file name as the file names it: `@@PLUGINFILE@@/my%20logo.jpg` →
  /// "my logo.jpg"; an address as it is.
  static func fileName(_ source: String) -> String {
    if source.hasPrefix("data:") { return "a picture in the text (data: address)" }
    guard source.hasPrefix(pluginFile) else { return source }
    let path = String(source.dropFirst(pluginFile.count))
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return name.removingPercentEncoding ?? name
  }

  /// The bytes of base64 text (spaces and line breaks anywhere), refused before decoding
  /// when they would be more than `limit` bytes: its length says so.
  static func decodeBase64(_ text: String, limit: Int) -> Result<[UInt8], QuestionPicture.Error> {
    var digits = 0
    for byte in text.utf8 where !(byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09) { digits += 1 }
    let size = digits / 4 * 3
    guard size <= limit + 2 else { return .failure(.tooLarge(size: size)) }
    guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters), !data.isEmpty else {
      return .failure(.corrupt("its base64 text does not decode"))
    }
    return .success(Array(data))
  }
}
