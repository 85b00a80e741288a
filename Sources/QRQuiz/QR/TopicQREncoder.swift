/// Makes the Questions app's QR code for a topic: one symbol whose text is the topic's
/// compact JSON in UTF-8, byte mode, as the app itself shares topics.
///
/// ```swift
/// let matrix = try TopicQREncoder().encode(topic)
/// try Data(matrix.pngData(scale: 8, margin: 4)).write(to: url)
/// ```
public struct TopicQREncoder: Sendable {
  /// Why a topic got no QR code.
  public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// The app would reject the topic; its problems.
    case invalidTopic([TopicProblem])
    /// The JSON does not fit one symbol of the allowed versions.
    case tooLarge(bytes: Int, capacity: Int, level: QRErrorCorrection, maximumVersion: Int)
    /// libqrencode failed for another reason.
    case encoder(String)

    public var description: String {
      switch self {
      case .invalidTopic(let problems):
        "invalid topic: " + (problems.first.map(String.init(describing:)) ?? "unknown problem")
          + (problems.count > 1 ? " (and \(problems.count - 1) more)" : "")
      case .tooLarge(let bytes, let capacity, let level, let maximumVersion):
        "topic is \(bytes) bytes of JSON; one QR symbol holds at most \(capacity) bytes "
          + "at level \(level.rawValue) up to version \(maximumVersion)"
      case .encoder(let message): "QR encoder failed: \(message)"
      }
    }
  }

  /// Error-correction level; the app uses `.low`.
  public var level: QRErrorCorrection
  /// The largest symbol version allowed (1...40).
  public var maximumVersion: Int

  /// Creates an encoder.
  public init(level: QRErrorCorrection = .low, maximumVersion: Int = 40) {
    precondition((1...40).contains(maximumVersion), "QR versions are 1...40")
    self.level = level
    self.maximumVersion = maximumVersion
  }

  /// The QR symbol for a valid topic.
  ///
  /// - Throws: ``Error/invalidTopic(_:)`` when the app would reject it,
  ///   ``Error/tooLarge(bytes:capacity:level:maximumVersion:)`` when it does not fit.
  public func encode(_ topic: Topic) throws(Error) -> QRMatrix {
    let problems = TopicValidator.problems(in: topic)
    guard problems.isEmpty else { throw .invalidTopic(problems) }
    return try encode(bytes: Array(topic.normalizedJSON.utf8))
  }

  /// A byte-mode symbol for any data, such as a topic's JSON exactly as written.
  public func encode(bytes: [UInt8]) throws(Error) -> QRMatrix {
    do {
      return try QRSymbolEncoder.encode(bytes, mode: .byte, level: level, maximumVersion: maximumVersion)
    } catch {
      switch error {
      case .tooLarge:
        throw .tooLarge(bytes: bytes.count, capacity: capacity, level: level, maximumVersion: maximumVersion)
      case .library(let message): throw .encoder(message)
      }
    }
  }

  /// The most JSON bytes one symbol holds with these settings.
  public var capacity: Int {
    QRSymbolEncoder.capacity(mode: .byte, level: level, version: maximumVersion)
  }
}
