/// Turns `qrquiz …` into a command ready to run: walks the subcommand words, then reads
/// options (`--name value`, `--name=value`, `-n value`, `-nVALUE`), flags and positional
/// arguments in any order. `--` ends the options; `-` is a positional (stdin or stdout).
struct CommandParser {
  /// What the command line asks for.
  enum Outcome {
    case run(any ParsableCommand)
    case help
    case version
  }

  /// The commands from the root to the one named; the last is the one parsed.
  private(set) var path: [any ParsableCommand.Type]

  init(root: any ParsableCommand.Type) { path = [root] }

  /// The words that name the command: `qrquiz cache prune`.
  var commandName: String { path.map { $0.configuration.name }.joined(separator: " ") }

  mutating func parse(_ arguments: [String]) throws(CLIError) -> Outcome {
    var remaining = arguments[...]
    while let word = remaining.first,
      let subcommand = path.last!.configuration.subcommands.first(where: { $0.configuration.name == word })
    {
      path.append(subcommand)
      remaining.removeFirst()
    }
    let type = path.last!
    let subcommands = type.configuration.subcommands.map { $0.configuration.name }
    if !subcommands.isEmpty, !type.configuration.runsWithoutSubcommand {
      switch remaining.first {
      case nil, "-h", "--help", "help": return .help
      case "--version" where path.count == 1: return .version
      case let word?:
        if let meant = type.configuration.subcommands.first(where: { $0.configuration.synonyms.contains(word) }) {
          throw .usage("unknown command '\(word)'; did you mean \(meant.configuration.name)?")
        }
        throw .usage("unknown command '\(word)'" + Suggestion.didYouMean(word, among: subcommands))
      }
    }
    return try parseDeclarations(of: type.init(), remaining)
  }

  private func parseDeclarations(
    of command: any ParsableCommand, _ arguments: ArraySlice<String>
  ) throws(CLIError) -> Outcome {
    let declarations = command.declarations
    var byName: [String: Declaration] = [:]
    for declaration in declarations { for name in declaration.names { byName[name] = declaration } }
    var positionals: [String] = []
    var remaining = arguments
    while let argument = remaining.popFirst() {
      if argument == "--" {
        positionals += remaining
        break
      }
      if argument == "-h" || argument == "--help" { return .help }
      if argument == "--version" { return .version }
      guard argument.hasPrefix("-"), argument != "-" else {
        positionals.append(argument)
        continue
      }
      var name = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      } else if !argument.hasPrefix("--"), argument.count > 2, byName[argument] == nil,
        let short = byName[String(argument.prefix(2))], short.kind == .option
      {
        name = String(argument.prefix(2))
        inlineValue = String(argument.dropFirst(2))
      }
      guard let declaration = byName[name] else {
        throw .usage("unknown option \(name)" + Suggestion.didYouMean(name, among: Array(byName.keys)))
      }
      switch declaration.kind {
      case .flag:
        if let inlineValue, let valued = declaration as? FlagOrValue {
          try valued.receiveJoined(inlineValue, as: name)
          continue
        }
        guard inlineValue == nil else { throw .usage("\(name) takes no value") }
        declaration.raise()
      case .option where declaration.valueNames.count > 1:
        // Several words in a row (`--merge RESULTS FROM INTO`): all of them, each its own word.
        let wanted = declaration.valueNames.count
        guard inlineValue == nil else {
          throw .usage("\(name) takes \(wanted) words: \(name) \(declaration.valueName)")
        }
        guard remaining.count >= wanted else {
          throw .usage("\(name) needs \(wanted) values: \(declaration.valueName)")
        }
        for _ in 0..<wanted { try declaration.receive(remaining.removeFirst(), as: name) }
      case .option:
        guard let value = inlineValue ?? remaining.popFirst() else { throw .usage("\(name) needs a value") }
        try declaration.receive(value, as: name)
      case .argument: preconditionFailure("positional arguments have no names")
      }
    }
    try assign(positionals, to: declarations.filter { $0.kind == .argument })
    try command.validate()
    return .run(command)
  }

  private func assign(_ values: [String], to arguments: [Declaration]) throws(CLIError) {
    var remaining = values[...]
    for argument in arguments {
      switch argument.arity {
      case .one:
        guard let value = remaining.popFirst() else { throw .usage("missing \(argument.valueName)") }
        try argument.receive(value, as: argument.valueName)
      case .optional:
        if let value = remaining.popFirst() { try argument.receive(value, as: argument.valueName) }
      case .many:
        while let value = remaining.popFirst() { try argument.receive(value, as: argument.valueName) }
      }
    }
    if let extra = remaining.first { throw .usage("unexpected argument '\(extra)'") }
  }
}

/// "did you mean …?" for a mistyped option or command.
enum Suggestion {
  /// `; did you mean --output?` when a known word is within two edits (or shares a
  /// long prefix), else nothing.
  static func didYouMean(_ word: String, among candidates: [String]) -> String {
    let scored = candidates.map { ($0, distance(word, $0)) }.filter { $0.1 <= max(2, word.count / 3) }
    guard let best = scored.min(by: { ($0.1, $0.0) < ($1.1, $1.0) }) else { return "" }
    return "; did you mean \(best.0)?"
  }

  /// Levenshtein distance.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + [Int](repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
