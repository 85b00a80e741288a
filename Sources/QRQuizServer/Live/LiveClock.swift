import Foundation

/// Seconds on a monotonic clock, for a live game's deadlines and answer times: never the
/// wall clock (it jumps) and never the client's. Tests give their own.
public struct LiveClock: Sendable {
  /// Seconds since some fixed moment; never goes back.
  public let now: @Sendable () -> Double

  public init(now: @escaping @Sendable () -> Double) { self.now = now }

  /// The system's monotonic clock.
  public static let system = LiveClock { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}
