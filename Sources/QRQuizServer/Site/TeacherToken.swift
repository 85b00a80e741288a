import Foundation
import QRQuiz
import QRQuizFiles

/// The teacher's secret for `qrquiz serve`: kept in the data folder (readable by its owner
/// only), so the teacher's address stays the same from one start to the next (a bookmark,
/// a note on the projector's laptop), until it is renewed.
public enum TeacherToken {
  /// The token in `file`, made (128 random bits) when there is none, or when `renew`.
  ///
  /// - Throws: ``FileSystemError`` when the file cannot be read or written.
  public static func load(from file: URL, renew: Bool = false) throws(FileSystemError) -> String {
    if !renew, let bytes = try? BoundedFile.read(file.path, limit: 256),
      let text = String(validating: bytes, as: UTF8.self)?.trimmingCharacters(in: .whitespacesAndNewlines),
      text.count == 32, text.allSatisfy(\.isHexDigit)
    {
      return text
    }
    let token = Secret.make()
    try Directory.create(file.deletingLastPathComponent(), mode: 0o700)
    try AtomicFile.write(Array((token + "\n").utf8), to: file, newFileMode: 0o600)
    return token
  }
}
