import QRQuiz

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
