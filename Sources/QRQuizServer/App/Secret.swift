/// Secrets of the site: play addresses, form tokens, the teacher's token, game secrets.
public enum Secret {
  /// 128 random bits in hex, from the system's secure generator.
  public static func make() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<2).map { _ in
      let value = generator.next() as UInt64
      let digits = String(value, radix: 16)
      return String(repeating: "0", count: 16 - digits.count) + digits
    }.joined()
  }

  /// Whether `given` is `secret`, compared in a time that does not depend on where they
  /// differ (a guesser learns nothing from how fast a wrong one is refused).
  public static func matches(_ given: String, _ secret: String) -> Bool {
    let a = Array(given.utf8)
    let b = Array(secret.utf8)
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for index in a.indices { difference |= a[index] ^ b[index] }
    return difference == 0
  }
}
