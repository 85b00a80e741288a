import QRQuiz

/// The `--help` text of a command, generated from its configuration and declarations.
enum HelpText {
  /// The usage line after `usage: `: `qrquiz encode [options] TOPIC…`.
  static func usage(_ path: [any ParsableCommand.Type], optionsWord: String = "options") -> String {
    let name = commandName(path)
    let type = path.last!
    if let usage = type.configuration.usage { return "\(name) \(usage)" }
    if !type.configuration.subcommands.isEmpty { return "\(name) COMMAND …" }
    let declarations = type.init().declarations
    var words = [name]
    if declarations.contains(where: { $0.kind != .argument }) { words.append("[\(optionsWord)]") }
    for argument in declarations where argument.kind == .argument {
      switch argument.arity {
      case .one: words.append(argument.valueName)
      case .optional: words.append("[\(argument.valueName)]")
      case .many: words.append("\(argument.valueName)…")
      }
    }
    return words.joined(separator: " ")
  }

  static func commandName(_ path: [any ParsableCommand.Type]) -> String {
    path.map { $0.configuration.name }.joined(separator: " ")
  }

  /// The whole help page, in the locale's language when the command has a translation
  /// (``SpanishHelp``), else in English.
  static func help(_ path: [any ParsableCommand.Type], language: Language = TerminalWords.current.language) -> String {
    let type = path.last!
    let configuration = type.configuration
    let translation = language == .spanish ? (type as? any SpanishHelp.Type)?.spanishHelp : nil
    func frame(_ word: String) -> String { translation == nil ? word : HelpTranslation.spanishFrame[word] ?? word }
    func line(_ declaration: Declaration, _ english: String) -> String {
      translation?.lines[declaration.preferredName] ?? translation?.lines[declaration.valueName] ?? english
    }
    var sections = [
      "\(frame("usage")): \(usage(path, optionsWord: frame("options")))",
      translation?.abstract ?? configuration.abstract,
    ]
    if let discussion = translation?.discussion ?? (configuration.discussion.isEmpty ? nil : configuration.discussion) {
      sections.append(discussion)
    }
    if !configuration.subcommands.isEmpty {
      sections.append(
        "commands:\n"
          + table(configuration.subcommands.map { ($0.configuration.name, $0.configuration.abstract) }))
    }
    let declarations = type.init().declarations
    let arguments = declarations.filter { $0.kind == .argument }
    if !arguments.isEmpty {
      sections.append("\(frame("arguments")):\n" + table(arguments.map { (argumentLabel($0), line($0, $0.help)) }))
    }
    var options = declarations.filter { $0.kind != .argument }.map { option in
      (optionLabel(option), optionHelp(option, help: line(option, option.help), defaultWord: frame("default")))
    }
    options.append(("-h, --help", frame("show this help")))
    if path.count == 1 { options.append(("--version", "show the version")) }
    sections.append("\(frame("options")):\n" + table(options))
    if !configuration.examples.isEmpty {
      sections.append("\(frame("examples")):\n" + configuration.examples.map { "  $ \($0)" }.joined(separator: "\n"))
    }
    if !configuration.subcommands.isEmpty {
      sections.append("See '\(commandName(path)) COMMAND --help' for a command's options.")
    }
    return sections.joined(separator: "\n\n") + "\n"
  }

  static func argumentLabel(_ argument: Declaration) -> String {
    argument.arity == .many ? "\(argument.valueName)…" : argument.valueName
  }

  /// `-o, --output FILE`; `--caption[=TEXT]` for a flag that may have a value.
  static func optionLabel(_ option: Declaration) -> String {
    option.names.joined(separator: ", ") + valueLabel(option)
  }

  /// ` FILE` for an option, `[=TEXT]` for a flag that may have a value, else nothing.
  static func valueLabel(_ option: Declaration) -> String {
    switch option.kind {
    case .option: " \(option.valueName)"
    case .flag where !option.valueName.isEmpty: "[=\(option.valueName)]"
    default: ""
    }
  }

  /// The help line with its choices and default.
  static func optionHelp(_ option: Declaration, help: String? = nil, defaultWord: String = "default") -> String {
    var text = help ?? option.help
    if case .choices(let choices) = option.completion {
      text += " (\(choices.joined(separator: "|")))"
    }
    if let defaultText = option.defaultText, !defaultText.isEmpty { text += " [\(defaultWord): \(defaultText)]" }
    return text
  }

  /// Two columns; a long left entry puts its help on the next line.
  static func table(_ rows: [(String, String)]) -> String {
    let width = min(26, (rows.map(\.0.count).max() ?? 0) + 2)
    return rows.map { label, help in
      let left = "  " + label
      if left.count + 2 > width + 2 { return left + "\n" + String(repeating: " ", count: width + 2) + help }
      return left + String(repeating: " ", count: width + 2 - left.count) + help
    }.joined(separator: "\n")
  }
}
