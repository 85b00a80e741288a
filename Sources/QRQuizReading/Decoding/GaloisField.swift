/// Arithmetic in GF(256) as QR codes use it (ISO/IEC 18004 §7.5.2): bytes are polynomials
/// over GF(2) modulo the primitive x⁸ + x⁴ + x³ + x² + 1, whose root α generates every
/// non-zero element. Products go through logarithm tables.
enum GaloisField {
  /// αⁱ for i in 0..<510: twice round, so a sum of two logarithms needs no reduction.
  static let exponents: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 510)
    var value = 1
    for power in 0..<255 {
      table[power] = UInt8(value)
      table[power + 255] = UInt8(value)
      value <<= 1
      if value & 0x100 != 0 { value ^= 0x11D }
    }
    return table
  }()

  /// log_α of each non-zero byte (the entry for 0 is unused).
  static let logarithms: [Int] = {
    var table = [Int](repeating: 0, count: 256)
    for power in 0..<255 { table[Int(exponents[power])] = power }
    return table
  }()

  @inline(__always)
  static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
    guard a != 0, b != 0 else { return 0 }
    return exponents[logarithms[Int(a)] + logarithms[Int(b)]]
  }

  /// a / b, for b ≠ 0.
  @inline(__always)
  static func divide(_ a: UInt8, _ b: UInt8) -> UInt8 {
    guard a != 0 else { return 0 }
    return exponents[logarithms[Int(a)] + 255 - logarithms[Int(b)]]
  }

  /// αⁿ for any integer n.
  @inline(__always)
  static func power(_ exponent: Int) -> UInt8 {
    let reduced = exponent % 255
    return exponents[reduced < 0 ? reduced + 255 : reduced]
  }

  /// The polynomial with `coefficients` (lowest degree first) at `x`.
  static func evaluate(_ coefficients: [UInt8], at x: UInt8) -> UInt8 {
    var result: UInt8 = 0
    for coefficient in coefficients.reversed() { result = multiply(result, x) ^ coefficient }
    return result
  }
}
