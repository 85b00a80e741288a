import Foundation
import QRQuiz

/// `qrquiz encode TOPIC.json… (-o OUT.png | --out-dir DIR)`: the app's QR code as PNG.
enum EncodeCommand {
  static let usage = """
    qrquiz encode TOPIC.json -o OUT.png [--ec L|M|Q|H] [--scale N] [--margin N] [--max-version N]
           qrquiz encode TOPIC.json… --out-dir DIR [-j JOBS] [options]   (writes DIR/TOPIC.png for each)
    """

  static let options: [Arguments.Option] = [
    .value("-o", "--output"), .value("--out-dir"), .value("--ec"), .value("--scale"),
    .value("--margin"), .value("--max-version"), .value("-j", "--jobs"),
  ]

  struct Settings {
    var encoder: TopicQREncoder
    var scale: Int
    var margin: Int
  }

  static func run(_ arguments: [String]) throws(CLIError) -> ExitCode {
    let parsed = try Arguments(arguments, options: options)
    let inputs = parsed.positionals
    guard !inputs.isEmpty else { throw .usage("encode needs a topic file\nusage: \(usage)") }
    let settings = try settings(from: parsed)
    let outputs = try outputPaths(for: inputs, parsed: parsed)

    let jobs = try parsed.integer("-j", in: 1...256, default: ParallelWork.defaultJobs)
    // Each topic is independent: a bad one is reported and the others are still written.
    let failures = ParallelWork.map(count: inputs.count, jobs: jobs) { index -> CLIError? in
      do throws(CLIError) {
        try encode(inputs[index], to: outputs[index], settings: settings)
        return nil
      } catch {
        return error
      }
    }
    var exitCode = ExitCode.success
    for case let failure?? in failures {
      Console.error(failure.message)
      exitCode = max(exitCode, failure.code)
    }
    return exitCode
  }

  static func settings(from parsed: Arguments) throws(CLIError) -> Settings {
    var level = QRErrorCorrection.low
    if let letter = parsed.value("--ec") {
      guard let chosen = QRErrorCorrection(letter: letter) else {
        throw .usage("--ec must be L, M, Q or H, not '\(letter)'")
      }
      level = chosen
    }
    let maximumVersion = try parsed.integer("--max-version", in: 1...40, default: 40)
    return Settings(
      encoder: TopicQREncoder(level: level, maximumVersion: maximumVersion),
      scale: try parsed.integer("--scale", in: 1...100, default: 8),
      margin: try parsed.integer("--margin", in: 0...100, default: 4))
  }

  /// One output per input: `-o` for a single topic, `DIR/NAME.png` with `--out-dir`.
  static func outputPaths(for inputs: [String], parsed: Arguments) throws(CLIError) -> [String] {
    switch (parsed.value("-o"), parsed.value("--out-dir")) {
    case (let output?, nil):
      guard inputs.count == 1 else { throw .usage("-o takes one topic; use --out-dir DIR for several") }
      return [output]
    case (nil, let directory?):
      guard !inputs.contains("-") else { throw .usage("stdin (-) needs -o, not --out-dir") }
      let paths = inputs.map { input in
        URL(fileURLWithPath: directory)
          .appendingPathComponent(TopicDocument.defaultName(forSource: input) + ".png").path
      }
      if let clash = Dictionary(grouping: paths, by: { $0 }).first(where: { $0.value.count > 1 }) {
        throw .usage("two topics would both be written to \(clash.key)")
      }
      return paths
    case (nil, nil): throw .usage("say where to write: -o OUT.png (or - for stdout), or --out-dir DIR")
    case (.some, .some): throw .usage("use either -o or --out-dir, not both")
    }
  }

  static func encode(_ input: String, to output: String, settings: Settings) throws(CLIError) {
    let (_, topic) = try TopicInput.loadValid(input)
    let png: [UInt8]
    do {
      // Already validated by loadValid: encode the normalised JSON directly.
      let matrix = try settings.encoder.encode(bytes: Array(topic.normalizedJSON.utf8))
      png = try matrix.pngData(scale: settings.scale, margin: settings.margin)
    } catch {
      throw CLIError(.invalidInput, "\(InputFile.displayName(input)): \(error)")
    }
    try Console.write(png, to: output)
  }
}
