import Foundation
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom
@testable import QRQuizFiles

/// A tmpfs of a few kilobytes, mounted for one test and unmounted after it: a disk that
/// really fills up.
package final class SmallFileSystem {
  package let url: URL
  private let holder: TemporaryDirectory

  /// Whether this machine lets the tests mount one (root, as CI runs).
  package static let canMount: Bool = SmallFileSystem(kilobytes: 16) != nil

  /// A tmpfs of `kilobytes`, read-only when `readOnly` (a folder nothing can be written in,
  /// even by root).
  package init?(kilobytes: Int, readOnly: Bool = false) {
    guard let holder = try? TemporaryDirectory() else { return nil }
    self.holder = holder
    url = holder.url.appendingPathComponent("disk")
    guard (try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)) != nil,
      let result = try? ProcessRunner.tool(
        "mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0700\(readOnly ? ",ro" : "")", "tmpfs", url.path]),
      result.status == 0
    else { return nil }
  }

  /// Fills what is left with a file; returns it (remove it to free the space).
  package func fill() throws -> URL {
    let filler = url.appendingPathComponent("filler")
    let descriptor = open(filler.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw FileSystemError(path: filler.path, operation: .create, code: errno) }
    defer { close(descriptor) }
    let chunk = [UInt8](repeating: 0, count: 512)
    while chunk.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    return filler
  }

  deinit { _ = try? ProcessRunner.tool("umount", ["-l", url.path]) }
}
