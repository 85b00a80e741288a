import Foundation

/// The app's rule for QR codes that point at a topic rather than hold one: text starting
/// with `http`, `https` or `www` that parses as a URL.
enum TopicURL {
  static func url(inSymbol bytes: [UInt8]) -> URL? {
    // A URL symbol is short; do not try to read a topic's JSON as one.
    guard bytes.count <= 4096, let text = String(validating: bytes, as: UTF8.self) else { return nil }
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    let lowered = trimmed.lowercased()
    let candidate: String
    if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
      candidate = trimmed
    } else if lowered.hasPrefix("www.") {
      candidate = "https://" + trimmed
    } else {
      return nil
    }
    guard let url = URL(string: candidate), url.host?.isEmpty == false else { return nil }
    return url
  }
}
