import Foundation

/// Turns image files into greyscale pixels, choosing the decoder from the bytes, never
/// from the file name, and enforcing ``ImageLimits`` before decoding.
public enum ImageDecoder {
  /// Decodes an image held in memory.
  ///
  /// - Throws: ``ImageDecodingError``.
  public static func decode(
    _ bytes: [UInt8], limits: ImageLimits = .default
  ) throws(ImageDecodingError) -> GrayImage {
    guard bytes.count <= limits.maximumFileSize else {
      throw .fileTooLarge(size: bytes.count, limit: limits.maximumFileSize)
    }
    if PNGReader.isPNG(bytes) { return try PNGReader.decode(bytes, limits: limits) }
    throw .unsupportedFormat
  }

  /// Reads and decodes an image file, refusing one over the size limit before reading it.
  ///
  /// - Throws: ``ImageDecodingError``, or the file system's error.
  public static func decode(contentsOf url: URL, limits: ImageLimits = .default) throws -> GrayImage {
    let size = try url.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0
    guard size <= limits.maximumFileSize else {
      throw ImageDecodingError.fileTooLarge(size: size, limit: limits.maximumFileSize)
    }
    return try decode(Array(try Data(contentsOf: url)), limits: limits)
  }
}
