/// Corrects one error-correction block of a QR symbol (ISO/IEC 18004 §7.5.2): a Reed–Solomon
/// code over ``GaloisField`` whose generator has the roots α⁰ … αⁿ⁻¹ for n error-correction
/// codewords, so it corrects up to n / 2 wrong codewords (fewer when asked: see
/// ``ErrorCorrectionBlocks/correctableErrorsPerBlock``).
///
/// Syndromes, then Berlekamp–Massey for the error locator, a Chien search for the
/// positions and Forney's formula for the values. A block is given up, never guessed at,
/// when the locator's degree is over n / 2 or its roots are not all at positions in the
/// block: that is how more errors than the code corrects usually show.
enum ReedSolomonDecoder {
  /// `block` (data then error-correction codewords, highest degree first as transmitted)
  /// corrected in place; false when it cannot be, or would need more than `maximumErrors`
  /// codewords changed (at most n / 2).
  static func correct(_ block: inout [UInt8], errorCorrectionCount: Int, maximumErrors: Int? = nil) -> Bool {
    let length = block.count
    guard errorCorrectionCount > 0, errorCorrectionCount < length, length <= 255 else { return false }
    // S_i = r(αⁱ), r's highest-degree coefficient first in the block.
    var syndromes = [UInt8](repeating: 0, count: errorCorrectionCount)
    var hasErrors = false
    for index in 0..<errorCorrectionCount {
      let root = GaloisField.power(index)
      var value: UInt8 = 0
      for codeword in block { value = GaloisField.multiply(value, root) ^ codeword }
      syndromes[index] = value
      hasErrors = hasErrors || value != 0
    }
    guard hasErrors else { return true }

    let locator = berlekampMassey(syndromes)
    let errorCount = locator.count - 1
    guard errorCount >= 1, 2 * errorCount <= errorCorrectionCount, errorCount <= maximumErrors ?? errorCount else {
      return false
    }

    // Chien search: an error at the coefficient of xᵈ makes Λ(α⁻ᵈ) zero.
    var positions: [Int] = []
    for degree in 0..<length where GaloisField.evaluate(locator, at: GaloisField.power(-degree)) == 0 {
      positions.append(degree)
    }
    guard positions.count == errorCount else { return false }

    // Forney: Ω = S·Λ mod xⁿ, and with the generator's first root α⁰ the error at
    // X = αᵈ is X·Ω(X⁻¹) / Λ'(X⁻¹).
    var evaluator = [UInt8](repeating: 0, count: errorCorrectionCount)
    for (i, syndrome) in syndromes.enumerated() where syndrome != 0 {
      for (j, coefficient) in locator.enumerated() where i + j < errorCorrectionCount {
        evaluator[i + j] ^= GaloisField.multiply(syndrome, coefficient)
      }
    }
    // The formal derivative: in characteristic 2 only the odd powers remain.
    var derivative = [UInt8](repeating: 0, count: max(1, locator.count - 1))
    for power in stride(from: 1, to: locator.count, by: 2) { derivative[power - 1] = locator[power] }
    for degree in positions {
      let inverse = GaloisField.power(-degree)
      let denominator = GaloisField.evaluate(derivative, at: inverse)
      guard denominator != 0 else { return false }
      let magnitude = GaloisField.multiply(
        GaloisField.power(degree), GaloisField.divide(GaloisField.evaluate(evaluator, at: inverse), denominator))
      block[length - 1 - degree] ^= magnitude
    }
    return true
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
