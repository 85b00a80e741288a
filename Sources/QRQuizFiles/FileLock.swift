import Foundation

/// An exclusive advisory lock (`flock`) on a lock file, held while `body` runs, so that
/// read-modify-write updates from several processes (two `qrquiz topics add` at once)
/// happen one after the other and none is lost. The lock ends with the process, so a
/// killed holder never leaves it stuck.
package enum FileLock {
  /// Runs `body` holding the lock on `file` (created if missing, the owner's alone: lock
  /// files sit in the data folder, where every file is 0600).
  ///
  /// - Parameter lockFailure: turns a failure to take the lock into the caller's error.
  /// - Throws: what `body` throws, or `lockFailure`'s error.
  package static func withExclusiveLock<T, Failure: Error>(
    on file: URL, lockFailure: (FileSystemError) -> Failure, _ body: () throws(Failure) -> T
  ) throws(Failure) -> T {
    let descriptor = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw lockFailure(.current(.lock, file.path)) }
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else { throw lockFailure(.current(.lock, file.path)) }
    }
    return try body()
  }

  /// Why a lock to hold for the process's life was not taken.
  package enum HoldRefusal: Error, Sendable {
    /// Another process holds it; `note` is what that process wrote in the file.
    case heldByAnother(note: String)
    case failed(FileSystemError)
  }

  /// Takes the lock on `file` at once, or not at all, and holds it until the process ends
  /// (a killed holder leaves nothing stuck), writing `note` in the file for whoever finds
  /// it taken: one server per data folder, say.
  package static func holdUntilExit(_ file: URL, note: String) throws(HoldRefusal) {
    let descriptor = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { throw .failed(.current(.lock, file.path)) }
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EINTR else {
        let held = errno == EWOULDBLOCK
        let said = (try? BoundedFile.read(descriptor: descriptor, path: file.path, limit: 4096)) ?? []
        close(descriptor)
        if held { throw .heldByAnother(note: String(decoding: said, as: UTF8.self)) }
        throw .failed(.current(.lock, file.path))
      }
    }
    _ = ftruncate(descriptor, 0)
    _ = Array(note.utf8).withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    // The descriptor stays open: the lock is the process's until it ends.
  }
}
