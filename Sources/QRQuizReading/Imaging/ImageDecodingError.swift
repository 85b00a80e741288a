import QRQuizFiles

/// Why bytes could not be turned into an image.
public enum ImageDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The bytes are not in a format QRQuiz reads.
  case unsupportedFormat
  /// The header declares more pixels than the limit allows.
  case tooManyPixels(width: Int, height: Int, limit: Int)
  /// The file is larger than the limit.
  case fileTooLarge(size: Int, limit: Int)
  /// The decoder found the data corrupt or truncated; its own message.
  case corrupt(String)
  /// The file could not be read.
  case unreadable(FileSystemError)
  /// A progressive JPEG with more scans than ``ImageLimits/maximumScans``.
  case tooManyScans(limit: Int)
  /// Decoding did not finish within the time it was given.
  case timeLimitExceeded

  public var description: String {
    switch self {
    case .unsupportedFormat: "not a PNG or JPEG image"
    case .tooManyPixels(let width, let height, let limit):
      "image is \(width)×\(height) pixels, over the limit of \(limit) pixels"
    case .fileTooLarge(let size, let limit): "image file is \(size) bytes, over the limit of \(limit) bytes"
    case .corrupt(let message): "corrupt or truncated image: \(message)"
    case .unreadable(let error): error.reason
    case .tooManyScans(let limit): "progressive JPEG with more than \(limit) scans; refused"
    case .timeLimitExceeded: "decoding took longer than its time limit"
    }
  }
}

/// Why an image could not be encoded: libpng's own message. In practice only when memory
/// runs out.
public struct ImageEncodingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// libpng's words.
  public var message: String

  public var description: String { "cannot make PNG: \(message)" }
}
