import Foundation
import QRQuizClassroom

/// The `qrquiz serve` running on this data folder, if any. Links a command prints or puts
/// on paper (homework, students' slips, pictures) go to its address: a guess of this
/// machine's address and port 8080 sent a class to the wrong place whenever the server ran
/// on another port.
enum RunningServer {
  /// What a server writes of itself in its lock: read by a second one refused ("served
  /// by another qrquiz already (process 812, port 8765, at http://…)") and by `address`.
  static func note(process: Int32, port: Int, address: String) -> String {
    "process \(process), port \(port)\(marker)\(address)"
  }

  private static let marker = ", at "

  /// The public address of the server running on this data folder, or `nil` when none runs.
  static func address() -> String? {
    guard let note = LiveGameStore.servingProcess(in: Directories.live),
      let range = note.range(of: marker, options: .backwards)
    else { return nil }
    let address = String(note[range.upperBound...])
    return address.hasPrefix("http://") || address.hasPrefix("https://") ? address : nil
  }

  /// The address links are made with: `given` (`--public-url`), else the running
  /// server's, else this machine's network address on port 8080.
  static func linkBase(_ given: String?) -> String {
    var base = given ?? address() ?? NetworkAddress.defaultPublicURL
    while base.hasSuffix("/") { base.removeLast() }
    return base
  }
}
