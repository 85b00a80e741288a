/// A kind of positional argument several commands take, declared once: its placeholder,
/// its help (for one value and for several) and what a shell completes. The property's
/// type says how many: `@Argument(.topic) var topic: String`, or `var topics: [String]`.
struct Positional: Sendable {
  /// The placeholder in help and usage: `TOPIC`.
  let value: String
  /// The help of one value.
  let one: String
  /// The help of several.
  let many: String
  let completion: Declaration.Completion
}

extension Argument {
  /// One required value of a declared kind.
  convenience init(_ kind: Positional) where Value: ExpressibleByArgument {
    self.init(value: kind.value, help: kind.one, completion: kind.completion)
  }

  /// One optional value of a declared kind.
  convenience init<Wrapped: ExpressibleByArgument>(_ kind: Positional) where Value == Wrapped? {
    self.init(value: kind.value, help: kind.one, completion: kind.completion)
  }

  /// Any number of values of a declared kind.
  convenience init<Element: ExpressibleByArgument>(_ kind: Positional) where Value == [Element] {
    self.init(value: kind.value, help: kind.many, completion: kind.completion)
  }
}
