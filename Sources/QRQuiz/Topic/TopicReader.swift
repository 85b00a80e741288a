import Foundation
import QRQuizFiles

/// The one way from bytes to a topic: reads a file, standard input or a URL (with the
/// size limit, a timeout and the redirect rules), or takes the bytes of a QR code, and
/// gives a ``ValidTopic`` or one ``TopicError``. Every command, the library, the
/// community fetcher and the QR decoder go through it.
///
/// ```swift
/// let reader = TopicReader()
/// let topic = try await reader.topic(from: TopicSource(argument: "Social.json"))
/// print(topic.name, topic.topic.questions.count)
/// ```
public struct TopicReader: Sendable {
  /// The largest topic read, from any source.
  public var maximumSize: Int
  /// How topics behind URLs are downloaded: the size limit, a timeout, redirects.
  public var download: BoundedDownload

  /// Creates a reader with the topic size limit (16 MiB) and a download timeout.
  public init(timeout: Double = 30, maximumSize: Int = TopicDocument.maximumSize) {
    self.maximumSize = maximumSize
    download = BoundedDownload(limit: maximumSize, timeout: timeout)
  }

  /// The valid topic at `source`.
  ///
  /// - Throws: ``TopicError``.
  public func topic(from source: TopicSource) async throws(TopicError) -> ValidTopic {
    try ValidTopic(try await document(from: source), source: source.description)
  }

  /// Everything `source` holds as a topic, valid or not, for reports such as
  /// `qrquiz validate`: only unreadable input is an error here.
  ///
  /// - Throws: ``TopicError``, never ``TopicError/invalid(source:problems:count:)``.
  public func document(from source: TopicSource) async throws(TopicError) -> TopicDocument {
    try Self.document(bytes: try await bytes(from: source), from: source)
  }

  /// The valid topic in `bytes` already read from `source` (errors name it, and its file or
  /// URL names the topic when it has no `options.name`).
  ///
  /// - Throws: ``TopicError``.
  public static func topic(bytes: some Collection<UInt8>, from source: TopicSource) throws(TopicError) -> ValidTopic {
    try ValidTopic(try document(bytes: bytes, from: source), source: source.description)
  }

  /// Everything `bytes` already read from `source` hold as a topic, valid or not.
  ///
  /// - Throws: ``TopicError``, never ``TopicError/invalid(source:problems:count:)``.
  public static func document(
    bytes: some Collection<UInt8>, from source: TopicSource
  ) throws(TopicError) -> TopicDocument {
    try document(bytes, source: source.description, sourceName: source.namingPath)
  }

  /// The raw bytes at `source`, within ``maximumSize``.
  ///
  /// - Throws: ``TopicError``.
  public func bytes(from source: TopicSource) async throws(TopicError) -> [UInt8] {
    switch source {
    case .file(let path):
      return try Self.bounded(source) { () throws(BoundedFile.Failure) in try BoundedFile.read(path, limit: maximumSize)
      }
    case .standardInput:
      return try Self.bounded(source) { () throws(BoundedFile.Failure) in
        try BoundedFile.readStandardInput(limit: maximumSize)
      }
    case .url(let url):
      guard download.isAllowed(url) else { throw .notURL(url.absoluteString) }
      do {
        return try await download.data(from: url)
      } catch {
        throw .download(error)
      }
    }
  }

  /// The valid topic in JSON bytes already in memory: a QR code's payload, a file read
  /// by the caller.
  ///
  /// - Parameters:
  ///   - bytes: the topic's JSON, UTF-8.
  ///   - source: how errors name where the bytes came from ("photo.jpg").
  ///   - sourceName: a file name or path whose last component, without its extension, is
  ///     the name shown when the topic has no `options.name`.
  /// - Throws: ``TopicError``.
  public static func topic(
    json bytes: some Collection<UInt8>, source: String, sourceName: String? = nil
  ) throws(TopicError) -> ValidTopic {
    try ValidTopic(try document(bytes, source: source, sourceName: sourceName), source: source)
  }

  private static func document(
    _ bytes: some Collection<UInt8>, source: String, sourceName: String?
  ) throws(TopicError) -> TopicDocument {
    do {
      return try TopicDocument(bytes: bytes, sourceName: sourceName)
    } catch {
      throw .notTopic(source: source, error)
    }
  }

  private static func bounded(
    _ source: TopicSource, _ read: () throws(BoundedFile.Failure) -> [UInt8]
  ) throws(TopicError) -> [UInt8] {
    do {
      return try read()
    } catch {
      switch error {
      case .file(let error): throw .file(error)
      case .tooLarge(let size, let limit):
        throw .notTopic(source: source.description, .tooLarge(size: size, limit: limit))
      }
    }
  }
}
