import Foundation

/// Opening the files of the data folder (saved topics, results' exports, 0.5's journals) as
/// a stranger may have left them: a symbolic link is never followed (a file written through one
/// truncates and appends to whatever it points at), a FIFO or a device is never waited on
/// (opening a FIFO for reading blocks until someone writes), and only a regular file is
/// used. The check is made on the open descriptor, so a file swapped after a listing is
/// refused too.
package enum RegularFile {
  /// Opens `path` with `flags` (plus `O_NOFOLLOW`, `O_NONBLOCK`, `O_NOCTTY` and
  /// `O_CLOEXEC`), when it is a regular file; `mode` for a file `O_CREAT` makes.
  ///
  /// - Throws: ``FileSystemError``; for anything but a regular file, one whose
  ///   ``FileSystemError/detail`` says what it is ("not a regular file (a FIFO)").
  package static func open(
    _ path: String, _ flags: Int32, operation: FileSystemError.Operation, mode: mode_t = 0o600
  ) throws(FileSystemError) -> Int32 {
    let descriptor = Glibc.open(path, flags | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, mode)
    guard descriptor >= 0 else {
      let code = errno
      // O_NOFOLLOW says ELOOP for a link; a FIFO without a reader says ENXIO for writing.
      var status = stat()
      if code == ELOOP || code == ENXIO || code == EISDIR, lstat(path, &status) == 0,
        status.st_mode & S_IFMT != S_IFREG
      {
        throw notRegular(path, operation, mode: status.st_mode)
      }
      throw FileSystemError(path: path, operation: operation, code: code)
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let error = FileSystemError.current(operation, path)
      close(descriptor)
      throw error
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw notRegular(path, operation, mode: status.st_mode)
    }
    return descriptor
  }

  /// The bytes of the regular file at `path`, at most `limit`.
  package static func read(_ path: String, limit: Int) throws(BoundedFile.Failure) -> [UInt8] {
    let descriptor: Int32
    do {
      descriptor = try open(path, O_RDONLY, operation: .read)
    } catch {
      throw .file(error)
    }
    defer { close(descriptor) }
    var status = stat()
    if fstat(descriptor, &status) == 0, Int(status.st_size) > limit {
      throw .tooLarge(size: Int(status.st_size), limit: limit)
    }
    return try BoundedFile.read(descriptor: descriptor, path: path, limit: limit)
  }

  /// Whether `path` names something, of whatever kind, without following a link.
  package static func exists(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
  }

  /// The error for something at `path` that is not a regular file.
  package static func notRegular(
    _ path: String, _ operation: FileSystemError.Operation, mode: mode_t
  ) -> FileSystemError {
    let kind: String
    let code: Int32
    switch mode & S_IFMT {
    case S_IFLNK: (kind, code) = ("a symbolic link", ELOOP)
    case S_IFDIR: (kind, code) = ("a folder", EISDIR)
    case S_IFIFO: (kind, code) = ("a FIFO", EINVAL)
    case S_IFSOCK: (kind, code) = ("a socket", EINVAL)
    case S_IFCHR, S_IFBLK: (kind, code) = ("a device", EINVAL)
    default: (kind, code) = ("of an unknown kind", EINVAL)
    }
    return FileSystemError(path: path, operation: operation, code: code, detail: "not a regular file (\(kind))")
  }
}
