/// An Open Trivia DB API response (opentdb.com/api_config.php, HTML-entity encoding):
/// `{"response_code": 0, "results": [{"type", "category", "question", "correct_answer",
/// "incorrect_answers"}]}`. Categories become sets; the correct answer goes to a random,
/// seeded place among the others; true/false questions read True, False.
enum OpenTriviaImporter {
  static func parse(_ text: String, random: inout SeededRandom) throws(TopicImporter.Error) -> ImportedQuestions {
    let json: JSONValue
    do {
      json = try JSONParser.parse(Array(text.utf8))
    } catch {
      throw .syntax(line: error.line, .notJSON(error))
    }
    guard case .number(let code)? = json["response_code"] else { throw .syntax(line: nil, .notOpenTrivia) }
    guard code.value == 0 else { throw .syntax(line: nil, .openTriviaResponse(Int(code.value))) }
    guard case .array(let results)? = json["results"] else { throw .syntax(line: nil, .notOpenTrivia) }
    var imported = ImportedQuestions()
    for (index, result) in results.enumerated() {
      guard case .string(let question)? = result["question"], case .string(let correct)? = result["correct_answer"],
        case .array(let wrongValues)? = result["incorrect_answers"]
      else {
        imported.issues.append(
          ImportIssue(
            line: nil, reason: .missing("question, correct_answer or incorrect_answers in result \(index + 1)")))
        continue
      }
      let wrong = wrongValues.compactMap { value -> String? in
        if case .string(let text) = value { return HTMLEntities.decode(text) }
        return nil
      }
      let right = HTMLEntities.decode(correct)
      var answers: [String]
      var position: Int
      if case .string("boolean")? = result["type"] {
        answers = ["True", "False"]
        position = right.lowercased() == "true" ? 0 : 1
      } else {
        answers = wrong
        position = Int.random(in: 0...answers.count, using: &random)
        answers.insert(right, at: position)
      }
      let category = result["category"].flatMap { value -> String? in
        if case .string(let text) = value { return HTMLEntities.decode(text) }
        return nil
      }
      let draft = QuestionDraft(text: HTMLEntities.decode(question), answers: answers, correct: [position])
      try imported.add(draft, toSet: category)
    }
    return imported
  }
}

/// HTML character references, as Open Trivia DB writes its text: `&quot;`, `&#039;`,
/// `&eacute;`, `&#x2014;`.
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
