/// Reads topics back from QR symbols: each symbol's text is a topic's JSON, as the
/// Questions app writes it.
public enum TopicQRDecoder {
  /// Why symbols did not give a topic.
  public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// A symbol's text is not a topic document (not UTF-8, not JSON).
    case notTopic(TopicDocument.Error)
    /// The topic is one the app rejects; its problems.
    case invalidTopic([TopicProblem])

    public var description: String {
      switch self {
      case .notTopic(let error): "QR code text is not a topic: \(error)"
      case .invalidTopic(let problems):
        "QR code holds an invalid topic: " + TopicProblem.summary(problems)
      }
    }
  }

  /// The valid topic held by one symbol.
  ///
  /// - Throws: ``Error``.
  public static func topic(in symbol: QRSymbol) throws(Error) -> TopicDocument {
    let document: TopicDocument
    do {
      document = try TopicDocument(bytes: symbol.bytes)
    } catch {
      throw .notTopic(error)
    }
    guard document.isValid else { throw .invalidTopic(document.problems) }
    return document
  }
}
