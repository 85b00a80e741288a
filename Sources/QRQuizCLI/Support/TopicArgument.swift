import Foundation
import QRQuiz
import QRQuizFiles

extension Positional {
  /// A topic, as every command that takes one takes it (``TopicArgument``).
  static let topic = Positional(
    value: "TOPIC",
    one: "a topic file, http(s) URL, saved topic's name, - for standard input, or QR code image",
    many: "topic files, http(s) URLs, saved topics' names, - for standard input, or QR code images",
    completion: .file)

  /// A saved topic, by name (`topics show`, `remove`, `export`).
  static let savedTopic = Positional(
    value: "NAME", one: "the saved topic's name (case and accents aside)",
    many: "saved topics' names (case and accents aside)", completion: .none)
}

/// What a topic argument names, and the one way to read it: every command that takes a
/// topic (validate, normalize, encode, play, cards, prefetch, live, serve, topics add)
/// goes through here, so `TOPIC` means the same thing everywhere.
///
/// Where it points is told apart by what is there, in this order: `-` is standard input;
/// text starting with `http://` or `https://` is a URL; a file that exists is that file;
/// anything else is a saved topic's name, matched as people type it (case and accents
/// aside), with "did you mean" when none matches. What is read there is a topic whatever
/// it came from: a PNG or JPEG is read for its QR codes (a photo of them too; a code that
/// holds a topic's address is followed), anything else is the topic's JSON.
struct TopicArgument: Sendable {
  /// Where a topic argument points.
  enum Place: Sendable, Hashable {
    case standardInput
    case url(URL)
    /// A file that exists.
    case file(String)
    /// A saved topic: its name in the library and its file.
    case saved(name: String, file: String)
  }

  /// The argument as it was typed.
  let text: String
  let place: Place

  /// Finds where `text` points; a name no saved topic has is an error that says so (with
  /// the nearest saved names), as is a path (a saved name never holds `/`) to no file, or
  /// a folder.
  ///
  /// - Throws: ``CLIError`` (not found), ``TopicError`` (no such file),
  ///   ``TopicLibrary/Error`` (several saved topics match).
  init(_ text: String, library: TopicLibrary = TopicSaving.library) throws {
    self.text = text
    switch TopicSource(argument: text) {
    case .standardInput: place = .standardInput
    case .url(let url): place = .url(url)
    case .file(let path):
      var isDirectory: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      if exists, !isDirectory.boolValue {
        place = .file(path)
      } else if exists || path.contains("/") {
        throw TopicError.file(FileSystemError(path: path, operation: .read, code: exists ? EISDIR : ENOENT))
      } else {
        place = try Self.saved(path, in: library)
      }
    }
  }

  private static func saved(_ name: String, in library: TopicLibrary) throws -> Place {
    do {
      let entry = try library.find(name)
      return .saved(name: entry.name, file: library.directory.appendingPathComponent(entry.name + ".json").path)
    } catch TopicLibrary.Error.notFound {
      let suggestion = Suggestion.didYouMean(name, among: library.names())
      throw CLIError(
        .notFound, "\(name): no such file, and no saved topic by that name\(suggestion) (see qrquiz topics list)")
    }
  }

  /// Where the bytes are read from (a saved topic: its file).
  var source: TopicSource {
    switch place {
    case .standardInput: .standardInput
    case .url(let url): .url(url)
    case .file(let path), .saved(_, let path): .file(path)
    }
  }

  /// How messages name it: the argument as typed (`stdin` for `-`).
  var label: String { place == .standardInput ? "stdin" : text }

  /// The valid topic it names.
  ///
  /// - Parameter timeLimit: seconds for reading an image's QR codes.
  /// - Throws: ``TopicError`` (unreadable, not a topic, invalid), ``CLIError`` (no QR code),
  ///   ``TopicCollector/Error`` (QR codes that do not make a topic).
  func topic(reader: TopicReader, timeLimit: Double = 5) async throws -> ValidTopic {
    let bytes = try await read(with: reader)
    guard ImageFormat(sniffing: bytes) != nil else { return try TopicReader.topic(bytes: bytes, from: source) }
    return try await topic(inImage: bytes, reader: reader, timeLimit: timeLimit)
  }

  /// Everything it holds as a topic, valid or not (`validate`): only what cannot be read
  /// is an error.
  ///
  /// - Throws: as ``topic(reader:timeLimit:)``, never ``TopicError/invalid(source:problems:count:)``
  ///   for JSON.
  func document(reader: TopicReader, timeLimit: Double = 5) async throws -> TopicDocument {
    let bytes = try await read(with: reader)
    guard ImageFormat(sniffing: bytes) != nil else { return try TopicReader.document(bytes: bytes, from: source) }
    let topic = try await topic(inImage: bytes, reader: reader, timeLimit: timeLimit)
    return try TopicReader.document(bytes: Array(topic.normalizedJSON.utf8), from: source)
  }

  /// The bytes there: a file up to the size of the largest image read (a topic's own
  /// limit is checked when it is parsed), standard input and URLs up to a topic's.
  private func read(with reader: TopicReader) async throws(TopicError) -> [UInt8] {
    guard case .file(let path) = source else { return try await reader.bytes(from: source) }
    do {
      return try BoundedFile.read(path, limit: max(ImageLimits.default.maximumFileSize, reader.maximumSize))
    } catch {
      switch error {
      case .file(let failure): throw .file(failure)
      case .tooLarge(let size, let limit): throw .notTopic(source: label, .tooLarge(size: size, limit: limit))
      }
    }
  }

  /// The topic an image's QR codes hold (the first, when they hold several), or the one
  /// at the address a code holds.
  private func topic(inImage bytes: [UInt8], reader: TopicReader, timeLimit: Double) async throws -> ValidTopic {
    var collector = TopicCollector()
    let symbols = try ImageScanning.symbols(in: bytes, source: label, reader: QRCodeReader(timeLimit: timeLimit))
    for symbol in symbols { try collector.add(symbol, from: label) }
    switch try collector.finish().first {
    case .topic(let topic, _)?: return topic.defaultName == nil ? topic.named(source.defaultName) : topic
    case .remote(let url, _)?: return try await reader.topic(from: .url(url))
    case nil: throw CLIError(.notFound, "\(label): no QR code found")
    }
  }

  /// Sets up a play or a deck of this topic; a set or sample the topic does not have is
  /// an error naming it ("Social.json: there is no set 5: …").
  func setUp<Play>(_ make: () throws(QuizSession.SetupError) -> Play) throws(CLIError) -> Play {
    do {
      return try make()
    } catch {
      throw CLIError(ErrorReport.exitCode(for: error), "\(label): \(error)")
    }
  }
}
