internal import CQRQuizCards
import QRQuiz

/// libapriltag and cairo, loaded when the first card is read or drawn, never when a
/// program starts (`Package.swift` says why).
enum CardLibraries {
  /// libapriltag, loaded.
  ///
  /// - Throws: ``CardLibraryError`` saying what to install.
  static func aprilTag() throws(CardLibraryError) {
    try load(CQRQuizCards_load_apriltag)
  }

  /// cairo, loaded.
  ///
  /// - Throws: ``CardLibraryError`` saying what to install.
  static func cairo() throws(CardLibraryError) {
    try load(CQRQuizCards_load_cairo)
  }

  private static func load(
    _ loader: (UnsafeMutablePointer<CChar>?, Int) -> Int32
  ) throws(CardLibraryError) {
    var message = [CChar](repeating: 0, count: 256)
    guard loader(&message, message.count) == 0 else { return }
    throw CardLibraryError(message: CMessage.text(message))
  }
}

/// A system library the cards need that could not be loaded or used: its one line says
/// which and what to do ("libapriltag is not installed (libapriltag.so.3; on Debian:
/// apt-get install libapriltag3)").
public struct CardLibraryError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The loader's words.
  public var message: String

  public var description: String { message }
}
