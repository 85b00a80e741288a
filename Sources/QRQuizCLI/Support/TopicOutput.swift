import QRQuiz

/// Where a topic made by a command goes: a file (`-o`), the library (`--save`), or
/// standard output when neither is asked for; one summary line on stderr.
enum TopicOutput {
  static func deliver(
    _ topic: ValidTopic, output: String?, save: Bool, replace: Bool = false, summary: String
  ) throws -> ExitCode {
    let json = Array((topic.normalizedJSON + "\n").utf8)
    if let output { try Console.write(json, to: output) }
    var line = summary
    if save { line += "; " + (try TopicSaving.save(topic, replacing: replace, offerReplace: true)) }
    if output == nil, !save { Console.bytes(json) }
    Console.error(line)
    return .success
  }
}
