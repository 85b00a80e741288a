/// Finds QR symbols in images with zbar, returning each symbol's exact bytes.
///
/// A reader owns a zbar scanner, which is not thread-safe: use one reader per task.
///
/// ```swift
/// let reader = QRCodeReader()
/// let image = try ImageDecoder.decode(contentsOf: URL(filePath: "Social.png"))
/// for symbol in reader.symbols(in: image) { print(symbol.utf8Text ?? "<binary>") }
/// ```
public final class QRCodeReader {
  private let scanner = ZBarScanner()

  /// Creates a reader.
  public init() {}

  /// Every QR symbol found in `image`, sorted top to bottom, then left to right.
  public func symbols(in image: GrayImage) -> [QRSymbol] {
    scanner.scan(image).sorted { ($0.y, $0.x) < ($1.y, $1.x) }
  }
}

@available(*, unavailable, message: "owns a zbar scanner, which is not thread-safe")
extension QRCodeReader: Sendable {}
