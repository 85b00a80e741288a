import Foundation

/// Writes files so that readers see the old file or the whole new one, never a part:
/// the bytes go to a temporary file in the same directory, then are renamed into place.
///
/// What is at the path decides how it is written, as `cp` and shells behave:
/// - nothing, or a regular file: temporary file + rename. A replaced file keeps its
///   permission bits (a 0600 file stays 0600); a new one gets 0666 less the umask.
/// - a symbolic link: followed; the file it points to is replaced atomically and the link
///   stays a link.
/// - a FIFO, a device, a socket (`/dev/null`, `/dev/tty`), or one of this process's own
///   descriptors (`/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`): written directly, never
///   replaced by a regular file. Such a target can see a partial write if the process dies.
///
/// There is deliberately no `fsync`: rename makes the file whole for every reader and
/// after a crash of the process; surviving a power cut would cost an `fsync` per file,
/// which is a third of the time of a batch of small PNGs.
package enum AtomicFile {
  /// Writes `bytes` to `url`.
  ///
  /// - Parameters:
  ///   - temporaryDirectory: where the temporary file goes; it must be on the same file
  ///     system as `url`. By default, the (link-resolved) target's own directory.
  ///   - newFileMode: the permissions of a file that did not exist (less the umask); an
  ///     existing file keeps its own. `0o600` for a secret.
  ///   - durable: `fsync` the file and its folder, so the write survives a power cut too
  ///     (a saved topic, a game's results), at the cost of the disk's flush.
  ///   - regularFileOnly: for the files of the data folder: anything at `url` but a
  ///     regular file (a link, a FIFO) is refused, never followed or written into.
  /// - Returns: the stamp of the file written, as `stat` gives it at `url` until someone
  ///   else changes it (`nil` when written directly into a FIFO, a device or a descriptor).
  /// - Throws: ``FileSystemError``; no temporary file is left behind.
  @discardableResult
  package static func write(
    _ bytes: some Collection<UInt8>, to url: URL, temporaryDirectory: URL? = nil, newFileMode: mode_t = 0o666,
    durable: Bool = false, regularFileOnly: Bool = false
  ) throws(FileSystemError) -> FileStamp? {
    let path = url.path
    if !regularFileOnly, let descriptor = Self.ownDescriptor(path) {
      try writeAll(Array(bytes), to: descriptor, path: path)
      return nil
    }
    let target = regularFileOnly ? path : resolvingLinks(path)
    var status = stat()
    let exists = (regularFileOnly ? lstat(target, &status) : stat(target, &status)) == 0
    if regularFileOnly, exists, status.st_mode & S_IFMT != S_IFREG {
      throw RegularFile.notRegular(path, .write, mode: status.st_mode)
    }
    if exists, status.st_mode & S_IFMT != S_IFREG {
      try writeDirectly(Array(bytes), to: target, shownAs: path)
      return nil
    }
    let directory = temporaryDirectory?.path ?? (target as NSString).deletingLastPathComponent
    let temporary = (directory.isEmpty ? "." : directory) + "/" + temporaryName(for: target)
    let mode: mode_t = exists ? status.st_mode & 0o7777 : newFileMode
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    guard descriptor >= 0 else { throw .current(.write, path) }
    var succeeded = false
    defer { if !succeeded { unlink(temporary) } }
    var written = stat()
    do {
      defer { close(descriptor) }
      // open() applies the umask; an existing file's own bits are restored exactly.
      if exists { _ = fchmod(descriptor, status.st_mode & 0o7777) }
      try writeAll(Array(bytes), to: descriptor, path: path)
      if durable, fsync(descriptor) != 0 { throw .current(.write, path) }
      // The rename keeps the inode, size and modification time: this is the file's stamp.
      guard fstat(descriptor, &written) == 0 else { throw .current(.write, path) }
    }
    guard rename(temporary, target) == 0 else { throw .current(.write, path) }
    succeeded = true
    if durable { try syncFolder(directory.isEmpty ? "." : directory) }
    return FileStamp(written)
  }

  /// `fsync` on a folder, so a rename in it is on the disk.
  package static func syncFolder(_ path: String) throws(FileSystemError) {
    let folder = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folder >= 0 else { throw .current(.write, path) }
    defer { close(folder) }
    guard fsync(folder) == 0 else { throw .current(.write, path) }
  }

  /// A hidden temporary name beside `target` that fits the 255-byte name limit whatever
  /// the target's name: its first 200 bytes (cut on a character boundary) and 12 random
  /// hex digits, so concurrent writers never collide.
  static func temporaryName(for target: String) -> String {
    let name = (target as NSString).lastPathComponent
    let random = String(UInt64.random(in: 0...UInt64.max) & 0xFFFF_FFFF_FFFF, radix: 16)
    return ".\(FileName.prefix(name, maximumBytes: 200)).\(random).tmp"
  }

  /// The descriptor a path names when it is this process's own standard stream or
  /// descriptor: writing there must go to the open descriptor, not reopen (and truncate
  /// or replace) whatever file the shell redirected it to.
  static func ownDescriptor(_ path: String) -> Int32? {
    switch path {
    case "/dev/stdout": return STDOUT_FILENO
    case "/dev/stderr": return STDERR_FILENO
    default:
      for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
        guard let number = Int32(path.dropFirst(prefix.count)), fcntl(number, F_GETFD) >= 0 else { return nil }
        return number
      }
      return nil
    }
  }

  /// `path` with every symbolic link followed (at most 40, as the kernel allows).
  static func resolvingLinks(_ path: String) -> String {
    var current = path
    for _ in 0..<40 {
      var status = stat()
      guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let length = readlink(current, &buffer, buffer.count - 1)
      guard length > 0 else { return current }
      let destination = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current =
        destination.hasPrefix("/")
        ? destination
        : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
    }
    return current
  }

  private static func writeDirectly(_ bytes: [UInt8], to target: String, shownAs path: String) throws(FileSystemError) {
    let descriptor = open(target, O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .current(.write, path) }
    defer { close(descriptor) }
    try writeAll(bytes, to: descriptor, path: path)
  }

  /// Writes all of `bytes` to `descriptor`, however many calls it takes.
  package static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(FileSystemError) {
    let failure: Int32? = bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += written
      }
      return nil
    }
    if let failure { throw FileSystemError(path: path, operation: .write, code: failure) }
  }
}
