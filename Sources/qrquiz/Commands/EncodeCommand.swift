import Foundation
import QRQuiz

/// `qrquiz encode TOPIC.json… (-o OUT | --out-dir DIR | --terminal)`: a topic's QR code(s).
enum EncodeCommand {
  static let usage = """
    qrquiz encode TOPIC|URL… (-o OUT.png | --out-dir DIR | --terminal) [--format auto|json|compact]
             [--ec L|M|Q|H] [--max-version N] [--layout grid|files] [--svg] [--scale N] [--margin N] [-j JOBS]
    """

  static let options: [Arguments.Option] = [
    .value("-o", "--output"), .value("--out-dir"), .value("--ec"), .value("--scale"), .value("--margin"),
    .value("--max-version"), .value("--format"), .value("--layout"), .flag("--svg"), .flag("--terminal"),
    .value("-j", "--jobs"),
  ]

  static func run(_ arguments: [String]) async throws(CLIError) -> ExitCode {
    let parsed = try Arguments(arguments, options: options)
    let inputs = parsed.positionals
    guard !inputs.isEmpty else { throw .usage("encode needs a topic file\nusage: \(usage)") }
    let settings = try EncodeSettings(parsed)
    let targets = try outputTargets(for: inputs, parsed: parsed, settings: settings)
    let jobs =
      settings.output == .terminal ? 1 : try parsed.integer("-j", in: 1...256, default: ParallelWork.defaultJobs)
    // Topics behind URLs are downloaded first; the encoding below is plain CPU work.
    var fetched: [Int: Result<TopicDocument, CLIError>] = [:]
    for (index, input) in inputs.enumerated() where TopicInput.isURL(input) {
      do {
        fetched[index] = .success(try await TopicInput.loadAny(input))
      } catch {
        fetched[index] = .failure(error)
      }
    }
    let downloaded = fetched
    // Each topic is independent: a bad one is reported and the others are still written.
    let failures = ParallelWork.map(count: inputs.count, jobs: jobs) { index -> CLIError? in
      do throws(CLIError) {
        try encode(inputs[index], document: downloaded[index], to: targets[index], settings: settings)
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

  /// One output per input: `-o` for a single topic, `DIR/NAME.png` with `--out-dir`.
  static func outputTargets(
    for inputs: [String], parsed: Arguments, settings: EncodeSettings
  ) throws(CLIError) -> [String] {
    if settings.output == .terminal {
      guard parsed.value("-o") == nil, parsed.value("--out-dir") == nil else {
        throw .usage("--terminal prints to the terminal; it takes no -o or --out-dir")
      }
      return inputs.map { _ in "-" }
    }
    switch (parsed.value("-o"), parsed.value("--out-dir")) {
    case (let output?, nil):
      guard inputs.count == 1 else { throw .usage("-o takes one topic; use --out-dir DIR for several") }
      guard !(output == "-" && settings.layout == .files) else { throw .usage("--layout files needs a file name") }
      return [output]
    case (nil, let directory?):
      guard !inputs.contains("-") else { throw .usage("stdin (-) needs -o, not --out-dir") }
      let paths = inputs.map { input in
        URL(fileURLWithPath: directory)
          .appendingPathComponent(TopicDocument.defaultName(forSource: input) + "." + settings.fileExtension).path
      }
      if let clash = Dictionary(grouping: paths, by: { $0 }).first(where: { $0.value.count > 1 }) {
        throw .usage("two topics would both be written to \(clash.key)")
      }
      return paths
    case (nil, nil): throw .usage("say where to write: -o OUT.png (or - for stdout), --out-dir DIR, or --terminal")
    case (.some, .some): throw .usage("use either -o or --out-dir, not both")
    }
  }

  static func encode(
    _ input: String, document: Result<TopicDocument, CLIError>?, to target: String, settings: EncodeSettings
  ) throws(CLIError) {
    let loaded: TopicDocument
    switch document {
    case .success(let document)?: loaded = document
    case .failure(let error)?: throw error
    case nil: loaded = try TopicInput.load(input)
    }
    let topic = try TopicInput.requireValid(loaded, input)
    let name = InputFile.displayName(input)
    let symbols: TopicQREncoder.Symbols
    do {
      // Already validated by requireValid: encode the normalised JSON directly.
      symbols = try settings.encoder.encode(json: Array(topic.normalizedJSON.utf8))
    } catch {
      throw CLIError(.invalidInput, "\(name): \(error)")
    }
    if settings.encoder.format == .auto, symbols.format == .compact {
      let count = symbols.matrices.count
      Console.error(
        "\(name): too large for one app-compatible symbol up to version \(settings.encoder.maximumVersion); "
          + "wrote \(count) compact symbol\(count == 1 ? "" : "s") (read them with qrquiz decode)")
    }
    try SymbolOutput.write(symbols.matrices, to: target, settings: settings)
  }
}
