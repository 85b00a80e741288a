import Foundation

/// Profiles stored as one JSON file under a data directory (`$XDG_DATA_HOME/qrquiz` by
/// default), updated under a file lock and written atomically, so two processes adding
/// profiles at once lose neither.
public struct ProfileStore: Sendable {
  /// Why a profile operation failed.
  public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// The name is empty, too long or has control characters.
    case invalidName(String)
    /// A profile with this name (ignoring case) exists.
    case duplicateName(String)
    /// No profile has this name.
    case notFound(String)
    /// The picture source is not an http(s) URL or a readable image file.
    case badImage(String)
    /// The store could not be read or written.
    case storage(String)

    public var description: String {
      switch self {
      case .invalidName(let reason): "invalid profile name: \(reason)"
      case .duplicateName(let name): "a profile named '\(name)' already exists"
      case .notFound(let name): "no profile named '\(name)'"
      case .badImage(let reason): "bad profile picture: \(reason)"
      case .storage(let reason): "profile store: \(reason)"
      }
    }
  }

  /// The directory holding `profiles.json` and copied pictures.
  public let directory: URL
  private var file: URL { directory.appendingPathComponent("profiles.json") }
  /// The largest picture file accepted.
  public static let maximumImageSize = 20 << 20

  /// A store in `directory` (created when first written).
  public init(directory: URL) { self.directory = directory }

  /// Every profile, in the order added.
  public func list() throws(Error) -> [Profile] {
    guard let data = FileManager.default.contents(atPath: file.path) else { return [] }
    do {
      return try JSONDecoder().decode(ProfileFile.self, from: data).profiles
    } catch {
      throw .storage("\(file.path) is not a profiles file: \(error)")
    }
  }

  /// The profile named `name` (ignoring case).
  public func profile(named name: String) throws(Error) -> Profile {
    guard let profile = try list().first(where: { $0.name.lowercased() == name.lowercased() }) else {
      throw .notFound(name)
    }
    return profile
  }

  /// Adds a profile; `image` is an http(s) URL or a path to an image file.
  ///
  /// - Throws: ``Error``: a bad or duplicate name, a bad picture, a storage failure.
  @discardableResult
  public func add(name rawName: String, image: String? = nil) throws(Error) -> Profile {
    let name = try Self.validated(rawName)
    return try update { profiles throws(Error) in
      guard !profiles.contains(where: { $0.name.lowercased() == name.lowercased() }) else {
        throw .duplicateName(name)
      }
      var profile = Profile(name: name)
      if let image {
        if let url = URL(string: image), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http" {
          guard url.host?.isEmpty == false else { throw .badImage("\(image) has no host") }
          profile.imageURL = url.absoluteString
        } else if image.contains("://") {
          throw .badImage("\(image): only http and https URLs, or a local file")
        } else {
          profile.imageFile = try copyPicture(from: image, for: name)
        }
      }
      profiles.append(profile)
      return profile
    }
  }

  /// Removes the profile named `name` (ignoring case) and its copied picture.
  public func remove(name: String) throws(Error) {
    try update { profiles throws(Error) in
      guard let index = profiles.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) else {
        throw .notFound(name)
      }
      if let picture = profiles[index].imageFile {
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(picture))
      }
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
    guard let size else { throw .badImage("\(path): no such file") }
    guard size <= Self.maximumImageSize else { throw .badImage("\(path): over \(Self.maximumImageSize) bytes") }
    guard let bytes = FileManager.default.contents(atPath: path), let format = ImageFormat(sniffing: bytes) else {
      throw .badImage("\(path): not an image (PNG, JPEG, GIF, WebP or BMP)")
    }
    // Named by a hash of the name, never by the name itself: no path tricks possible.
    let relative = "pictures/\(CacheKey(name.lowercased()).hash).\(format.rawValue)"
    do {
      try FileManager.default.createDirectory(
        at: directory.appendingPathComponent("pictures"), withIntermediateDirectories: true)
      try AtomicFile.write(Array(bytes), to: directory.appendingPathComponent(relative))
    } catch {
      throw .storage("\(error)")
    }
    return relative
  }

  /// Read-modify-write of the profiles under an exclusive lock.
  private func update<T>(_ change: (inout [Profile]) throws(Error) -> T) throws(Error) -> T {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw .storage("\(error)")
    }
    let lock = open(directory.appendingPathComponent(".profiles.lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard lock >= 0 else { throw .storage("cannot open the lock file: \(String(cString: strerror(errno)))") }
    defer { close(lock) }
    guard flock(lock, LOCK_EX) == 0 else { throw .storage("cannot lock: \(String(cString: strerror(errno)))") }
    var profiles = try list()
    let result = try change(&profiles)
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      try AtomicFile.write(Array(try encoder.encode(ProfileFile(profiles: profiles))), to: file)
    } catch {
      throw .storage("\(error)")
    }
    return result
  }
}

private struct ProfileFile: Codable {
  var profiles: [Profile]
}
