import QRQuizReading

/// A picture for a question, made from what a teacher uploads (a phone photo, a file, a
/// drawing): checked as an image within tight limits, turned upright by its EXIF
/// orientation, made at most ``maximumSide`` pixels a side, and encoded again from its
/// pixels alone, so nothing of the original file travels on: no GPS position, no camera,
/// no comment, no script.
///
/// ```swift
/// let picture = try QuestionPicture(uploaded: bytes)
/// print(picture.format, picture.width, picture.height, picture.bytes.count)
/// ```
public struct QuestionPicture: Sendable, Hashable {
  /// The encoded picture: PNG, or JPEG when it came as a JPEG (a photo).
  public let bytes: [UInt8]
  public let format: ImageFormat
  public let width: Int
  public let height: Int

  /// The largest upload taken: 8 MiB.
  public static let maximumUploadSize = 8 << 20
  /// The most pixels an upload may have: 40 MP (a 12 MP phone photo fits three times).
  public static let maximumPixels = 40_000_000
  /// The longest side kept: enough for a projector, small enough for a class's phones.
  public static let maximumSide = 2048

  /// Why an upload is refused.
  public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// More bytes than ``maximumUploadSize``.
    case tooLarge(size: Int)
    /// More pixels than ``maximumPixels``, as its header says.
    case tooManyPixels(width: Int, height: Int)
    /// A format that is not taken: its name when it is known (SVG may carry scripts; GIF,
    /// WebP, HEIC and the rest are not decoded here), `nil` for bytes that are no picture.
    case unsupported(String?)
    /// PNG or JPEG by its first bytes, but not one that decodes.
    case corrupt(String)
    /// Encoding failed (out of memory).
    case encoding(ImageEncodingError)

    public var description: String {
      switch self {
      case .tooLarge(let size):
        "the picture is \(size) bytes; at most \(QuestionPicture.maximumUploadSize >> 20) MiB are taken"
      case .tooManyPixels(let width, let height):
        "the picture is \(width)×\(height) pixels; at most \(QuestionPicture.maximumPixels / 1_000_000) MP are taken"
      case .unsupported(let format?): "\(format) pictures are not taken: upload a PNG or a JPEG"
      case .unsupported(nil): "this is not a picture: upload a PNG or a JPEG"
      case .corrupt(let reason): "not a picture that can be read: \(reason)"
      case .encoding(let error): "\(error)"
      }
    }
  }

  /// Makes the picture of an upload.
  ///
  /// - Throws: ``Error``, before any large allocation for a file or a header that lies.
  public init(uploaded bytes: [UInt8]) throws(Error) {
    guard bytes.count <= Self.maximumUploadSize else { throw .tooLarge(size: bytes.count) }
    guard let format = ImageFormat(sniffing: bytes), format == .png || format == .jpeg else {
      throw .unsupported(Self.formatName(bytes))
    }
    if format == .png, let problem = PNGMetadataCheck.problem(in: bytes) { throw .corrupt(problem) }
    let limits = ImageLimits(maximumPixels: Self.maximumPixels, maximumFileSize: Self.maximumUploadSize)
    var image: RGBAImage
    do {
      // A photo is decoded at ½, ¼ or ⅛ in the DCT when that still leaves the largest side.
      image = try ImageDecoder.decodeRGBA(bytes, limits: limits, targetPixels: Self.maximumSide * Self.maximumSide)
    } catch {
      switch error {
      case .tooManyPixels(let width, let height, _): throw .tooManyPixels(width: width, height: height)
      case .fileTooLarge(let size, _): throw .tooLarge(size: size)
      default: throw .corrupt(error.description)
      }
    }
    image = image.scaled(toFit: Self.maximumSide)
    do {
      self.bytes = format == .jpeg ? try PictureWriter.jpeg(image) : try PictureWriter.png(image)
    } catch {
      throw .encoding(error)
    }
    self.format = format
    width = image.width
    height = image.height
  }

  /// The file name extension of ``format``.
  public var fileExtension: String { format == .jpeg ? "jpg" : "png" }

  /// What `bytes` look like, for a refusal's words.
  static func formatName(_ bytes: [UInt8]) -> String? {
    if let format = ImageFormat(sniffing: bytes) { return format.rawValue.uppercased() }
    let head = String(decoding: bytes.prefix(512), as: UTF8.self).lowercased()
    if head.contains("<svg") { return "SVG" }
    if bytes.count >= 12, Array(bytes[4..<8]) == Array("ftyp".utf8) { return "HEIC" }
    return nil
  }
}
