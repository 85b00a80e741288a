/// One option, flag or positional argument as a command declares it. The same object
/// parses the user's text into the command's property and describes itself to the help,
/// the shell completion scripts and the man page: nothing about an option is written
/// twice.
class Declaration {
  enum Kind { case option, flag, argument }

  /// How many values a positional argument takes.
  enum Arity { case one, optional, many }

  /// What a shell should offer for the value.
  enum Completion: Equatable {
    case none
    case file
    case directory
    /// These words.
    case choices([String])
  }

  let kind: Kind
  /// Spellings: `["-o", "--output"]`; empty for positional arguments.
  let names: [String]
  /// The value's placeholder in help: `FILE`; `RESULTS FROM INTO` for an option of
  /// several values.
  let valueName: String
  /// Each value's placeholder, in order: one for most options, several for an option that
  /// takes several words in a row (`--merge RESULTS FROM INTO`).
  let valueNames: [String]
  /// One line of help.
  let help: String
  let arity: Arity
  let completion: Completion
  /// The default shown in help, when there is one worth showing.
  let defaultText: String?
  /// Whether the user gave it.
  private(set) var isSet = false

  init(
    kind: Kind, names: [String], valueName: String, help: String, arity: Arity = .one,
    completion: Completion = .none, defaultText: String? = nil, valueNames: [String]? = nil
  ) {
    self.kind = kind
    self.names = names
    self.valueName = valueName
    self.valueNames = valueNames ?? [valueName]
    self.help = help
    self.arity = arity
    self.completion = completion
    self.defaultText = defaultText
  }

  /// The longest spelling (`--output`), used in messages.
  var preferredName: String { names.last ?? valueName }

  /// Takes a value the user gave, as `name`; a message when it is not acceptable.
  final func receive(_ text: String, as name: String) throws(CLIError) {
    if let problem = accept(text) { throw .usage("\(name) must be \(problem), not '\(text)'") }
    isSet = true
  }

  /// A flag was given.
  final func raise() {
    accept("")
    isSet = true
  }

  /// Stores `text`, or says what it should have been.
  @discardableResult
  func accept(_ text: String) -> String? { preconditionFailure("subclasses store values") }
}

/// `@Option("-o", "--output", value: "FILE", help: "…") var output: String?`
@propertyWrapper final class Option<Value>: Declaration {
  private(set) var wrappedValue: Value
  private var read: (String) -> Value?
  private let expectation: String

  /// An option with a default value.
  init(
    wrappedValue: Value, _ names: String..., value: String = "VALUE", help: String,
    completion: Completion? = nil, showDefault: Bool = true
  ) where Value: ExpressibleByArgument {
    self.wrappedValue = wrappedValue
    read = { Value(argument: $0) }
    expectation = Value.expectation
    super.init(
      kind: .option, names: names, valueName: value, help: help,
      completion: completion ?? Self.completion(for: Value.self),
      defaultText: showDefault ? wrappedValue.argumentText : nil)
  }

  /// A whole-number option that must lie in `range`.
  ///
  /// - Parameter defaultText: how help shows the default, when the number alone would
  ///   mislead ("every core" rather than this machine's count).
  init(
    wrappedValue: Int, _ names: String..., value: String = "N", help: String, range: ClosedRange<Int>,
    defaultText: String? = nil
  ) where Value == Int {
    self.wrappedValue = wrappedValue
    read = { Int($0).flatMap { range.contains($0) ? $0 : nil } }
    expectation = "a whole number from \(range.lowerBound) to \(range.upperBound)"
    super.init(
      kind: .option, names: names, valueName: value, help: help, defaultText: defaultText ?? "\(wrappedValue)")
  }

  /// An optional whole-number option that must lie in `range` when given; help shows
  /// `defaultText` for what happens without it.
  init(_ names: String..., value: String = "N", help: String, range: ClosedRange<Int>, defaultText: String)
  where Value == Int? {
    wrappedValue = nil
    read = { text -> Int?? in
      guard let number = Int(text), range.contains(number) else { return nil }
      return .some(number)
    }
    expectation = "a whole number from \(range.lowerBound) to \(range.upperBound)"
    super.init(kind: .option, names: names, valueName: value, help: help, defaultText: defaultText)
  }

  /// An optional option: `nil` unless given.
  init<Wrapped: ExpressibleByArgument>(
    _ names: String..., value: String = "VALUE", help: String, completion: Completion? = nil
  ) where Value == Wrapped? {
    wrappedValue = nil
    read = { Wrapped(argument: $0).map { .some($0) } }
    expectation = Wrapped.expectation
    super.init(
      kind: .option, names: names, valueName: value, help: help,
      completion: completion ?? Self.completion(for: Wrapped.self))
  }

  /// An option given any number of times, each value kept in order: `--host-name a --host-name b`.
  init<Element: ExpressibleByArgument>(
    repeating names: String..., value: String = "VALUE", help: String, completion: Completion? = nil
  ) where Value == [Element] {
    wrappedValue = []
    read = { _ in nil }
    expectation = Element.expectation
    super.init(
      kind: .option, names: names, valueName: value, help: help + " (repeatable)",
      completion: completion ?? Self.completion(for: Element.self))
    // Each value is added to those given before it.
    read = { [unowned self] text in Element(argument: text).map { self.wrappedValue + [$0] } }
  }

  /// An optional option of several values in a row, all given or none:
  /// `--merge RESULTS FROM INTO` (`completion` is the first value's). Given again, the later
  /// values replace the earlier, as a one-value option's do.
  init(_ names: String..., values: String..., help: String, completion: Completion = .none)
  where Value == [String]? {
    precondition(values.count > 1, "an option of one value is declared with value:")
    wrappedValue = nil
    read = { _ in nil }
    expectation = "a value"
    super.init(
      kind: .option, names: names, valueName: values.joined(separator: " "), help: help, completion: completion,
      valueNames: values)
    let count = values.count
    read = { [unowned self] text in
      // A complete list is a former use of the option: this value starts the new one.
      let kept = self.wrappedValue.flatMap { $0.count < count ? $0 : nil } ?? []
      return .some(kept + [text])
    }
  }

  private static func completion<T: ExpressibleByArgument>(for type: T.Type) -> Completion {
    T.allValueStrings.isEmpty ? .none : .choices(T.allValueStrings)
  }

  override func accept(_ text: String) -> String? {
    guard let value = read(text) else { return expectation }
    wrappedValue = value
    return nil
  }
}

/// `@Flag("--svg", help: "…") var svg = false`
@propertyWrapper final class Flag: Declaration {
  private(set) var wrappedValue: Bool

  init(wrappedValue: Bool = false, _ names: String..., help: String) {
    self.wrappedValue = wrappedValue
    super.init(kind: .flag, names: names, valueName: "", help: help)
  }

  override func accept(_ text: String) -> String? {
    wrappedValue = true
    return nil
  }
}

/// `@FlagOrValue("--caption", value: "TEXT", help: "…") var caption`: given alone
/// (`--caption`) or with a value joined by `=` (`--caption=TEXT`), as getopt's optional
/// arguments: a value in the next word would be taken from the positional arguments.
@propertyWrapper final class FlagOrValue: Declaration {
  enum Given: Equatable {
    case alone
    case with(String)
  }

  private(set) var wrappedValue: Given?

  init(_ names: String..., value: String, help: String) {
    super.init(kind: .flag, names: names, valueName: value, help: help)
  }

  /// `--name=VALUE`: an empty value is a mistake, not the flag alone.
  func receiveJoined(_ text: String, as name: String) throws(CLIError) {
    guard !text.isEmpty else { throw .usage("\(name)= needs a \(valueName.lowercased()) (or give \(name) alone)") }
    try receive(text, as: name)
  }

  override func accept(_ text: String) -> String? {
    wrappedValue = text.isEmpty ? .alone : .with(text)
    return nil
  }
}

/// `@Argument(value: "TOPIC", help: "…") var topics: [String]`
@propertyWrapper final class Argument<Value>: Declaration {
  private var stored: Value?
  private let append: (Value?, String) -> Value?
  private let expectation: String

  var wrappedValue: Value {
    // The parser refuses a command whose required argument is missing, before it runs.
    guard let stored else { preconditionFailure("\(valueName) was not parsed") }
    return stored
  }

  /// One required value.
  init(value: String, help: String, completion: Completion = .none) where Value: ExpressibleByArgument {
    append = { _, text in Value(argument: text) }
    expectation = Value.expectation
    super.init(kind: .argument, names: [], valueName: value, help: help, arity: .one, completion: completion)
  }

  /// One optional value.
  init<Wrapped: ExpressibleByArgument>(value: String, help: String, completion: Completion = .none)
  where Value == Wrapped? {
    stored = .some(nil)
    append = { _, text in Wrapped(argument: text).map { .some($0) } }
    expectation = Wrapped.expectation
    super.init(kind: .argument, names: [], valueName: value, help: help, arity: .optional, completion: completion)
  }

  /// Any number of values (the command checks for at least one where it needs one).
  init<Element: ExpressibleByArgument>(value: String, help: String, completion: Completion = .none)
  where Value == [Element] {
    stored = []
    append = { values, text in Element(argument: text).map { (values ?? []) + [$0] } }
    expectation = Element.expectation
    super.init(kind: .argument, names: [], valueName: value, help: help, arity: .many, completion: completion)
  }

  override func accept(_ text: String) -> String? {
    guard let value = append(stored, text) else { return expectation }
    stored = value
    return nil
  }
}

/// Options shared by several commands, declared once: `@OptionGroup var cache: CacheOptions`.
@propertyWrapper final class OptionGroup<Value: ParsableArguments> {
  let wrappedValue: Value

  init() { wrappedValue = Value() }
}

/// Lets the parser find the declarations inside an ``OptionGroup``.
protocol DeclarationContainer {
  var containedValue: Any { get }
}

extension OptionGroup: DeclarationContainer {
  var containedValue: Any { wrappedValue }
}
