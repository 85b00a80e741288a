import QRQuiz

/// XML as Moodle writes it, read in one pass over its bytes with every limit a stranger's
/// file could push against. A document type declaration is refused, never read, so no
/// entity expands ("billion laughs") and no external entity opens a file or an address;
/// elements nest at most ``maximumDepth`` deep; names and attribute counts are bounded.
/// The root's children are handed over one at a time, each as a tree, and dropped, so
/// memory follows the largest question, not the file.
///
/// Read: elements, attributes, character data, CDATA, comments, processing instructions,
/// XML's five entities and character references. Namespaces are kept as written in names.
struct XMLReader {
  /// The deepest elements may nest (a Moodle question is about 6 deep).
  static let maximumDepth = 64
  /// The longest name of an element, an attribute or an entity.
  static let maximumNameLength = 256
  /// The most attributes an element may have.
  static let maximumAttributes = 256

  private let bytes: [UInt8]
  private var index = 0
  private var line = 1

  private init(_ text: String) { bytes = Array(text.utf8) }

  /// Reads `text`, calling `body` with each child element of the root, in order.
  ///
  /// - Returns: the root element's name.
  /// - Throws: ``TopicImporter/Error/syntax(line:_:)`` with an ``XMLProblem``, or what
  ///   `body` throws.
  static func forEachChild(
    of text: String, _ body: (XMLElement) throws(TopicImporter.Error) -> Void
  ) throws(TopicImporter.Error) -> String {
    try forEachElement(of: text, depth: 1, body).name
  }

  /// Reads `text`, calling `body` with each element `depth` levels below the root (1: its
  /// children; 2: a spreadsheet's rows, inside `<sheetData>`), in order, each as a tree;
  /// what lies above that depth is read and dropped.
  ///
  /// - Returns: the root element, its name, attributes and line (without its children).
  @discardableResult
  static func forEachElement(
    of text: String, depth: Int, _ body: (XMLElement) throws(TopicImporter.Error) -> Void
  ) throws(TopicImporter.Error) -> XMLElement {
    var reader = XMLReader(text)
    reader.handDepth = max(1, depth)
    return try reader.read(body)
  }

  /// The depth of the elements handed over.
  private var handDepth = 1

  private mutating func read(_ body: (XMLElement) throws(TopicImporter.Error) -> Void) throws(TopicImporter.Error)
    -> XMLElement
  {
    try skipProlog()
    guard index < bytes.count else { throw problem(.malformed("no root element")) }
    let root = try startTag()
    var open: [XMLElement] = [root.element]
    var text: [UInt8] = []
    if root.isEmpty { open.removeAll() }
    while !open.isEmpty {
      guard index < bytes.count else { throw problem(.unclosed(open.last!.name)) }
      if bytes[index] != UInt8(ascii: "<") {
        try characterData(into: &text)
        continue
      }
      if starts(with: "<![CDATA[") {
        try cdata(into: &text)
        continue
      }
      if starts(with: "<!--") || starts(with: "<?") {
        try skipCommentOrInstruction()
        continue
      }
      if starts(with: "<!") { throw problem(.documentType) }
      flush(&text, into: &open)
      if starts(with: "</") {
        let name = try endTag()
        let closed = open.removeLast()
        guard closed.name == name else { throw problem(.mismatchedTag(open: closed.name, closing: name)) }
        try hand(closed, to: &open, body)
        continue
      }
      guard open.count < Self.maximumDepth else { throw problem(.tooDeep(limit: Self.maximumDepth)) }
      let tag = try startTag()
      if tag.isEmpty {
        try hand(tag.element, to: &open, body)
      } else {
        open.append(tag.element)
      }
    }
    try skipMisc()
    guard index == bytes.count else { throw problem(.malformed("content after the root element")) }
    return root.element
  }

  /// A closed element goes to its parent, or to `body` at the depth handed over; above
  /// that depth it is dropped (its parent keeps nothing).
  private func hand(
    _ element: XMLElement, to open: inout [XMLElement], _ body: (XMLElement) throws(TopicImporter.Error) -> Void
  ) throws(TopicImporter.Error) {
    if open.count == handDepth {
      try body(element)
    } else if open.count > handDepth {
      open[open.count - 1].children.append(.element(element))
    }
  }

  /// Text gathered so far becomes a child of the element open (those above the depth
  /// handed over keep none).
  private func flush(_ text: inout [UInt8], into open: inout [XMLElement]) {
    guard !text.isEmpty else { return }
    if open.count > handDepth { open[open.count - 1].children.append(.text(String(decoding: text, as: UTF8.self))) }
    text.removeAll(keepingCapacity: true)
  }

  // MARK: Markup

  private struct StartTag {
    var element: XMLElement
    var isEmpty: Bool
  }

  /// `<name a="1" b='2'>` or `<name/>`.
  private mutating func startTag() throws(TopicImporter.Error) -> StartTag {
    let tagLine = line
    index += 1
    let name = try self.name()
    var attributes: [String: String] = [:]
    while true {
      skipWhitespace()
      guard index < bytes.count else { throw problem(.unclosed(name)) }
      switch bytes[index] {
      case UInt8(ascii: ">"):
        index += 1
        return StartTag(element: XMLElement(name: name, attributes: attributes, line: tagLine), isEmpty: false)
      case UInt8(ascii: "/"):
        guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else {
          throw problem(.malformed("'/' in the tag <\(name)>"))
        }
        index += 2
        return StartTag(element: XMLElement(name: name, attributes: attributes, line: tagLine), isEmpty: true)
      default:
        guard attributes.count < Self.maximumAttributes else {
          throw problem(.tooLong(what: "the attributes of <\(name)>", limit: Self.maximumAttributes))
        }
        let attribute = try self.name()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
          throw problem(.malformed("the attribute \(attribute) of <\(name)> has no value"))
        }
        index += 1
        skipWhitespace()
        guard attributes[attribute] == nil else {
          throw problem(.malformed("the attribute \(attribute) of <\(name)> is written twice"))
        }
        attributes[attribute] = try attributeValue()
      }
    }
  }

  /// `</name>`.
  private mutating func endTag() throws(TopicImporter.Error) -> String {
    index += 2
    let name = try self.name()
    skipWhitespace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
      throw problem(.malformed("the end tag </\(name)> is not closed"))
    }
    index += 1
    return name
  }

  /// A name: anything up to a space or a markup character, at most ``maximumNameLength``.
  private mutating func name() throws(TopicImporter.Error) -> String {
    let start = index
    while index < bytes.count, !Self.endsName(bytes[index]) {
      index += 1
      guard index - start <= Self.maximumNameLength else {
        throw problem(.tooLong(what: "a name", limit: Self.maximumNameLength))
      }
    }
    guard index > start else { throw problem(.malformed("a name was expected")) }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  private static func endsName(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "/"), UInt8(ascii: ">"), UInt8(ascii: "<"), UInt8(ascii: "="),
      UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "&"), UInt8(ascii: "!"), UInt8(ascii: "?"):
      true
    default: false
    }
  }

  /// `"…"` or `'…'`, references decoded.
  private mutating func attributeValue() throws(TopicImporter.Error) -> String {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
      throw problem(.malformed("an attribute value must be quoted"))
    }
    let quote = bytes[index]
    index += 1
    var value: [UInt8] = []
    while true {
      guard index < bytes.count else { throw problem(.malformed("an attribute value is never closed")) }
      let byte = bytes[index]
      if byte == quote {
        index += 1
        return String(decoding: value, as: UTF8.self)
      }
      if byte == UInt8(ascii: "<") { throw problem(.malformed("'<' in an attribute value")) }
      if byte == UInt8(ascii: "&") {
        try reference(into: &value)
        continue
      }
      if byte == 0x0A { line += 1 }
      try checkCharacter(at: index)
      value.append(byte)
      index += 1
    }
  }

  // MARK: Content

  /// Character data up to the next `<`, references decoded.
  private mutating func characterData(into text: inout [UInt8]) throws(TopicImporter.Error) {
    while index < bytes.count, bytes[index] != UInt8(ascii: "<") {
      let byte = bytes[index]
      if byte == UInt8(ascii: "&") {
        try reference(into: &text)
        continue
      }
      if byte == 0x0A { line += 1 }
      try checkCharacter(at: index)
      text.append(byte)
      index += 1
    }
  }

  /// `<![CDATA[…]]>`: its text as it is.
  private mutating func cdata(into text: inout [UInt8]) throws(TopicImporter.Error) {
    index += 9
    guard let end = find("]]>") else { throw problem(.malformed("a CDATA section is never closed")) }
    for position in index..<end {
      if bytes[position] == 0x0A { line += 1 }
      try checkCharacter(at: position)
      text.append(bytes[position])
    }
    index = end + 3
  }

  /// `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` `&#233;` `&#xE9;`; any other is refused.
  private mutating func reference(into text: inout [UInt8]) throws(TopicImporter.Error) {
    let start = index + 1
    var end = start
    while end < bytes.count, bytes[end] != UInt8(ascii: ";") {
      end += 1
      guard end - start <= 32 else { throw problem(.malformed("'&' that starts no entity (write &amp;)")) }
    }
    guard end < bytes.count, end > start else { throw problem(.malformed("'&' that starts no entity (write &amp;)")) }
    let name = String(decoding: bytes[start..<end], as: UTF8.self)
    index = end + 1
    let scalar: Unicode.Scalar?
    switch name {
    case "lt": scalar = "<"
    case "gt": scalar = ">"
    case "amp": scalar = "&"
    case "quot": scalar = "\""
    case "apos": scalar = "'"
    default:
      guard name.hasPrefix("#") else { throw problem(.unknownEntity(name)) }
      let digits = name.dropFirst()
      let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
      scalar = value.flatMap(Unicode.Scalar.init)
    }
    guard let scalar else { throw problem(.malformed("&\(name); is no character")) }
    guard Self.isCharacter(scalar.value) else { throw problem(.forbiddenCharacter(scalar.value)) }
    text.append(contentsOf: Array(String(Character(scalar)).utf8))
  }

  /// XML 1.0's `Char`: tab, line feed, carriage return, and every character from U+0020 but
  /// the surrogates, U+FFFE and U+FFFF. A reference to any other (`&#1;`) makes the
  /// document not well-formed, as the character itself does.
  static func isCharacter(_ value: UInt32) -> Bool {
    switch value {
    case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
    default: false
    }
  }

  /// A control character written as itself (the text is UTF-8 already: a byte below 0x20
  /// is one; U+FFFE and U+FFFF are `EF BF BE`/`EF BF BF`, checked with the byte before).
  private func checkCharacter(at position: Int) throws(TopicImporter.Error) {
    let byte = bytes[position]
    if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D { throw problem(.forbiddenCharacter(UInt32(byte))) }
    if byte >= 0xBE, byte <= 0xBF, position >= 2, bytes[position - 2] == 0xEF, bytes[position - 1] == 0xBF {
      throw problem(.forbiddenCharacter(byte == 0xBE ? 0xFFFE : 0xFFFF))
    }
  }

  // MARK: Skipping

  /// Before the root: the XML declaration, comments, processing instructions, spaces; a
  /// document type is refused.
  private mutating func skipProlog() throws(TopicImporter.Error) {
    try skipMisc()
    if starts(with: "<!") { throw problem(.documentType) }
  }

  /// Spaces, comments and processing instructions.
  private mutating func skipMisc() throws(TopicImporter.Error) {
    while true {
      skipWhitespace()
      guard starts(with: "<!--") || starts(with: "<?") else { return }
      try skipCommentOrInstruction()
    }
  }

  private mutating func skipCommentOrInstruction() throws(TopicImporter.Error) {
    let isComment = starts(with: "<!--")
    guard let end = find(isComment ? "-->" : "?>") else {
      throw problem(.malformed(isComment ? "a comment is never closed" : "a processing instruction is never closed"))
    }
    line += bytes[index..<end].reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
    index = end + (isComment ? 3 : 2)
  }

  private mutating func skipWhitespace() {
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
      if bytes[index] == 0x0A { line += 1 }
      index += 1
    }
  }

  private func starts(with prefix: StaticString) -> Bool {
    let count = prefix.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    return prefix.withUTF8Buffer { prefix in (0..<count).allSatisfy { bytes[index + $0] == prefix[$0] } }
  }

  /// Where `marker` next starts, from the current position.
  private func find(_ marker: StaticString) -> Int? {
    marker.withUTF8Buffer { marker in
      var position = index
      while position + marker.count <= bytes.count {
        if bytes[position] == marker[0], (1..<marker.count).allSatisfy({ bytes[position + $0] == marker[$0] }) {
          return position
        }
        position += 1
      }
      return nil
    }
  }

  private func problem(_ problem: XMLProblem) -> TopicImporter.Error { .syntax(line: line, .xml(problem)) }
}
