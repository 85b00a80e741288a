/// Secrets: play addresses, form tokens, the teacher's token, game secrets, and the random
/// part of names that must not collide.
public enum Secret {
  /// 128 random bits in hex, from the system's secure generator.
  public static func make() -> String { randomHex(bytes: 16) }

  /// `bytes` random bytes in hex (two digits each), from the system's secure generator.
  public static func randomHex(bytes: Int) -> String {
    var generator = SystemRandomNumberGenerator()
    let digits = Array("0123456789abcdef")
    var text = ""
    for _ in 0..<bytes {
      let byte = UInt8.random(in: 0...255, using: &generator)
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 15)])
    }
    return text
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
