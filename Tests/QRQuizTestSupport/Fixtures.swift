import Foundation
import QRQuiz
import QRQuizClassroom

/// Paths to test fixtures and to the package's own files.
package enum Fixtures {
  /// `Tests/QRQuizTestSupport/Fixtures`, copied into the test bundle.
  package static var directory: URL {
    Bundle.module.resourceURL!.appendingPathComponent("Fixtures")
  }

  package static func url(_ relativePath: String) -> URL { directory.appendingPathComponent(relativePath) }

  package static func bytes(_ relativePath: String) throws -> [UInt8] { Array(try Data(contentsOf: url(relativePath))) }

  /// The package root, for the bundled samples in `SampleImages/`.
  package static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// zxing's real QR photos (Apache-2.0), bundled in `Corpus/qr-zxing`.
  package static let corpus = packageRoot.appendingPathComponent("Corpus/qr-zxing")

  /// The Questions app's sample topics, bundled in `SampleImages/topics`.
  package static let sampleTopicNames = ["ImagesTest", "People", "Social", "Technology"]

  package static func sampleTopic(_ name: String) -> URL {
    packageRoot.appendingPathComponent("SampleImages/topics/\(name).json")
  }

  /// A sample topic, read and validated.
  package static func sampleValidTopic(_ name: String) throws -> ValidTopic { try validTopic(sampleTopic(name)) }

  /// The valid topic in a file.
  package static func validTopic(_ url: URL) throws -> ValidTopic {
    try TopicReader.topic(json: Data(contentsOf: url), source: url.path, sourceName: url.path)
  }

  /// The document in a file, valid or not.
  package static func document(_ url: URL) throws -> TopicDocument {
    try TopicDocument(bytes: Array(Data(contentsOf: url)), sourceName: url.lastPathComponent)
  }

  package static func sampleImage(_ name: String) -> URL {
    packageRoot.appendingPathComponent("SampleImages/\(name).png")
  }
}

/// A fresh temporary directory, removed when the value is deinitialised.
package final class TemporaryDirectory {
  package let url: URL

  package init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("qrquiz-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  package func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// The environment of a `qrquiz` run whose data (topics, profiles, statistics) and image
  /// cache are in this directory (`data/`, `cache/`), never the user's.
  package var qrquizEnvironment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_DATA_HOME"] = path("data")
    environment["QRQUIZ_CACHE_DIR"] = path("cache")
    for variable in ProcessRunner.serverVariables { environment[variable] = nil }
    return environment
  }

  /// A file `name` of `size` bytes that starts with `prefix` and is zeros after it,
  /// without writing them (sparse): a file over a size limit, made at once.
  package func sparseFile(_ name: String, size: Int, startingWith prefix: [UInt8] = []) throws -> String {
    let file = path(name)
    try Data(prefix).write(to: URL(fileURLWithPath: file))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
    try handle.truncate(atOffset: UInt64(size))
    try handle.close()
    return file
  }

  /// Names of the files in the directory, sorted.
  package func contents() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() }
}

extension TemporaryDirectory {
  /// The records of a data folder in this directory (`records.sqlite`), opened anew: two
  /// calls give two connections to the same database, as two processes would have.
  package func records() throws -> RecordStore {
    try RecordStore(file: url.appendingPathComponent(RecordStore.fileName))
  }
}
