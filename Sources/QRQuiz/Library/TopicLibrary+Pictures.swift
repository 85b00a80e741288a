import Foundation
import QRQuizFiles

/// The pictures of the library's questions (uploads and drawings, made by
/// ``QuestionPicture``): `.pictures/NAME.png` or `.jpg` in the library's folder, each under
/// a new random name, so a name never changes what it shows (browsers and phones keep a
/// picture for good). Pictures are never removed: a kept version of a topic may still show
/// one.
extension TopicLibrary {
  /// The folder of the pictures.
  public var picturesDirectory: URL { directory.appendingPathComponent(".pictures") }

  /// Stores `picture`; returns its file name (32 hex digits and `.jpg` or `.png`).
  ///
  /// - Throws: ``Error/storage(_:)``.
  public func store(_ picture: QuestionPicture) throws(Error) -> String {
    let name = Secret.make() + "." + picture.fileExtension
    let file = picturesDirectory.appendingPathComponent(name)
    do throws(FileSystemError) {
      try Directory.create(picturesDirectory, mode: 0o700)
      try AtomicFile.write(picture.bytes, to: file, newFileMode: 0o600, durable: true)
    } catch {
      throw .storage(error)
    }
    return name
  }

  /// The bytes of picture `name` (as ``store(_:)`` named it), or `nil` for a name that is
  /// not one (nothing but `HASH.png` and `HASH.jpg` in the folder is ever opened).
  public func picture(named name: String) -> [UInt8]? {
    guard Self.isPictureName(name) else { return nil }
    return try? BoundedFile.read(
      picturesDirectory.appendingPathComponent(name).path, limit: QuestionPicture.maximumUploadSize * 2)
  }

  /// Whether `name` is a picture's name: 32 lower-case hex digits and `.png` or `.jpg`.
  public static func isPictureName(_ name: String) -> Bool {
    let parts = name.split(separator: ".")
    return parts.count == 2 && (parts[1] == "png" || parts[1] == "jpg") && parts[0].utf8.count == 32
      && parts[0].utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }

  /// Names that have kept versions but no topic now: removed topics that can be restored.
  public func removedNames() -> [String] {
    let folder = directory.appendingPathComponent(".versions")
    let names = ((try? Self.fileNames(in: folder.path)) ?? []).compactMap { String(validating: $0, as: UTF8.self) }
    let current = Set(self.names())
    return names.filter { !$0.hasPrefix(".") && !current.contains($0) && !versions(of: $0).isEmpty }.sorted()
  }
}
