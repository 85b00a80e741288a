import QRQuiz
import QRQuizFiles

extension AnswerCardScanner {
  /// Decodes an image file's bytes (PNG, or JPEG turned upright by its EXIF orientation)
  /// within `limits`, and reads its cards, all within ``timeLimit``: what a camera frame
  /// posted to a server or a photo from a phone goes through.
  ///
  /// - Throws: ``Error``: not a readable image, over the limits, or out of time.
  public func scan(
    imageData bytes: [UInt8], limits: ImageLimits = .default, mirrored: Bool = false, cards: Set<Int>? = nil
  ) throws(Error) -> AnswerCardScan {
    try scan(imageData: bytes, limits: limits, mirrored: mirrored, of: cards.map(AnswerCardSet.init(cards:)))
  }

  /// As ``scan(imageData:limits:mirrored:cards:)``, reading a class's cards by their codes
  /// (their class mark): another class's card is counted as such, never read as this one's.
  ///
  /// - Throws: ``Error``.
  public func scan(
    imageData bytes: [UInt8], limits: ImageLimits = .default, mirrored: Bool = false, of cards: AnswerCardSet?
  ) throws(Error) -> AnswerCardScan {
    let deadline = Deadline(seconds: timeLimit)
    let image: GrayImage
    do {
      image = try ImageDecoder.decodeNotingReduction(
        bytes, limits: limits, targetPixels: nil, timeLimit: deadline.remaining
      ).image
    } catch .timeLimitExceeded {
      throw .timeLimitExceeded(seconds: timeLimit)
    } catch {
      throw .image(error)
    }
    return try scan(image, mirrored: mirrored, cards: cards, deadline: deadline)
  }

  /// Reads an image file (PNG or JPEG) and its cards, refusing a file over the size limit
  /// before reading it.
  ///
  /// - Throws: ``Error``.
  public func scan(
    contentsOfFile path: String, limits: ImageLimits = .default, mirrored: Bool = false, cards: Set<Int>? = nil
  ) throws(Error) -> AnswerCardScan {
    try scan(contentsOfFile: path, limits: limits, mirrored: mirrored, of: cards.map(AnswerCardSet.init(cards:)))
  }

  /// As ``scan(contentsOfFile:limits:mirrored:cards:)``, reading a class's cards by their
  /// codes (their class mark).
  ///
  /// - Throws: ``Error``.
  public func scan(
    contentsOfFile path: String, limits: ImageLimits = .default, mirrored: Bool = false, of cards: AnswerCardSet?
  ) throws(Error) -> AnswerCardScan {
    let bytes: [UInt8]
    do {
      bytes = try BoundedFile.read(path, limit: limits.maximumFileSize)
    } catch {
      switch error {
      case .file(let failure): throw .image(.unreadable(failure))
      case .tooLarge(let size, let limit): throw .image(.fileTooLarge(size: size ?? limit + 1, limit: limit))
      }
    }
    return try scan(imageData: bytes, limits: limits, mirrored: mirrored, of: cards)
  }
}
