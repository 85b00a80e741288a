import Foundation
import QRQuiz

/// Reads the room's answer cards from a photo or a camera frame: each card seen, its
/// number and the letter on its top edge (the answer), through libapriltag's tag36h11
/// detector. Call it for each frame a camera gives; it keeps nothing between frames.
///
/// A scanner owns libapriltag detectors, which are not thread-safe: use one per thread.
///
/// ```swift
/// let scanner = try AnswerCardScanner()
/// let scan = try scanner.scan(imageData: jpegBytes, cards: Set(roster.students.map(\.card)))
/// for card in scan.cards { print(card.card, card.answer.rawValue) }
/// ```
public final class AnswerCardScanner {
  /// Why an image could not be read for cards (no card seen is not an error).
  public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not a readable image, or it is over the limits.
    case image(ImageDecodingError)
    /// Decoding and reading did not finish within the scanner's ``timeLimit``.
    case timeLimitExceeded(seconds: Double)
    /// libapriltag could not be loaded.
    case library(CardLibraryError)

    public var description: String {
      switch self {
      case .image(let error): error.description
      case .timeLimitExceeded(let seconds): "gave up after \(JSONValue.number(seconds).compactText) s"
      case .library(let error): error.description
      }
    }
  }

  /// Seconds one image may take, decoding and reading together.
  public let timeLimit: Double
  let detector: TagDetector

  /// A scanner.
  ///
  /// - Parameter timeLimit: seconds one image may take, decoding and reading together;
  ///   checked between the steps of a scan, each of which is bounded by the image's size.
  /// - Throws: ``Error/library(_:)`` when libapriltag cannot be loaded.
  public init(timeLimit: Double = 5) throws(Error) {
    self.timeLimit = timeLimit
    do throws(CardLibraryError) {
      detector = try TagDetector(bitsCorrected: 2)
    } catch {
      throw .library(error)
    }
  }

  /// The cards in `image`.
  ///
  /// - Parameters:
  ///   - image: a photo or a camera frame, upright.
  ///   - mirrored: the image is a mirror image (a selfie camera's preview, as browsers
  ///     give it): it is read un-mirrored, and corners are given in its own pixels.
  ///     Unknowingly mirrored images give no card (see ``AnswerCardCode``).
  ///   - cards: the card numbers of the class; others are ignored and counted.
  /// - Throws: ``Error/timeLimitExceeded(seconds:)``.
  public func scan(_ image: GrayImage, mirrored: Bool = false, cards: Set<Int>? = nil) throws(Error) -> AnswerCardScan {
    try scan(
      image, mirrored: mirrored, cards: cards.map(AnswerCardSet.init(cards:)), deadline: Deadline(seconds: timeLimit))
  }

  /// The cards of `cards` in `image`: each read by its code as the class's card that carries
  /// it, another class's counted as such (``AnswerCardScan/Ignored/otherClass``).
  ///
  /// - Throws: ``Error/timeLimitExceeded(seconds:)``.
  public func scan(_ image: GrayImage, mirrored: Bool = false, of cards: AnswerCardSet) throws(Error) -> AnswerCardScan
  {
    try scan(image, mirrored: mirrored, cards: cards, deadline: Deadline(seconds: timeLimit))
  }

  func scan(_ image: GrayImage, mirrored: Bool, cards: AnswerCardSet?, deadline: Deadline) throws(Error)
    -> AnswerCardScan
  {
    let upright = mirrored ? image.mirrored() : image
    let search = try CardSearch(image: upright, detector: detector, deadline: deadline, timeLimit: timeLimit).run()
    var scan = Self.sightings(search.detections, cards: cards)
    if mirrored {
      let right = Double(image.width)
      for index in scan.cards.indices {
        scan.cards[index].corners = scan.cards[index].corners.map { CardPoint(x: right - $0.x, y: $0.y) }
      }
    }
    return scan
  }

  /// Detections as cards and answers: codes no card carries, cards not in `cards` (another
  /// class's among them), cards between two letters and cards seen with two answers are
  /// counted and left out. Without `cards`, a card is read by its code.
  static func sightings(_ detections: [TagDetector.Detection], cards: AnswerCardSet?) -> AnswerCardScan {
    var ignored = AnswerCardScan.Ignored()
    var seen: [Int: AnswerCardScan.Sighting] = [:]
    var conflicting = Set<Int>()
    for detection in detections {
      guard let code = AnswerCardCode.card(forTagID: detection.id) else {
        ignored.notACard += 1
        continue
      }
      guard let card = cards.map({ $0.cardsByCode[code] }) ?? code else {
        ignored.notInClass += 1
        if cards?.otherClassCodes.contains(code) == true { ignored.otherClass += 1 }
        continue
      }
      guard let (letter, corners) = CardOrientation.read(detection.corners) else {
        ignored.betweenLetters += 1
        continue
      }
      if let earlier = seen[card], earlier.answer != letter { conflicting.insert(card) }
      if seen[card] == nil { seen[card] = AnswerCardScan.Sighting(card: card, answer: letter, corners: corners) }
    }
    ignored.twoAnswers = conflicting.count
    let kept = seen.values.filter { !conflicting.contains($0.card) }.sorted { $0.card < $1.card }
    return AnswerCardScan(cards: kept, ignored: ignored)
  }
}

@available(*, unavailable, message: "owns libapriltag detectors, which are not thread-safe")
extension AnswerCardScanner: Sendable {}
