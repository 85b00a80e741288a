import Foundation
import QRQuiz
import QRQuizFiles

/// The files `serve` and `live` serve for topic arguments (``TopicArgument``): a topic
/// file as it is and a saved topic as its library file (the server re-reads both when
/// they change); anything else — a URL, standard input, a QR code image — is read once and
/// served from a copy in a private folder of its own, removed when the server stops.
final class ServedTopicFiles {
  /// The arguments, where each points.
  private(set) var arguments: [TopicArgument] = []
  /// The files, one per argument, in order.
  private(set) var paths: [String] = []
  /// The name each argument's topic is served under (its file's name, made safe).
  private(set) var names: [String] = []
  private var copies: URL?

  /// Finds every argument, and reads those served from a copy (a topic file is read by
  /// the server, which skips one that is not a topic and says why, as it does when one
  /// changes).
  ///
  /// - Throws: what ``TopicArgument`` throws; ``FileSystemError`` when a copy cannot be made.
  init(_ texts: [String], reader: TopicReader) async throws {
    for text in texts {
      let argument = try TopicArgument(text)
      let path: String
      switch argument.place {
      case .file(let file) where !Self.isImage(file), .saved(_, let file): path = file
      case .standardInput, .url, .file: path = try copy(try await argument.topic(reader: reader))
      }
      arguments.append(argument)
      paths.append(path)
      names.append(TopicLibrary.safeName(URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent))
    }
  }

  deinit { removeCopies() }

  /// Removes the copies (the server has stopped).
  func removeCopies() {
    if let copies { try? FileManager.default.removeItem(at: copies) }
    copies = nil
  }

  /// Writes `topic` as `NAME.json` in the private folder (`NAME-2.json` … for a name
  /// taken there), for the server to read like any file.
  private func copy(_ topic: ValidTopic) throws(FileSystemError) -> String {
    let folder = try copiesFolder()
    let stem = TopicLibrary.safeName(topic.name)
    var file = folder.appendingPathComponent(stem + ".json")
    var number = 1
    while paths.contains(file.path) {
      number += 1
      file = folder.appendingPathComponent("\(stem)-\(number).json")
    }
    try AtomicFile.write(Array((topic.normalizedJSON + "\n").utf8), to: file)
    return file.path
  }

  private func copiesFolder() throws(FileSystemError) -> URL {
    if let copies { return copies }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("qrquiz-served-\(Secret.make())")
    guard mkdir(folder.path, 0o700) == 0 else {
      throw FileSystemError(path: folder.path, operation: .create, code: errno)
    }
    copies = folder
    return folder
  }

  /// Whether the file at `path` starts as an image does (its QR codes are the topic).
  private static func isImage(_ path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    return ImageFormat(sniffing: Array(handle.readData(ofLength: 16))) != nil
  }
}
