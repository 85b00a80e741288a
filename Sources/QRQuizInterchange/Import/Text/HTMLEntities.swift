import QRQuiz

/// HTML character references, as Open Trivia DB and Moodle write their text: `&quot;`,
/// `&#039;`, `&eacute;`, `&#x2014;`. A reference that names no character is left as it is.
enum HTMLEntities {
  static func decode(_ text: String) -> String {
    guard text.contains("&") else { return text }
    var output = ""
    var index = text.startIndex
    while index < text.endIndex {
      guard text[index] == "&", let semicolon = text[index...].prefix(12).firstIndex(of: ";") else {
        output.append(text[index])
        index = text.index(after: index)
        continue
      }
      let name = text[text.index(after: index)..<semicolon]
      if let decoded = character(for: name) {
        output.append(decoded)
        index = text.index(after: semicolon)
      } else {
        output.append("&")
        index = text.index(after: index)
      }
    }
    return output
  }

  private static func character(for name: Substring) -> Character? {
    if name.hasPrefix("#x") || name.hasPrefix("#X") {
      return UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map(Character.init)
    }
    if name.hasPrefix("#") { return UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map(Character.init) }
    return named[String(name)]
  }

  private static let named: [String: Character] = [
    "quot": "\"", "amp": "&", "lt": "<", "gt": ">", "apos": "'", "nbsp": "\u{A0}", "shy": "\u{AD}",
    "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "hellip": "…", "ndash": "–", "mdash": "—",
    "deg": "°", "pi": "π", "micro": "µ", "sup2": "²", "sup3": "³", "frac12": "½", "frac14": "¼", "frac34": "¾",
    "euro": "€", "pound": "£", "yen": "¥", "cent": "¢", "copy": "©", "reg": "®", "trade": "™", "times": "×",
    "divide": "÷", "plusmn": "±", "middot": "·", "laquo": "«", "raquo": "»", "iexcl": "¡", "iquest": "¿",
    "aacute": "á", "eacute": "é", "iacute": "í", "oacute": "ó", "uacute": "ú", "yacute": "ý",
    "Aacute": "Á", "Eacute": "É", "Iacute": "Í", "Oacute": "Ó", "Uacute": "Ú",
    "agrave": "à", "egrave": "è", "igrave": "ì", "ograve": "ò", "ugrave": "ù", "Agrave": "À", "Egrave": "È",
    "acirc": "â", "ecirc": "ê", "icirc": "î", "ocirc": "ô", "ucirc": "û",
    "auml": "ä", "euml": "ë", "iuml": "ï", "ouml": "ö", "uuml": "ü", "Auml": "Ä", "Ouml": "Ö", "Uuml": "Ü",
    "atilde": "ã", "otilde": "õ", "ntilde": "ñ", "Ntilde": "Ñ", "ccedil": "ç", "Ccedil": "Ç", "szlig": "ß",
    "aring": "å", "Aring": "Å", "aelig": "æ", "AElig": "Æ", "oslash": "ø", "Oslash": "Ø", "eth": "ð", "thorn": "þ",
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "lambda": "λ", "mu": "μ", "sigma": "σ",
    "omega": "ω", "Omega": "Ω", "Delta": "Δ", "Sigma": "Σ", "Pi": "Π", "theta": "θ",
  ]
}
