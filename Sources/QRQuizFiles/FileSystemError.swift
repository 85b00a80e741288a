import Foundation

/// A file-system call that failed: which file, what was being done, and the system's
/// error number. Every library error that comes from the disk carries one, so callers
/// can tell "no such file" from "permission denied" without reading a message.
public struct FileSystemError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What was being done.
  public enum Operation: String, Sendable, Hashable {
    case read, write, create, remove, list, lock
  }

  /// The file or directory.
  public var path: String
  /// What was being done to it.
  public var operation: Operation
  /// The `errno` value.
  public var code: Int32
  /// Words of our own that say more than the system's for ``code`` ("not a regular file
  /// (a symbolic link)" where the system says "Too many levels of symbolic links").
  public var detail: String?

  /// Creates an error.
  public init(path: String, operation: Operation, code: Int32, detail: String? = nil) {
    self.path = path
    self.operation = operation
    self.code = code
    self.detail = detail
  }

  /// True when the file or directory does not exist.
  public var isNotFound: Bool { code == ENOENT }

  /// The system's words for ``code``: "No such file or directory".
  public var reason: String { detail ?? String(cString: strerror(code)) }

  /// `cannot write /x/y.png: Permission denied`.
  public var description: String { "cannot \(operation.rawValue) \(path): \(reason)" }

  /// The error for the current `errno`.
  package static func current(_ operation: Operation, _ path: String) -> FileSystemError {
    FileSystemError(path: path, operation: operation, code: errno)
  }

  /// The best `FileSystemError` for an error thrown by Foundation's file APIs.
  package static func from(_ error: any Error, _ operation: Operation, _ path: String) -> FileSystemError {
    if let error = error as? FileSystemError { return error }
    let nsError = error as NSError
    if nsError.domain == NSPOSIXErrorDomain {
      return FileSystemError(path: path, operation: operation, code: Int32(nsError.code))
    }
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
      return FileSystemError(path: path, operation: operation, code: Int32(underlying.code))
    }
    switch CocoaError.Code(rawValue: nsError.code) {
    case .fileNoSuchFile, .fileReadNoSuchFile: return FileSystemError(path: path, operation: operation, code: ENOENT)
    case .fileReadNoPermission, .fileWriteNoPermission:
      return FileSystemError(path: path, operation: operation, code: EACCES)
    case .fileWriteOutOfSpace: return FileSystemError(path: path, operation: operation, code: ENOSPC)
    case .fileWriteFileExists: return FileSystemError(path: path, operation: operation, code: EEXIST)
    default: return FileSystemError(path: path, operation: operation, code: EIO)
    }
  }
}
