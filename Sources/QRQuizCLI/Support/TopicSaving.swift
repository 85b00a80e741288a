import QRQuiz

/// Saving a topic into the library and saying so, the same way for `topics add`,
/// `decode --save`, `community fetch` and the creators.
enum TopicSaving {
  static var library: TopicLibrary { TopicLibrary(directory: Directories.topics) }

  /// Saves `topic` under `name` (by default its own); returns "saved as 'X'" ("replaced
  /// 'X' (the old one is kept as a version)" when `replacing` a saved one).
  ///
  /// - Throws: ``TopicLibrary/Error``: a refused save (the name or the same questions are
  ///   there already) is an error, so the command's exit says nothing was saved; with
  ///   `offerReplace`, a taken name says how to replace it.
  static func save(_ topic: ValidTopic, name: String? = nil, replacing: Bool = false, offerReplace: Bool = false)
    throws -> String
  {
    let existed = replacing && (try? library.find(name ?? topic.name)) != nil
    let saved: String
    // Not a `catch .nameTaken(…) where …`: Swift 6.3.1's optimiser crashes on one.
    switch Result(catching: { () throws(TopicLibrary.Error) in
      try library.save(topic, name: name, replacing: replacing ? .any : .never)
    }) {
    case .success(let name): saved = name
    case .failure(.nameTaken(let taken)) where offerReplace:
      throw CLIError(
        .invalidInput,
        "not saved: a topic named '\(taken)' is already saved; --replace replaces it (the old one is kept as a "
          + "version), --name saves it under another name")
    case .failure(let error): throw error
    }
    return existed ? "replaced '\(saved)' (the old one is kept as a version)" : "saved as '\(saved)'"
  }
}
