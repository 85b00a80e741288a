import Foundation

/// Fetches a topic's JSON from a URL, as the app does for QR codes holding a URL and for
/// community topics, with the topic size limit and a timeout.
public struct TopicDownloader: Sendable {
  /// Why a remote topic could not be read.
  public enum Error: Swift.Error, Sendable, CustomStringConvertible {
    /// The download failed.
    case download(BoundedDownload.Error)
    /// The body is not a topic document.
    case notTopic(URL, TopicDocument.Error)
    /// The topic is one the app rejects.
    case invalidTopic(URL, [TopicProblem])

    public var description: String {
      switch self {
      case .download(let error): error.description
      case .notTopic(let url, let error): "\(url.absoluteString): \(error)"
      case .invalidTopic(let url, let problems):
        "\(url.absoluteString): invalid topic: " + TopicProblem.summary(problems)
      }
    }
  }

  /// The transfer limits.
  public var download: BoundedDownload

  /// Creates a downloader with the topic size limit and a 30-second timeout.
  public init(timeout: Double = 30) {
    download = BoundedDownload(limit: TopicDocument.maximumSize, timeout: timeout)
  }

  /// The valid topic served at `url`; its file name is the default topic name.
  ///
  /// - Throws: ``Error``.
  public func topic(from url: URL) async throws(Error) -> TopicDocument {
    let bytes: [UInt8]
    do {
      bytes = try await download.data(from: url)
    } catch {
      throw .download(error)
    }
    let document: TopicDocument
    do {
      document = try TopicDocument(bytes: bytes, sourceName: url.path)
    } catch {
      throw .notTopic(url, error)
    }
    guard document.isValid else { throw .invalidTopic(url, document.problems) }
    return document
  }
}
