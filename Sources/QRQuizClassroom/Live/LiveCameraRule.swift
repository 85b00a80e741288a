import QRQuiz

/// The rule of a host's camera left on between questions: a card it saw up just before a
/// question opened, with the same letter in every frame since, is an answer to the last
/// question still up, and is not taken for this one until it is lowered (missing from a
/// frame) or turned. A photo from the scanners' phone is taken as it is (the teacher took it
/// for this question). A value with no clock, as the game is: the time of each frame and of
/// each question's opening comes in.
public struct LiveCameraRule: Sendable, Hashable {
  /// The cards (card → letter) the camera saw in its last frame, and when.
  private var lastFrame: (cards: [Int: Int], at: QuizClock.Instant)?
  /// Cards up with the same letter since before the open question opened.
  private var heldUpBefore: [Int: Int] = [:]

  /// How recent the camera's last frame must be when a question opens to say which cards
  /// were still up (seconds).
  public static let frameFreshness = 10.0

  public init() {}

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.heldUpBefore == rhs.heldUpBefore && lhs.lastFrame?.cards == rhs.lastFrame?.cards
      && lhs.lastFrame?.at == rhs.lastFrame?.at
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(heldUpBefore) }

  /// A question opened at `now`: the cards the camera saw up just before it are the last
  /// one's answers.
  public mutating func questionOpened(at now: QuizClock.Instant) {
    if let frame = lastFrame, now.seconds(since: frame.at) <= Self.frameFreshness {
      heldUpBefore = frame.cards
    } else {
      heldUpBefore = [:]
    }
  }

  /// A frame of the camera's at `now` (card → letter): the cards it shows that are still the
  /// last question's, to be refused (``LiveGame/SightingRefusal/heldUpBefore``) while a
  /// question is open.
  public mutating func frame(_ cards: [Int: Int], at now: QuizClock.Instant, questionOpen: Bool) -> Set<Int> {
    lastFrame = (cards, now)
    heldUpBefore = heldUpBefore.filter { cards[$0.key] == $0.value }
    guard questionOpen else { return [] }
    return Set(cards.keys.filter { heldUpBefore[$0] == cards[$0] })
  }
}
