import QRQuiz

/// A player of quizzes: a user name and an optional picture, as quiz apps keep them.
package struct Profile: Sendable, Codable, Hashable {
  /// The user name, unique without regard to case.
  package var name: String
  /// A picture on the web, fetched and revalidated through the image cache.
  package var imageURL: String?
  /// A picture copied from a local file, relative to the profiles directory.
  package var imageFile: String?

  /// Creates a profile.
  package init(name: String, imageURL: String? = nil, imageFile: String? = nil) {
    self.name = name
    self.imageURL = imageURL
    self.imageFile = imageFile
  }
}
