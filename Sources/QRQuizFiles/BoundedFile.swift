import Foundation

/// Reads untrusted input files and standard input with a size limit that holds before
/// the bytes are read: a file's size is checked first, and at most `limit + 1` bytes are
/// ever read (a file may grow after it was measured; standard input has no size).
package enum BoundedFile {
  /// What went wrong.
  package enum Failure: Error, Sendable, Hashable {
    /// The file could not be opened or read.
    case file(FileSystemError)
    /// Over the limit; `size` when it was known before reading.
    case tooLarge(size: Int?, limit: Int)
  }

  /// The bytes of the file at `path`.
  package static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
    var status = stat()
    guard stat(path, &status) == 0 else { throw .file(.current(.read, path)) }
    guard status.st_mode & S_IFMT != S_IFDIR else {
      throw .file(FileSystemError(path: path, operation: .read, code: EISDIR))
    }
    // Only a regular file's size means anything (a FIFO or /dev/stdin says 0).
    if status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) > limit {
      throw .tooLarge(size: Int(status.st_size), limit: limit)
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .file(.current(.read, path)) }
    defer { close(descriptor) }
    return try read(descriptor: descriptor, path: path, limit: limit)
  }

  /// The bytes of standard input.
  package static func readStandardInput(limit: Int) throws(Failure) -> [UInt8] {
    try read(descriptor: STDIN_FILENO, path: "stdin", limit: limit)
  }

  /// The bytes of an open file, at most `limit` (`path` names it in errors).
  package static func read(descriptor: Int32, path: String, limit: Int) throws(Failure) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while bytes.count <= limit {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .file(.current(.read, path))
      }
      if count == 0 { return bytes }
      bytes += chunk[..<count]
    }
    throw .tooLarge(size: nil, limit: limit)
  }
}
