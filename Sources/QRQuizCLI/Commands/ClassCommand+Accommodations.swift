import Foundation
import QRQuiz
import QRQuizClassroom

extension ClassCommand {
  /// `qrquiz class set`: a student's accommodations (extra time, no speed scoring).
  struct SetStudent: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "set", abstract: "Give a student extra time or no speed scoring (shown to the teacher only).",
      discussion: """
        --extra-time F makes the student's timers run F times as long: an assignment's time
        per set and per question, and in live games their deadline and the time their speed
        is scored against (1.5 is half as long again; 1 takes it away). --no-speed scores
        their right answers in live games as if given at once; --speed takes that away.
        What is not given stays as it was.
        """,
      examples: [
        "qrquiz class set 7B 'Ada Lovelace' --extra-time 1.5 --no-speed",
        "qrquiz class set 7B --card 12 --extra-time 2",
        "qrquiz class set 7B 'Ada Lovelace' --extra-time 1 --speed",
      ])
    @Argument(value: "CLASS", help: "the class's name") var name: String
    @Argument(value: "STUDENT", help: "the student's name") var student: String?
    @Option(
      "--card", value: "N", help: "the student holding this card", range: ClassRoster.cardNumbers, defaultText: "")
    var card: Int?
    @Option("--extra-time", value: "F", help: "how many times as long their timers run (1 to 4; 1: none)")
    var extraTime: Double?
    @Flag("--no-speed", help: "score their right answers in live games without regard to speed") var noSpeed
    @Flag("--speed", help: "score their speed again (takes --no-speed away)") var speed

    func validate() throws(CLIError) {
      guard (student == nil) != (card == nil) else { throw .usage("name the STUDENT or give --card N, one of them") }
      guard extraTime != nil || noSpeed || speed else {
        throw .usage("say what to set: --extra-time F, --no-speed or --speed")
      }
      guard !(noSpeed && speed) else { throw .usage("--no-speed or --speed, not both") }
      if let extraTime, !ClassRoster.Accommodations.timeFactors.contains(extraTime) {
        throw .usage(ClassRoster.Problem.badTimeFactor(extraTime).description)
      }
    }

    func run() async throws -> ExitCode {
      let selector = card.map(ClassRoster.StudentSelector.card) ?? .name(student ?? "")
      let (extraTime, noSpeed, speed) = (extraTime, noSpeed, speed)
      let changed = try ClassCommand.store().update(name) { roster throws(ClassRoster.Problem) in
        guard let found = roster.student(selector) else { throw .noSuchStudent(selector) }
        let old = found.accommodations
        let new = try ClassRoster.Accommodations(
          timeFactor: extraTime ?? old.timeFactor, noSpeedScoring: noSpeed || (!speed && old.noSpeedScoring))
        return try roster.setAccommodations(selector, new)
      }
      Console.line("\(changed.name) (card \(changed.card)): \(ClassCommand.accommodationsText(changed.accommodations))")
      return .success
    }
  }

  /// "extra time ×1.5, no speed scoring", or "no accommodations".
  static func accommodationsText(_ accommodations: ClassRoster.Accommodations) -> String {
    var parts: [String] = []
    if let factor = accommodations.timeFactorText { parts.append("extra time \(factor)") }
    if accommodations.noSpeedScoring { parts.append("no speed scoring") }
    return parts.isEmpty ? "no accommodations" : parts.joined(separator: ", ")
  }
}
