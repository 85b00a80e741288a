import Foundation

/// Writes files so that readers see the old file or the whole new one, never a part:
/// the bytes go to a temporary file in the same directory, then are renamed into place.
///
/// There is deliberately no `fsync`: rename makes the file whole for every reader and
/// after a crash of the process; surviving a power cut would cost an `fsync` per file,
/// which is a third of the time of a batch of small PNGs.
public enum AtomicFile {
  /// Why a file could not be written.
  public struct Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// The file that was being written.
    public var path: String
    /// The system's reason.
    public var reason: String

    public var description: String { "cannot write \(path): \(reason)" }
  }

  /// Writes `bytes` to `url` atomically.
  ///
  /// - Parameter temporaryDirectory: where the temporary file goes; it must be on the same
  ///   file system as `url`. By default, `url`'s own directory.
  /// - Throws: the file system's error; no temporary file is left behind.
  public static func write(_ bytes: some Collection<UInt8>, to url: URL, temporaryDirectory: URL? = nil) throws {
    let directory = temporaryDirectory ?? url.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw posixError(errno, url) }
    var succeeded = false
    defer {
      if !succeeded { unlink(temporary.path) }
    }
    do {
      defer { close(descriptor) }
      try Array(bytes).withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
          let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
          if written < 0 {
            if errno == EINTR { continue }
            throw posixError(errno, url)
          }
          offset += written
        }
      }
    }
    guard rename(temporary.path, url.path) == 0 else { throw posixError(errno, url) }
    succeeded = true
  }

  private static func posixError(_ code: Int32, _ url: URL) -> Error {
    Error(path: url.path, reason: String(cString: strerror(code)))
  }
}
