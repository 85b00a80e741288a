import QRQuiz

/// QTI's markup, whichever version wrote it: QTI 3.0's kebab-case names
/// (`qti-choice-interaction`, `response-identifier`) read as 2.x's camel case
/// (`choiceInteraction`, `responseIdentifier`), namespace prefixes dropped; and an item
/// body's XHTML reduced to the text a student reads, as the Moodle importer reduces HTML
/// (``HTMLText``: markup never reaches a topic), with its pictures' addresses.
enum QTIMarkup {
  /// `qti-choice-interaction` → `choiceInteraction`; `qti:simpleChoice` → `simpleChoice`;
  /// `p` → `p`.
  static func name(_ name: String) -> String {
    var local = name.lastIndex(of: ":").map { String(name[name.index(after: $0)...]) } ?? name
    if local.hasPrefix("qti-") { local.removeFirst(4) }
    guard local.contains("-") else { return local }
    let words = local.split(separator: "-")
    return String(words[0]) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  /// An attribute of `element`, by its 2.x name (`responseIdentifier`), whichever way written.
  static func attribute(_ element: XMLElement, _ wanted: String) -> String? {
    if let value = element.attributes[wanted] { return value }
    return element.attributes.first { name($0.key) == wanted }?.value
  }

  /// The child elements of `element` whose 2.x name is `wanted`, in order.
  static func children(_ element: XMLElement, _ wanted: String) -> [XMLElement] {
    element.children.compactMap { node in
      if case .element(let child) = node, name(child.name) == wanted { return child }
      return nil
    }
  }

  /// Every element under `element` (itself included) in document order, as a list.
  static func descendants(_ element: XMLElement) -> [XMLElement] {
    var found: [XMLElement] = []
    var stack = [element]
    while let next = stack.popLast() {
      found.append(next)
      for case .element(let child) in next.children.reversed() { stack.append(child) }
    }
    return found
  }

  /// The text a student reads of `nodes` and their pictures' sources, leaving out the
  /// elements `skipping` says (interactions, feedback, rubrics).
  static func text(
    _ nodes: [XMLElement.Node], singleLine: Bool = false, skipping: (String) -> Bool = { _ in false }
  ) -> (text: String, pictures: [String]) {
    var html = ""
    for node in nodes { write(node, into: &html, skipping: skipping) }
    let read = HTMLText.read(html, singleLine: singleLine)
    return (read.text.trimmingCharacters(in: .whitespacesAndNewlines), read.pictures)
  }

  /// The node written back as HTML, its text escaped, so that ``HTMLText`` reads it as
  /// a browser would show it.
  private static func write(_ node: XMLElement.Node, into html: inout String, skipping: (String) -> Bool) {
    switch node {
    case .text(let text): html += escaped(text)
    case .element(let element):
      let local = name(element.name)
      if skipping(local) { return }
      // An XHTML element keeps its name; a QTI one reads as a block.
      let tag =
        local == "img" || HTMLText.blockTags.contains(local) || HTMLText.wordBreakTags.contains(local)
        ? local : "span"
      html += "<" + tag
      if local == "img", let source = element.attributes["src"] { html += " src=\"" + escaped(source) + "\"" }
      html += ">"
      for child in element.children { write(child, into: &html, skipping: skipping) }
      html += "</" + tag + ">"
      if ["prompt", "simpleChoice"].contains(local) { html += "<br>" }
    }
  }

  private static func escaped(_ text: String) -> String {
    var output = ""
    for character in text {
      switch character {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      default: output.append(character)
      }
    }
    return output
  }

  /// A path of the package from a reference in `base`'s folder (`images/a.png` in
  /// `items/q1.xml` → `items/images/a.png`); `nil` for an address, or a path that would
  /// climb out of the package.
  static func path(_ reference: String, from base: String?) -> String? {
    let lowercased = reference.lowercased()
    guard !reference.isEmpty, !lowercased.hasPrefix("http:"), !lowercased.hasPrefix("https:"),
      !lowercased.hasPrefix("data:"), !reference.hasPrefix("/")
    else { return nil }
    let decoded = reference.removingPercentEncodingIfValid
    var parts = base.map { $0.split(separator: "/").dropLast().map(String.init) } ?? []
    for part in decoded.split(separator: "/") {
      if part == ".." {
        guard !parts.isEmpty else { return nil }
        parts.removeLast()
      } else if part != "." {
        parts.append(String(part))
      }
    }
    let path = parts.joined(separator: "/")
    return ZipArchive.staysInside(path) ? path : nil
  }
}

extension String {
  /// `my%20logo.png` → `my logo.png`; the text as it is when it is no valid escape.
  fileprivate var removingPercentEncodingIfValid: String {
    guard contains("%") else { return self }
    var bytes: [UInt8] = []
    var iterator = utf8.makeIterator()
    while let byte = iterator.next() {
      if byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
        let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
      {
        bytes.append(value)
      } else if byte == UInt8(ascii: "%") {
        return self
      } else {
        bytes.append(byte)
      }
    }
    return String(validating: bytes, as: UTF8.self) ?? self
  }
}
