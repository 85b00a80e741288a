import Foundation

/// An exclusive advisory lock (`flock`) on a lock file, held while `body` runs, so that
/// read-modify-write updates from several processes (two `qrquiz topics add` at once)
/// happen one after the other and none is lost. The lock ends with the process, so a
/// killed holder never leaves it stuck.
package enum FileLock {
  /// Runs `body` holding the lock on `file` (created if missing).
  ///
  /// - Parameter lockFailure: turns a failure to take the lock into the caller's error.
  /// - Throws: what `body` throws, or `lockFailure`'s error.
  package static func withExclusiveLock<T, Failure: Error>(
    on file: URL, lockFailure: (FileSystemError) -> Failure, _ body: () throws(Failure) -> T
  ) throws(Failure) -> T {
    let descriptor = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw lockFailure(.current(.lock, file.path)) }
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else { throw lockFailure(.current(.lock, file.path)) }
    }
    return try body()
  }
}
