import Foundation
import QRQuiz

/// `qrquiz encode TOPIC… (-o OUT | --out-dir DIR | --terminal)`: a topic's QR code(s).
struct EncodeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "encode",
    abstract: "Make the QR code(s) of topics: the app's own single symbol when it fits, the compact form when not.",
    discussion: """
      The app's form is one symbol holding the topic's JSON, error correction L, as the app
      shares topics. A topic too large for one symbol up to --max-version goes into the
      compact form: zlib-compressed, CRC-checked, base45, split over as few symbols as fit
      (read them back with qrquiz decode, in any order). Several topics are encoded in one
      process, on every core.
      """,
    usage: "TOPIC… (-o FILE | --out-dir DIR | --terminal) [options]",
    examples: [
      "qrquiz encode Social.json -o social.png",
      "qrquiz encode topics/*.json --out-dir codes/",
      "qrquiz encode quiz40k.json --layout files -o parts/quiz.png",
      "qrquiz encode Social.json --terminal",
    ])

  @Argument(value: "TOPIC", help: "topic files, http(s) URLs, or - for standard input", completion: .file)
  var topics: [String]
  @Option("-o", "--output", value: "FILE", help: "where to write one topic (- for standard output)", completion: .file)
  var output: String?
  @Option("--out-dir", value: "DIR", help: "write DIR/NAME.png for each topic", completion: .directory)
  var outputDirectory: String?
  @Flag("--terminal", help: "print the symbols with half blocks, for a phone to scan off the screen") var terminal
  @Flag("--svg", help: "write SVG (vector, for print) instead of PNG") var svg
  @Option("--format", value: "FORM", help: "auto: the app's form when it fits, else compact")
  var format = TopicQREncoder.Format.auto
  @Option("--ec", value: "LEVEL", help: "error correction: L as the app, up to H") var level = QRErrorCorrection.low
  @Option("--max-version", help: "the largest symbol, 1-40 (25 still scans from paper)", range: 1...40)
  var maximumVersion = TopicQREncoder.defaultMaximumVersion
  @Option("--layout", value: "LAYOUT", help: "several symbols: one labelled grid PNG, or NAME-1.png …")
  var layout = SymbolStyle.Layout.grid
  @Option("--scale", help: "pixels per module", range: 1...100) var scale = 8
  @Option("--margin", help: "quiet zone in modules", range: 0...100) var margin = 4
  @Option("-j", "--jobs", help: "topics encoded at once", range: 1...256, defaultText: "every core")
  var jobs = ParallelWork.defaultJobs
  @OptionGroup var network: NetworkOptions

  func validate() throws(CLIError) {
    guard !topics.isEmpty else { throw .usage("encode needs a topic file") }
    guard !(svg && terminal) else { throw .usage("choose --svg or --terminal, not both") }
    _ = try targets()
  }

  var style: SymbolStyle {
    SymbolStyle(
      output: terminal ? .terminal : svg ? .svg : .png, layout: layout, scale: scale, margin: margin)
  }

  /// One output per topic: `-o` for a single topic, `DIR/NAME.png` with `--out-dir`.
  func targets() throws(CLIError) -> [String] {
    if terminal {
      guard output == nil, outputDirectory == nil else {
        throw .usage("--terminal prints to the terminal; it takes no -o or --out-dir")
      }
      return topics.map { _ in "-" }
    }
    switch (output, outputDirectory) {
    case (let output?, nil):
      guard topics.count == 1 else { throw .usage("-o takes one topic; use --out-dir DIR for several") }
      guard !(output == "-" && layout == .files) else { throw .usage("--layout files needs a file name") }
      return [output]
    case (nil, let directory?):
      guard !topics.contains("-") else { throw .usage("stdin (-) needs -o, not --out-dir") }
      let paths = topics.map { topic in
        URL(fileURLWithPath: directory).appendingPathComponent(
          FileName.safe(TopicSource(argument: topic).defaultName ?? "topic") + "." + style.fileExtension
        ).path
      }
      if let clash = Dictionary(grouping: paths, by: { $0 }).first(where: { $0.value.count > 1 }) {
        throw .usage("two topics would both be written to \(clash.key)")
      }
      return paths
    case (nil, nil): throw .usage("say where to write: -o OUT.png (or - for stdout), --out-dir DIR, or --terminal")
    case (.some, .some): throw .usage("use either -o or --out-dir, not both")
    }
  }

  func run() async throws -> ExitCode {
    let targets = try targets()
    let reader = network.reader
    // Topics are read first (files, stdin, downloads); the encoding below is plain CPU work.
    var loaded: [Result<ValidTopic, TopicError>] = []
    for topic in topics {
      do {
        loaded.append(.success(try await reader.topic(from: TopicSource(argument: topic))))
      } catch {
        loaded.append(.failure(error))
      }
    }
    let encoder = TopicQREncoder(level: level, maximumVersion: maximumVersion, format: format)
    let style = style
    let names = topics.map { TopicSource(argument: $0).description }
    let read = loaded
    // Each topic is independent: a bad one is reported and the others are still written.
    let failures = ParallelWork.map(count: topics.count, jobs: terminal ? 1 : jobs) { index -> Failure? in
      Self.encode(read[index], named: names[index], to: targets[index], encoder: encoder, style: style)
    }
    var exitCode = ExitCode.success
    for case let failure?? in failures {
      exitCode = max(exitCode, ErrorReport.report(failure.error, context: failure.context))
    }
    return exitCode
  }

  /// An error and the input it belongs to, carried out of the parallel jobs.
  struct Failure: Sendable {
    var error: any Error & Sendable
    var context: String?
  }

  static func encode(
    _ topic: Result<ValidTopic, TopicError>, named name: String, to target: String, encoder: TopicQREncoder,
    style: SymbolStyle
  ) -> Failure? {
    let symbols: TopicQREncoder.Symbols
    switch topic {
    case .failure(let error): return Failure(error: error)
    case .success(let topic):
      do {
        symbols = try encoder.encode(topic)
      } catch {
        return Failure(error: error, context: name)
      }
    }
    if encoder.format == .auto, symbols.format == .compact {
      let count = symbols.matrices.count
      Console.error(
        "\(name): too large for one app-compatible symbol up to version \(encoder.maximumVersion); "
          + "wrote \(Plural.count(count, "compact symbol")) (read them with qrquiz decode)")
    }
    do {
      try SymbolOutput.write(symbols.matrices, to: target, style: style)
    } catch let error as FileSystemError {
      return Failure(error: error)
    } catch let error as ImageEncodingError {
      return Failure(error: error, context: name)
    } catch {
      return Failure(error: CLIError(.internalError, "\(error)"), context: name)
    }
    return nil
  }
}
