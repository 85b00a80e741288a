import Foundation
import QRQuiz
import QRQuizFiles

/// A class's file as qrquiz 0.5 wrote it (`DATA/classes/NAME.json`): `{"format": 1, "name",
/// "nextCard", "students": [{"card", "name"}], "removed": [{"card", "name"}]}`; format 2
/// adds to a student `"extraTime"`, `"noSpeedScoring"` and `"resultsSecret"`. Read once, when
/// a data folder of 0.5 is taken over (``LegacyDataImport``).
enum LegacyClassFile {
  /// The newest format 0.5 wrote.
  static let format = 2
  /// The largest class file read.
  static let maximumFileSize = 1 << 20

  /// Why a class file was not read.
  struct Unreadable: Error, Sendable {
    var path: String
    var reason: String
  }

  private struct File: Codable {
    var format: Int
    var name: String
    var nextCard: Int
    var students: [StoredClass.Student]
    var removed: [StoredClass.Student]
  }

  /// The roster in `url`.
  static func read(_ url: URL) throws(Unreadable) -> ClassRoster {
    let bytes: [UInt8]
    do {
      bytes = try BoundedFile.read(url.path, limit: maximumFileSize)
    } catch {
      switch error {
      case .file(let failure): throw Unreadable(path: url.path, reason: failure.description)
      case .tooLarge: throw Unreadable(path: url.path, reason: "over \(maximumFileSize) bytes")
      }
    }
    guard let file = try? JSONDecoder().decode(File.self, from: Data(bytes)) else {
      throw Unreadable(path: url.path, reason: "not the JSON of a class")
    }
    guard (1...format).contains(file.format) else {
      throw Unreadable(path: url.path, reason: "a class of format \(file.format), which 0.5 did not write")
    }
    do throws(StoredClass.Corruption) {
      return try StoredClass(name: file.name, nextCard: file.nextCard, students: file.students, removed: file.removed)
        .roster()
    } catch {
      throw Unreadable(path: url.path, reason: error.reason)
    }
  }
}
