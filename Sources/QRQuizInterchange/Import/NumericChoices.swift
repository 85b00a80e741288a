import Foundation
import QRQuiz

/// The choices the app shows for a question asked as a number (GIFT's `{#1969}`, Moodle's
/// numerical questions) when the file gives none: the number and three wrong numbers
/// outside its tolerance, in a seeded order.
enum NumericChoices {
  /// The answers, written with as many decimals as the number (3.14 gets 3.10, 3.12, 3.16,
  /// not 3.7680000000000002), and the right one's position.
  static func generate(for answer: NumericAnswer, random: inout SeededRandom) -> (answers: [String], right: Int) {
    let written = JSONWriter.format(answer.value)
    let decimals = written.split(separator: ".").dropFirst().first.map { $0.prefix { $0.isNumber }.count } ?? 0
    let unit = pow(10, -Double(decimals))
    // Far enough apart to be outside the tolerance, in whole units.
    let step = ((answer.tolerance * 2 + unit) / unit).rounded(.up) * unit
    let offsets = [-2.0, -1, 1, 2].shuffled(using: &random).prefix(3)
    var answers = offsets.map { offset in
      let value = ((answer.value + offset * step) / unit).rounded() * unit
      return decimals == 0 ? JSONWriter.format(value) : String(format: "%.\(decimals)f", value)
    }
    let position = Int.random(in: 0...answers.count, using: &random)
    answers.insert(written, at: position)
    return (answers, position)
  }
}
