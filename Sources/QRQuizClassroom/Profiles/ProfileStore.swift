import Foundation
import QRQuiz
import QRQuizFiles

/// The terminal player's profiles, in the records (`profiles`: a row each, the one that
/// plays marked); pictures copied from files stay files (`DIRECTORY/pictures/`). Each change
/// is one transaction of the store's writer, so two processes adding profiles at once lose
/// neither.
package struct ProfileStore: Sendable {
  /// Why a profile operation failed.
  package enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// The name is empty, too long or has control characters.
    case invalidName(String)
    /// A profile with this name (ignoring case) exists.
    case duplicateName(String)
    /// No profile has this name.
    case notFound(String)
    /// The picture is not an http(s) URL with a host, nor a readable image file.
    case badImage(BadImage)
    /// A picture could not be copied.
    case storage(FileSystemError)
    /// The records could not be read or written.
    case records(DatabaseError)

    package var description: String {
      switch self {
      case .invalidName(let reason): "invalid profile name: \(reason)"
      case .duplicateName(let name): "a profile named '\(name)' already exists"
      case .notFound(let name): "no profile named '\(name)'"
      case .badImage(let reason): "bad profile picture: \(reason)"
      case .storage(let error): "profile store: \(error)"
      case .records(let error): "profile store: \(error)"
      }
    }
  }

  /// What is wrong with a profile picture.
  package enum BadImage: Sendable, Hashable, CustomStringConvertible {
    /// A URL without a host.
    case noHost(String)
    /// A URL whose scheme is not http or https.
    case unsupportedScheme(String)
    /// No such file.
    case missing(String)
    /// Larger than ``ProfileStore/maximumImageSize``.
    case tooLarge(String)
    /// Not a PNG, JPEG, GIF, WebP or BMP image.
    case notAnImage(String)

    package var description: String {
      switch self {
      case .noHost(let text): "\(text) has no host"
      case .unsupportedScheme(let text): "\(text): only http and https URLs, or a local file"
      case .missing(let path): "\(path): no such file"
      case .tooLarge(let path): "\(path): over \(ProfileStore.maximumImageSize) bytes"
      case .notAnImage(let path): "\(path): not an image (PNG, JPEG, GIF, WebP or BMP)"
      }
    }
  }

  package let records: RecordStore
  /// The directory holding copied pictures (`pictures/`).
  package let directory: URL
  /// The largest picture file accepted.
  package static let maximumImageSize = 20 << 20

  /// A store of `records`, copying pictures into `directory`.
  package init(records: RecordStore, directory: URL) {
    self.records = records
    self.directory = directory
  }

  /// Every profile, in the order added.
  package func list() throws(Error) -> [Profile] {
    try read { database throws(DatabaseError) in
      try database.rows("SELECT name, image_url, image_file FROM profiles ORDER BY id").map(Self.profile)
    }
  }

  /// The profile that plays (`qrquiz profile use`), or `nil` for the default player.
  package func active() throws(Error) -> Profile? {
    try read { database throws(DatabaseError) in
      try database.row("SELECT name, image_url, image_file FROM profiles WHERE active = 1").map(Self.profile)
    }
  }

  /// Makes the profile named `name` the one that plays; `nil` for the default player.
  package func use(_ name: String?) throws(Error) {
    let key = name?.lowercased()
    let found = try write { database throws(DatabaseError) -> Bool in
      if let key, try database.row("SELECT 1 FROM profiles WHERE name_key = \(key)") == nil { return false }
      try database.execute("UPDATE profiles SET active = 0 WHERE active = 1")
      if let key { try database.execute("UPDATE profiles SET active = 1 WHERE name_key = \(key)") }
      return true
    }
    if !found, let name { throw .notFound(name) }
  }

  private static func profile(_ row: Row) -> Profile {
    Profile(name: row.get(0) ?? "", imageURL: row.get(1), imageFile: row.get(2))
  }

  /// The profile named `name` (ignoring case).
  package func profile(named name: String) throws(Error) -> Profile {
    guard let profile = try list().first(where: { $0.name.lowercased() == name.lowercased() }) else {
      throw .notFound(name)
    }
    return profile
  }

  /// Adds a profile; `image` is an http(s) URL or a path to an image file.
  ///
  /// - Throws: ``Error``: a bad or duplicate name, a bad picture, a storage failure.
  @discardableResult
  package func add(name rawName: String, image: String? = nil) throws(Error) -> Profile {
    let name = try Self.validated(rawName)
    guard try !list().contains(where: { $0.name.lowercased() == name.lowercased() }) else {
      throw .duplicateName(name)
    }
    var profile = Profile(name: name)
    if let image {
      if let url = URL(string: image), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http" {
        guard url.host?.isEmpty == false else { throw .badImage(.noHost(image)) }
        profile.imageURL = url.absoluteString
      } else if image.contains("://") {
        throw .badImage(.unsupportedScheme(image))
      } else {
        profile.imageFile = try copyPicture(from: image, for: name)
      }
    }
    let added = profile
    let inserted = try write { database throws(DatabaseError) -> Bool in
      guard try database.row("SELECT 1 FROM profiles WHERE name_key = \(added.name.lowercased())") == nil else {
        return false
      }
      try database.execute(
        """
        INSERT INTO profiles (name, name_key, image_url, image_file)
        VALUES (\(added.name), \(added.name.lowercased()), \(added.imageURL), \(added.imageFile))
        """)
      return true
    }
    guard inserted else { throw .duplicateName(name) }
    return profile
  }

  /// Removes the profile named `name` (ignoring case) and its copied picture.
  package func remove(name: String) throws(Error) {
    let key = name.lowercased()
    let removed = try write { database throws(DatabaseError) -> Profile? in
      let profile = try database.row("SELECT name, image_url, image_file FROM profiles WHERE name_key = \(key)")
        .map(Self.profile)
      // A removed active profile leaves the default player playing.
      try database.execute("DELETE FROM profiles WHERE name_key = \(key)")
      return profile
    }
    guard let removed else { throw .notFound(name) }
    if let picture = removed.imageFile, let path = pictureFile(picture) { unlink(path) }
  }

  static func validated(_ name: String) throws(Error) -> String {
    let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw .invalidName("it is empty") }
    guard trimmed.count <= 64 else { throw .invalidName("more than 64 characters") }
    guard !trimmed.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) }) else {
      throw .invalidName("it contains control characters")
    }
    return trimmed
  }

  private func copyPicture(from path: String, for name: String) throws(Error) -> String {
    let source = URL(fileURLWithPath: path)
    let size = (try? source.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? nil
    guard let size else { throw .badImage(.missing(path)) }
    guard size <= Self.maximumImageSize else { throw .badImage(.tooLarge(path)) }
    guard let bytes = try? BoundedFile.read(path, limit: Self.maximumImageSize),
      let format = ImageFormat(sniffing: bytes)
    else { throw .badImage(.notAnImage(path)) }
    // Named by a hash of the name, never by the name itself: no path tricks possible.
    let relative = "pictures/\(CacheKey(name.lowercased()).hash).\(format.rawValue)"
    do throws(FileSystemError) {
      try Directory.create(directory.appendingPathComponent("pictures"), mode: 0o700)
      try AtomicFile.write(Array(bytes), to: directory.appendingPathComponent(relative), newFileMode: 0o600)
    } catch {
      throw .storage(error)
    }
    return relative
  }

  /// The absolute path of a copied picture, only when the profiles file names one inside
  /// `pictures/` as this store writes them: a tampered file must not make `remove`
  /// delete anything else.
  func pictureFile(_ relative: String) -> String? {
    let name = relative.dropFirst("pictures/".count)
    guard relative.hasPrefix("pictures/"), !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else { return nil }
    return directory.appendingPathComponent("pictures").appendingPathComponent(String(name)).path
  }

  private func read<T>(_ body: (Database) throws(DatabaseError) -> T) throws(Error) -> T {
    do {
      return try records.read(body)
    } catch {
      throw .records(error)
    }
  }

  private func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws(DatabaseError) -> T) throws(Error) -> T
  {
    do {
      return try records.write(body)
    } catch {
      throw .records(error)
    }
  }
}
