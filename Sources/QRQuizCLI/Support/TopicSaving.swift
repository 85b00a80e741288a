import QRQuiz

/// Saving a topic into the library and saying so, the same way for `topics add`,
/// `decode --save`, `community fetch` and the creators.
enum TopicSaving {
  static var library: TopicLibrary { TopicLibrary(directory: Directories.topics) }

  /// Saves `topic` under `name` (by default its own); returns "saved as 'X'".
  ///
  /// - Throws: ``TopicLibrary/Error``: a refused save (the name or the same questions are
  ///   there already) is an error, so the command's exit says nothing was saved.
  static func save(_ topic: ValidTopic, name: String? = nil) throws(TopicLibrary.Error) -> String {
    "saved as '\(try library.save(topic, name: name))'"
  }
}
