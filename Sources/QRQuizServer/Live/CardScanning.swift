import Foundation
import QRQuiz
import QRQuizCards

/// Reads answer cards from the frames and photos posted to live games, off the HTTP
/// threads: a few threads of its own, each with its own scanner (libapriltag's detector is
/// not thread-safe, and making one builds its decoding table once), started when the first
/// frame comes and ended after a while without one, so a server whose games have no class
/// never starts one. Frames wait in a queue that never grows past ``queueLimit``: one that
/// finds it full is refused at once (the route answers 503 with `Retry-After`), never kept
/// waiting behind a backlog. Frames are read and dropped: nothing is stored.
final class CardScanning: @unchecked Sendable {
  /// What a frame may be: an upload's size, a 20 MP photo (phones' own are 12 MP; the
  /// scan page makes bigger ones smaller before sending).
  static let frameLimits = ImageLimits(maximumPixels: 20_000_000, maximumFileSize: 8 << 20)
  /// Seconds one frame may take, decoding and reading.
  static let timeLimit = 2.0

  /// Why a frame was not read.
  enum Refusal: Error {
    /// Every thread is busy and the queue is full.
    case busy
    /// The frame could not be read (not an image, over the limits, out of time, no
    /// libapriltag).
    case unreadable(AnswerCardScanner.Error)
  }

  /// What a frame showed, and the milliseconds it took from its bytes to its cards.
  struct Reading: Sendable {
    var scan: AnswerCardScan
    var milliseconds: Double
  }

  private struct Job {
    var bytes: [UInt8]
    var mirrored: Bool
    var cards: AnswerCardSet
    var finish: @Sendable (Result<Reading, Refusal>) -> Void
  }

  /// Threads reading at most.
  let threadLimit: Int
  /// Frames waiting at most, beside those being read.
  let queueLimit: Int
  /// Seconds a thread waits for a frame before it ends.
  let idleSeconds: Double

  // `queue`, `threads` and `idleThreads` are touched only under `condition`.
  private let condition = NSCondition()
  private var queue: [Job] = []
  private var threads = 0
  private var idleThreads = 0

  init(threadLimit: Int = 2, queueLimit: Int = 2, idleSeconds: Double = 30) {
    self.threadLimit = max(1, threadLimit)
    self.queueLimit = max(0, queueLimit)
    self.idleSeconds = idleSeconds
  }

  /// Reads `bytes` (a PNG or JPEG frame) for the cards of `cards`, each by its code.
  func read(_ bytes: [UInt8], mirrored: Bool, cards: AnswerCardSet) async -> Result<Reading, Refusal> {
    await withCheckedContinuation { continuation in
      let job = Job(bytes: bytes, mirrored: mirrored, cards: cards) { continuation.resume(returning: $0) }
      if !submit(job) { continuation.resume(returning: .failure(.busy)) }
    }
  }

  /// Threads running now (tests see them end).
  var runningThreads: Int { condition.withLock { threads } }

  private func submit(_ job: Job) -> Bool {
    condition.withLock {
      // A thread free or to be started takes it at once; else it waits, if there is room.
      guard idleThreads > 0 || threads < threadLimit || queue.count < queueLimit else { return false }
      queue.append(job)
      if idleThreads > 0 {
        condition.signal()
      } else if threads < threadLimit {
        threads += 1
        let thread = Thread { [self] in work() }
        thread.name = "qrquiz-card-scan"
        thread.start()
      }
      return true
    }
  }

  private func work() {
    var scanner: AnswerCardScanner?
    while let job = nextJob() {
      let start = ContinuousClock.now
      let result = Result { () throws(AnswerCardScanner.Error) -> Reading in
        if scanner == nil { scanner = try AnswerCardScanner(timeLimit: Self.timeLimit) }
        let scan = try scanner!.scan(
          imageData: job.bytes, limits: Self.frameLimits, mirrored: job.mirrored, of: job.cards)
        let elapsed = ContinuousClock.now - start
        return Reading(
          scan: scan,
          milliseconds: Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
      }
      job.finish(result.mapError(Refusal.unreadable))
    }
  }

  /// The next frame, or `nil` once none came for ``idleSeconds`` (the thread ends).
  private func nextJob() -> Job? {
    condition.withLock {
      while queue.isEmpty {
        idleThreads += 1
        let woken = condition.wait(until: Date(timeIntervalSinceNow: idleSeconds))
        idleThreads -= 1
        if !woken, queue.isEmpty {
          threads -= 1
          return nil
        }
      }
      return queue.removeFirst()
    }
  }
}
