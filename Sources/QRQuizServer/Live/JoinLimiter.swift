import Foundation
import QRQuiz
import QRQuizLocking

/// Join attempts and failed lookups by PIN per client address, as one token bucket: a
/// class behind one NAT (64 phones in a minute, a few typos) gets in; a script cannot fill
/// a game with bots or walk through the PINs. Every join attempt counts, accepted or not,
/// and so does every lookup that misses (a PIN no game has, a secret nobody in the game
/// has), whatever the route (`GameAccess.swift`); a player's own traffic, proven by their
/// secret, costs nothing and is never refused.
final class JoinLimiter: Sendable {
  /// Attempts an address may make at once.
  let burst: Double
  /// Attempts an address gets back per second.
  let refillPerSecond: Double
  /// Addresses remembered at most: past it, those whose bucket is full again are
  /// forgotten (they lose nothing), and if none is, new addresses wait.
  let capacity: Int
  private let buckets = Locked<[String: Bucket]>([:])

  private struct Bucket {
    var tokens: Double
    var updated: QuizClock.Instant
  }

  init(burst: Double = 100, refillPerSecond: Double = 100.0 / 60, capacity: Int = 65_536) {
    self.burst = burst
    self.refillPerSecond = refillPerSecond
    self.capacity = capacity
  }

  /// Takes an attempt for `address` at `now`; `nil` when allowed, else the seconds until
  /// the next one is.
  func take(_ address: String, at now: QuizClock.Instant) -> Double? {
    buckets.withLock { buckets in
      var bucket = buckets[address].map { refilled($0, at: now) } ?? Bucket(tokens: burst, updated: now)
      guard bucket.tokens >= 1 else {
        buckets[address] = bucket
        return (1 - bucket.tokens) / refillPerSecond
      }
      if buckets[address] == nil, buckets.count >= capacity {
        buckets = buckets.filter { refilled($0.value, at: now).tokens < burst }
        guard buckets.count < capacity else { return 1 / refillPerSecond }
      }
      bucket.tokens -= 1
      buckets[address] = bucket
      return nil
    }
  }

  /// Whether `address` has an attempt left at `now`, without taking it: `nil` when it has,
  /// else the seconds until it will.
  func wait(for address: String, at now: QuizClock.Instant) -> Double? {
    buckets.withLock { buckets in
      guard let bucket = buckets[address].map({ refilled($0, at: now) }), bucket.tokens < 1 else { return nil }
      return (1 - bucket.tokens) / refillPerSecond
    }
  }

  private func refilled(_ bucket: Bucket, at now: QuizClock.Instant) -> Bucket {
    Bucket(tokens: min(burst, bucket.tokens + now.seconds(since: bucket.updated) * refillPerSecond), updated: now)
  }
}
