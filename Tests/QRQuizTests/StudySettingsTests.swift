import Foundation
import Testing

@testable import QRQuiz

/// FSRS-6's weights held to the references' bounds, and learning steps as they are
/// written.
@Suite struct StudySettingsTests {
  @Test func theDefaultsAreTwentyOneWeightsWithinTheirBounds() throws {
    #expect(FSRSParameters.defaultWeights.count == 21 && FSRSParameters.bounds.count == 21)
    #expect(try FSRSParameters(FSRSParameters.defaultWeights) == .standard)
    #expect(try FSRSParameters(FSRSParameters.bounds.map(\.lowerBound)).weights[20] == 0.1)
  }

  @Test func weightsAreReadFromText() throws {
    let text = FSRSParameters.defaultWeights.map(\.description).joined(separator: ", ")
    #expect(try FSRSParameters(text: text) == .standard)
  }

  @Test func weightsThatAreNotFSRS6sAreRefused() {
    let defaults = FSRSParameters.defaultWeights.map(\.description)
    #expect(throws: FSRSParameters.Problem.count(22)) {
      try FSRSParameters(text: (defaults + ["0.5"]).joined(separator: ","))
    }
    #expect(throws: FSRSParameters.Problem.count(19)) {
      try FSRSParameters(Array(FSRSParameters.defaultWeights[..<19]))
    }
    var outOfBounds = defaults
    outOfBounds[7] = "0.9"
    #expect(throws: FSRSParameters.Problem.outOfBounds(index: 7, value: 0.9, bounds: 0.001...0.75)) {
      try FSRSParameters(text: outOfBounds.joined(separator: ","))
    }
    var notNumbers = defaults
    notNumbers[3] = "nan"
    #expect(throws: FSRSParameters.Problem.notANumber(index: 3, text: "nan")) {
      try FSRSParameters(text: notNumbers.joined(separator: ","))
    }
    #expect(throws: FSRSParameters.Problem.notANumber(index: 0, text: "")) { try FSRSParameters(text: "") }
  }

  @Test(arguments: [
    ("1m,10m", [60, 600]), ("", []), ("30s", [30]), ("1h,2d", [3600, 172_800]), ("365d", [31_536_000]),
  ])
  func stepsAreRead(_ text: String, _ seconds: [Int]) throws {
    let steps = try #require(StudySteps(text: text))
    #expect(steps.seconds == seconds)
    #expect(StudySteps(text: steps.description) == steps)
  }

  @Test(arguments: ["1m,,10m", "10", "m", "0m", "366d", "1.5m", "-1m", " 1m", "1M", "1m,", "9999999999s"])
  func malformedStepsAreRefused(_ text: String) {
    #expect(StudySteps(text: text) == nil)
  }

  @Test func twentyStepsAtMost() {
    #expect(StudySteps(text: Array(repeating: "1m", count: 20).joined(separator: ",")) != nil)
    #expect(StudySteps(text: Array(repeating: "1m", count: 21).joined(separator: ",")) == nil)
  }
}
