import Foundation
import QRQuiz
import QRQuizFiles

/// Profiles stored as one JSON file under a data directory (`$XDG_DATA_HOME/qrquiz` by
/// default), updated under a file lock and written atomically, so two processes adding
/// profiles at once lose neither.
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
    /// `profiles.json` is not a profiles file.
    case corrupt(path: String)
    /// The store could not be read or written.
    case storage(FileSystemError)

    package var description: String {
      switch self {
      case .invalidName(let reason): "invalid profile name: \(reason)"
      case .duplicateName(let name): "a profile named '\(name)' already exists"
      case .notFound(let name): "no profile named '\(name)'"
      case .badImage(let reason): "bad profile picture: \(reason)"
      case .corrupt(let path): "profile store: \(path) is not a profiles file"
      case .storage(let error): "profile store: \(error)"
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

  /// The directory holding `profiles.json` and copied pictures.
  package let directory: URL
  private var file: URL { directory.appendingPathComponent("profiles.json") }
  /// The largest picture file accepted.
  package static let maximumImageSize = 20 << 20

  /// A store in `directory` (created when first written).
  package init(directory: URL) { self.directory = directory }

  /// Every profile, in the order added.
  package func list() throws(Error) -> [Profile] { try load().profiles }

  /// The profile that plays (`qrquiz profile use`), or `nil` for the default player.
  package func active() throws(Error) -> Profile? {
    let file = try load()
    guard let name = file.active else { return nil }
    return file.profiles.first { $0.name.lowercased() == name.lowercased() }
  }

  /// Makes the profile named `name` the one that plays; `nil` for the default player.
  package func use(_ name: String?) throws(Error) {
    try updateFile { file throws(Error) in
      guard let name else {
        file.active = nil
        return
      }
      guard let profile = file.profiles.first(where: { $0.name.lowercased() == name.lowercased() }) else {
        throw .notFound(name)
      }
      file.active = profile.name
    }
  }

  private func load() throws(Error) -> ProfileFile {
    let bytes: [UInt8]
    do {
      bytes = try BoundedFile.read(file.path, limit: 16 << 20)
    } catch {
      switch error {
      case .file(let failure) where failure.isNotFound: return ProfileFile(profiles: [])
      case .file(let failure): throw .storage(failure)
      case .tooLarge: throw .corrupt(path: file.path)
      }
    }
    guard let decoded = try? JSONDecoder().decode(ProfileFile.self, from: Data(bytes)) else {
      throw .corrupt(path: file.path)
    }
    return decoded
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
    return try update { profiles throws(Error) in
      guard !profiles.contains(where: { $0.name.lowercased() == name.lowercased() }) else {
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
      profiles.append(profile)
      return profile
    }
  }

  /// Removes the profile named `name` (ignoring case) and its copied picture.
  package func remove(name: String) throws(Error) {
    try update { profiles throws(Error) in
      guard let index = profiles.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) else {
        throw .notFound(name)
      }
      if let picture = profiles[index].imageFile, let path = pictureFile(picture) { unlink(path) }
      profiles.remove(at: index)
    }
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
      try Directory.create(directory.appendingPathComponent("pictures"))
      try AtomicFile.write(Array(bytes), to: directory.appendingPathComponent(relative))
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

  /// Read-modify-write of the profiles under an exclusive lock.
  private func update<T>(_ change: (inout [Profile]) throws(Error) -> T) throws(Error) -> T {
    try updateFile { file throws(Error) in
      let result = try change(&file.profiles)
      // A removed active profile leaves the default player playing.
      if let active = file.active, !file.profiles.contains(where: { $0.name.lowercased() == active.lowercased() }) {
        file.active = nil
      }
      return result
    }
  }

  private func updateFile<T>(_ change: (inout ProfileFile) throws(Error) -> T) throws(Error) -> T {
    do throws(FileSystemError) { try Directory.create(directory) } catch { throw .storage(error) }
    return try FileLock.withExclusiveLock(
      on: directory.appendingPathComponent(".profiles.lock"), lockFailure: Error.storage
    ) {
      () throws(Error) -> T in
      var contents = try load()
      let result = try change(&contents)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      // Encoding plain strings cannot fail.
      let bytes = Array(try! encoder.encode(contents))
      do throws(FileSystemError) {
        try AtomicFile.write(bytes, to: file)
      } catch {
        throw .storage(error)
      }
      return result
    }
  }
}

private struct ProfileFile: Codable {
  var profiles: [Profile]
  /// The profile that plays, by name; `nil` for the default player.
  var active: String?
}
