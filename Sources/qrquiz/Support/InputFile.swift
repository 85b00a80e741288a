import Foundation

/// Reads a command's input file, or stdin for `-`, refusing more than `limit` bytes
/// before reading them all.
enum InputFile {
  static func read(_ path: String, limit: Int) throws(CLIError) -> [UInt8] {
    if path == "-" {
      let data = FileHandle.standardInput.readData(ofLength: limit + 1)
      guard data.count <= limit else { throw CLIError(.invalidInput, "stdin: input is over the \(limit)-byte limit") }
      return Array(data)
    }
    var status = stat()
    guard stat(path, &status) == 0 else {
      let reason = String(cString: strerror(errno))
      throw CLIError(errno == ENOENT ? .notFound : .invalidInput, "\(path): \(reason)")
    }
    guard status.st_mode & S_IFMT != S_IFDIR else { throw CLIError(.invalidInput, "\(path): is a directory") }
    guard Int(status.st_size) <= limit else {
      throw CLIError(.invalidInput, "\(path): \(status.st_size) bytes is over the \(limit)-byte limit")
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw CLIError(.invalidInput, "\(path): cannot open for reading")
    }
    defer { try? handle.close() }
    // Read at most limit + 1: the file may have grown since stat.
    let data = (try? handle.read(upToCount: limit + 1)) ?? Data()
    guard data.count <= limit else { throw CLIError(.invalidInput, "\(path): over the \(limit)-byte limit") }
    return Array(data)
  }

  /// The name shown for an input: the path, or `stdin`.
  static func displayName(_ path: String) -> String { path == "-" ? "stdin" : path }
}
