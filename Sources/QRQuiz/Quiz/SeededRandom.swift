/// A small, fast random number generator (SplitMix64) that gives the same sequence for
/// the same seed on every machine: `qrquiz play --seed 7` shuffles and helps the same way
/// every time, which is how tests and teachers reproduce a game.
public struct SeededRandom: RandomNumberGenerator, Sendable, Hashable {
  private var state: UInt64

  /// A generator starting from `seed`.
  public init(seed: UInt64) { state = seed }

  /// A generator seeded from the system's randomness.
  public init() { state = UInt64.random(in: 0...UInt64.max) }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
