import QRQuiz

/// An element read by ``XMLReader``: its name, attributes, and children in order, with the
/// line it starts on.
struct XMLElement: Sendable {
  /// A child: an element, or text (character data and CDATA, references decoded).
  enum Node: Sendable {
    case element(XMLElement)
    case text(String)
  }

  var name: String
  var attributes: [String: String]
  var children: [Node] = []
  /// 1-based line of its start tag.
  var line: Int

  /// The child elements called `name`, in order.
  func elements(_ name: String) -> [XMLElement] {
    children.compactMap {
      if case .element(let element) = $0, element.name == name { return element }
      return nil
    }
  }

  /// The first child element called `name`.
  func element(_ name: String) -> XMLElement? {
    for case .element(let element) in children where element.name == name { return element }
    return nil
  }

  /// Its own text (not its children's), joined.
  var text: String {
    children.reduce(into: "") { text, node in
      if case .text(let piece) = node { text += piece }
    }
  }

  /// The text of a child element: `<name>text</name>`.
  func text(of name: String) -> String? { element(name)?.text }
}
