extension SQL {
  /// The statement as PostgreSQL numbers its parameters: each `?` that stands for a bound
  /// value becomes `$1`, `$2` …; a `?` inside a quoted literal or identifier stays.
  var postgreSQLText: String {
    var result = ""
    result.reserveCapacity(text.utf8.count + arguments.count * 2)
    var number = 0
    var quote: Character?
    for character in text {
      if let open = quote {
        if character == open { quote = nil }
        result.append(character)
      } else if character == "'" || character == "\"" {
        quote = character
        result.append(character)
      } else if character == "?" {
        number += 1
        result += "$\(number)"
      } else {
        result.append(character)
      }
    }
    return result
  }
}
