import Foundation

/// Creating the folders the library keeps its files in (topic library, image cache,
/// profiles, statistics).
package enum Directory {
  /// Creates `url` and any missing parents, as `mkdir -p` does: an existing directory (or
  /// a link to one) is fine.
  ///
  /// Written over `mkdir(2)` rather than `FileManager.createDirectory` because Foundation
  /// on Linux reports a regular file in the way as "Input/output error"; this reports the
  /// `errno` that names the problem ("Not a directory", "Permission denied") and the path
  /// it concerns.
  /// - Parameter mode: the permissions of each folder made (less the umask): `0o700` for
  ///   the data folder's, the owner's alone whatever the umask.
  /// - Throws: ``FileSystemError`` with operation `create`.
  package static func create(_ url: URL, mode: mode_t = 0o777) throws(FileSystemError) {
    let path = url.standardizedFileURL.path
    if isDirectory(path) { return }
    let parent = (path as NSString).deletingLastPathComponent
    if !parent.isEmpty, parent != path {
      try create(URL(fileURLWithPath: parent), mode: mode)
    }
    guard mkdir(path, mode) == 0 else {
      let code = errno
      // Another process may have made it between the check and the call.
      if code == EEXIST {
        if isDirectory(path) { return }
        throw FileSystemError(path: path, operation: .create, code: ENOTDIR)
      }
      throw FileSystemError(path: path, operation: .create, code: code)
    }
  }

  private static func isDirectory(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }
}
