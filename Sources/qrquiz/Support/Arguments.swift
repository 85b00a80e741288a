/// A small command-line parser: `--name value`, `--name=value`, `-o value`, boolean flags,
/// positionals, `-` as a positional (stdin/stdout) and `--` to end options.
struct Arguments {
  /// One option a command accepts.
  struct Option {
    /// All spellings; the first is the canonical one used for lookups.
    var names: [String]
    /// True if it takes a value; false for a flag.
    var takesValue: Bool

    static func value(_ names: String...) -> Option { Option(names: names, takesValue: true) }
    static func flag(_ names: String...) -> Option { Option(names: names, takesValue: false) }
  }

  private(set) var positionals: [String] = []
  private var values: [String: String] = [:]
  private var flags: Set<String> = []

  init(_ arguments: [String], options: [Option]) throws(CLIError) {
    var byName: [String: Option] = [:]
    for option in options { for name in option.names { byName[name] = option } }
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      if argument == "--" {
        positionals += remaining
        break
      }
      guard argument.hasPrefix("-"), argument != "-" else {
        positionals.append(argument)
        continue
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let option = byName[name] else { throw .usage("unknown option \(name)") }
      let canonical = option.names[0]
      if option.takesValue {
        guard let value = inlineValue ?? remaining.popFirst() else {
          throw .usage("\(name) needs a value")
        }
        values[canonical] = value
      } else {
        guard inlineValue == nil else { throw .usage("\(name) takes no value") }
        flags.insert(canonical)
      }
    }
  }

  /// The value of an option, by its canonical name.
  func value(_ name: String) -> String? { values[name] }

  /// Whether a flag was given, by its canonical name.
  func has(_ flag: String) -> Bool { flags.contains(flag) }

  /// An integer option within `range`, or `defaultValue` when absent.
  func integer(_ name: String, in range: ClosedRange<Int>, default defaultValue: Int) throws(CLIError) -> Int {
    guard let text = values[name] else { return defaultValue }
    guard let number = Int(text), range.contains(number) else {
      throw .usage("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
    }
    return number
  }
}
