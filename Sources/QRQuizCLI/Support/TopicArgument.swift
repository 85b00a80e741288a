import Foundation
import QRQuiz

/// The topic a player names: a topic file, an http(s) URL, a saved topic's name, `-`, or
/// an image holding a topic's QR code(s) (a photo too), told apart by what is there.
enum TopicArgument {
  static func resolve(_ argument: String, reader: TopicReader, timeLimit: Double) async throws -> ValidTopic {
    let source = TopicSource(argument: argument)
    switch source {
    case .url: return try await reader.topic(from: source)
    case .standardInput:
      return try fromBytes(try await reader.bytes(from: source), source: source, timeLimit: timeLimit)
    case .file(let path):
      if FileManager.default.fileExists(atPath: path) {
        let bytes: [UInt8]
        do {
          bytes = try BoundedFile.read(path, limit: ImageLimits.default.maximumFileSize)
        } catch {
          switch error {
          case .file(let failure): throw TopicError.file(failure)
          case .tooLarge(let size, let limit):
            throw TopicError.notTopic(source: path, .tooLarge(size: size, limit: limit))
          }
        }
        return try fromBytes(bytes, source: source, timeLimit: timeLimit)
      }
      do {
        return try TopicSaving.library.find(argument).topic
      } catch TopicLibrary.Error.notFound {
        let suggestion = Suggestion.didYouMean(argument, among: TopicSaving.library.names())
        throw CLIError(
          .notFound, "\(argument): no such file, and no saved topic by that name\(suggestion) (see qrquiz topics list)")
      }
    }
  }

  /// JSON, or an image whose QR codes hold a topic (the first, when they hold several).
  private static func fromBytes(_ bytes: [UInt8], source: TopicSource, timeLimit: Double) throws -> ValidTopic {
    guard ImageFormat(sniffing: bytes) != nil else {
      return try TopicReader.topic(json: bytes, source: source.description, sourceName: source.defaultName)
    }
    let reader = QRCodeReader(timeLimit: timeLimit)
    var collector = TopicCollector()
    for symbol in try ImageScanning.symbols(in: bytes, source: source.description, reader: reader) {
      try collector.add(symbol, from: source.description)
    }
    guard case .topic(let topic, _)? = try collector.finish().first else {
      throw CLIError(.invalidInput, "\(source): the QR code links to a topic; decode it first (qrquiz decode --save)")
    }
    return topic.defaultName == nil ? topic.named(source.defaultName) : topic
  }

  /// Sets up a play or a deck of `argument`'s topic; a set or sample the topic does not
  /// have is an error naming the topic ("Social.json: there is no set 5: …").
  static func setUp<Play>(
    _ argument: String, _ make: () throws(QuizSession.SetupError) -> Play
  ) throws(CLIError) -> Play {
    do {
      return try make()
    } catch {
      throw CLIError(ErrorReport.exitCode(for: error), "\(TopicSource(argument: argument)): \(error)")
    }
  }
}
