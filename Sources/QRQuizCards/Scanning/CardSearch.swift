import QRQuiz

/// Where in an image the markers are looked for, and how finely.
struct CardSearch {
  let image: GrayImage
  let detector: TagDetector
  let deadline: Deadline
  let timeLimit: Double

  /// Every tag36h11 code found.
  func run() throws(AnswerCardScanner.Error) -> [TagDetector.Detection] {
    guard !deadline.hasPassed else { throw .timeLimitExceeded(seconds: timeLimit) }
    return detector.detect(in: image, tuning: TagDetector.Tuning(decimate: 2))
  }
}
