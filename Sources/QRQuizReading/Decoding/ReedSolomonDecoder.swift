/// Corrects one error-correction block of a QR symbol (ISO/IEC 18004 §7.5.2): a Reed–Solomon
/// code over ``GaloisField`` whose generator has the roots α⁰ … αⁿ⁻¹ for n error-correction
/// codewords, so it corrects up to n / 2 wrong codewords (fewer when asked: see
/// ``ErrorCorrectionBlocks/correctableErrorsPerBlock``), or, given the positions of
/// codewords known to be doubtful (erasures), e wrong codewords elsewhere and s erased
/// ones as long as 2e + s ≤ n.
///
/// Syndromes; with erasures, the Forney syndromes (the syndromes times the erasures'
/// locator); Berlekamp–Massey for the error locator, a Chien search for the positions and
/// Forney's formula for the values. A block is given up, never guessed at, when the
/// locator's degree is over what the code corrects or its roots are not all at positions
/// in the block: that is how more errors than the code corrects usually show.
enum ReedSolomonDecoder {
  /// `block` (data then error-correction codewords, highest degree first as transmitted)
  /// corrected in place; false when it cannot be, or would need more than `maximumErrors`
  /// codewords changed (at most n / 2).
  static func correct(_ block: inout [UInt8], errorCorrectionCount: Int, maximumErrors: Int? = nil) -> Bool {
    correct(&block, errorCorrectionCount: errorCorrectionCount, erasures: []) { errors in
      errors <= maximumErrors ?? errors
    }
  }

  /// `block` corrected in place with the codewords at `erasures` (indices into the block,
  /// distinct) treated as unknown: false when it cannot be, or when `accepts` (given the
  /// number of wrong codewords found outside the erasures) says the correction is too
  /// much to trust.
  static func correct(
    _ block: inout [UInt8], errorCorrectionCount: Int, erasures: [Int], accepts: (Int) -> Bool
  ) -> Bool {
    let length = block.count
    let erased = erasures.count
    guard errorCorrectionCount > 0, errorCorrectionCount < length, length <= 255, erased <= errorCorrectionCount,
      erasures.allSatisfy({ (0..<length).contains($0) })
    else { return false }
    let syndromes = syndromes(of: block, count: errorCorrectionCount)
    guard syndromes.contains(where: { $0 != 0 }) else { return true }

    // The erasures' locator Γ(x) = Π (1 − X x), X = αᵈ for the codeword at xᵈ.
    var erasureLocator: [UInt8] = [1]
    for index in erasures { erasureLocator = multiplied(erasureLocator, [1, GaloisField.power(length - 1 - index)]) }
    // Γ·S mod xⁿ: its coefficients from s on follow the errors' locator alone.
    let forney = multiplied(erasureLocator, syndromes).prefix(errorCorrectionCount)
    let errorLocator = berlekampMassey(Array(forney.dropFirst(erased)))
    let errorCount = errorLocator.count - 1
    guard 2 * errorCount + erased <= errorCorrectionCount, errorCount + erased >= 1, accepts(errorCount) else {
      return false
    }
    let locator = multiplied(errorLocator, erasureLocator)

    // Chien search: a wrong codeword at the coefficient of xᵈ makes Λ(α⁻ᵈ) zero.
    var positions: [Int] = []
    for degree in 0..<length where GaloisField.evaluate(locator, at: GaloisField.power(-degree)) == 0 {
      positions.append(degree)
    }
    guard positions.count == locator.count - 1 else { return false }

    // Forney: Ω = S·Λ mod xⁿ, and with the generator's first root α⁰ the error at
    // X = αᵈ is X·Ω(X⁻¹) / Λ'(X⁻¹).
    let evaluator = Array(multiplied(syndromes, locator).prefix(errorCorrectionCount))
    // The formal derivative: in characteristic 2 only the odd powers remain.
    var derivative = [UInt8](repeating: 0, count: max(1, locator.count - 1))
    for power in stride(from: 1, to: locator.count, by: 2) { derivative[power - 1] = locator[power] }
    var corrected = block
    for degree in positions {
      let inverse = GaloisField.power(-degree)
      let denominator = GaloisField.evaluate(derivative, at: inverse)
      guard denominator != 0 else { return false }
      let magnitude = GaloisField.multiply(
        GaloisField.power(degree), GaloisField.divide(GaloisField.evaluate(evaluator, at: inverse), denominator))
      corrected[length - 1 - degree] ^= magnitude
    }
    // With erasures the locator is forced to cover them; make sure what it gives is a codeword.
    guard erased == 0 || !Self.syndromes(of: corrected, count: errorCorrectionCount).contains(where: { $0 != 0 }) else {
      return false
    }
    block = corrected
    return true
  }

  /// S_i = r(αⁱ) for i < `count`, r's highest-degree coefficient first in the block.
  private static func syndromes(of block: [UInt8], count: Int) -> [UInt8] {
    (0..<count).map { index in
      let root = GaloisField.power(index)
      var value: UInt8 = 0
      for codeword in block { value = GaloisField.multiply(value, root) ^ codeword }
      return value
    }
  }

  /// The product of two polynomials, lowest degree first.
  private static func multiplied(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
    var product = [UInt8](repeating: 0, count: a.count + b.count - 1)
    for (i, x) in a.enumerated() where x != 0 {
      for (j, y) in b.enumerated() { product[i + j] ^= GaloisField.multiply(x, y) }
    }
    return product
  }

  /// The error locator Λ (lowest degree first, Λ₀ = 1) of the shortest linear feedback
  /// shift register that generates `syndromes`; [1] (no errors located) when it has no
  /// consistent degree, which the caller then rejects.
  private static func berlekampMassey(_ syndromes: [UInt8]) -> [UInt8] {
    var current: [UInt8] = [1]
    var previous: [UInt8] = [1]
    var length = 0
    var shift = 1
    var previousDiscrepancy: UInt8 = 1
    for n in 0..<syndromes.count {
      var discrepancy = syndromes[n]
      if length >= 1 {
        for i in 1...length where i < current.count {
          discrepancy ^= GaloisField.multiply(current[i], syndromes[n - i])
        }
      }
      guard discrepancy != 0 else {
        shift += 1
        continue
      }
      let factor = GaloisField.divide(discrepancy, previousDiscrepancy)
      var updated = current
      if updated.count < previous.count + shift {
        updated += [UInt8](repeating: 0, count: previous.count + shift - updated.count)
      }
      for (i, coefficient) in previous.enumerated() { updated[i + shift] ^= GaloisField.multiply(factor, coefficient) }
      if 2 * length <= n {
        previous = current
        length = n + 1 - length
        previousDiscrepancy = discrepancy
        shift = 1
      } else {
        shift += 1
      }
      current = updated
    }
    // Trailing zeros would overstate the degree; a degree other than the register's
    // length means no consistent locator.
    while current.count > 1, current.last == 0 { current.removeLast() }
    return current.count - 1 == length ? current : [1]
  }
}
