import Foundation
import QRQuizFiles

/// Turns image files into greyscale pixels, choosing the decoder from the bytes, never
/// from the file name, and enforcing ``ImageLimits`` before decoding. PNG (every colour
/// type, transparency over white) and JPEG (EXIF orientation applied).
public enum ImageDecoder {
  /// Decodes an image held in memory.
  ///
  /// - Parameters:
  ///   - bytes: the file's bytes; the format is told from them, never from a name.
  ///   - limits: file size and pixel bounds, checked before any pixel is allocated.
  ///   - targetPixels: when set, a JPEG is decoded at ½, ¼ or ⅛ size in the DCT (fast, in
  ///     little memory) so it has at most this many pixels; other formats at full size.
  /// - Throws: ``ImageDecodingError``.
  public static func decode(
    _ bytes: [UInt8], limits: ImageLimits = .default, targetPixels: Int? = nil
  ) throws(ImageDecodingError) -> GrayImage {
    try decodeNotingReduction(bytes, limits: limits, targetPixels: targetPixels).image
  }

  /// ``decode(_:limits:targetPixels:)``, also saying whether the image came out smaller
  /// than its full size, so a reader knows whether a full-size decode could see more.
  package static func decodeNotingReduction(
    _ bytes: [UInt8], limits: ImageLimits, targetPixels: Int?, timeLimit: Double? = nil
  ) throws(ImageDecodingError) -> (image: GrayImage, isReduced: Bool) {
    guard bytes.count <= limits.maximumFileSize else {
      throw .fileTooLarge(size: bytes.count, limit: limits.maximumFileSize)
    }
    if PNGReader.isPNG(bytes) { return (try PNGReader.decode(bytes, limits: limits), false) }
    if JPEGReader.isJPEG(bytes) {
      let (image, isReduced) = try JPEGReader.decode(
        bytes, limits: limits, targetPixels: targetPixels, timeLimit: timeLimit)
      return (EXIFOrientation.apply(EXIFOrientation.value(in: bytes), to: image), isReduced)
    }
    throw .unsupportedFormat
  }

  /// Decodes an image in colour for showing it (a terminal, a page): PNG with its
  /// transparency, JPEG upright per its EXIF orientation, at most about `targetPixels`
  /// (JPEG only: others decode at full size within the limits).
  ///
  /// - Throws: ``ImageDecodingError``.
  public static func decodeRGBA(
    _ bytes: [UInt8], limits: ImageLimits = .default, targetPixels: Int? = nil
  ) throws(ImageDecodingError) -> RGBAImage {
    guard bytes.count <= limits.maximumFileSize else {
      throw .fileTooLarge(size: bytes.count, limit: limits.maximumFileSize)
    }
    if PNGReader.isPNG(bytes) { return try PNGReader.decodeRGBA(bytes, limits: limits) }
    if JPEGReader.isJPEG(bytes) {
      let image = try JPEGReader.decodeRGBA(bytes, limits: limits, targetPixels: targetPixels)
      return EXIFOrientation.apply(EXIFOrientation.value(in: bytes), to: image)
    }
    throw .unsupportedFormat
  }

  /// Reads and decodes an image file, refusing one over the size limit before reading it.
  ///
  /// - Throws: ``ImageDecodingError``.
  public static func decode(
    contentsOf url: URL, limits: ImageLimits = .default, targetPixels: Int? = nil
  ) throws(ImageDecodingError) -> GrayImage {
    try decode(try read(url.path, limits: limits), limits: limits, targetPixels: targetPixels)
  }

  /// The bytes of an image file, within the file size limit.
  static func read(_ path: String, limits: ImageLimits) throws(ImageDecodingError) -> [UInt8] {
    do {
      return try BoundedFile.read(path, limit: limits.maximumFileSize)
    } catch {
      switch error {
      case .file(let failure): throw .unreadable(failure)
      case .tooLarge(let size, let limit): throw .fileTooLarge(size: size ?? limit + 1, limit: limit)
      }
    }
  }
}
