import Foundation
import QRQuiz
import QRQuizFiles

/// `qrquiz encode TOPIC… (-o OUT | --out-dir DIR | --terminal)`: a topic's QR code(s).
struct EncodeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "encode",
    synonyms: ["qr", "qrcode"],
    abstract: "Make the QR code(s) of topics: the app's own single symbol when it fits, the compact form when not.",
    discussion: """
      The app's form is one symbol holding the topic's JSON, error correction L, up to
      version 40 (2,953 bytes), as the app shares topics: the Questions app scans it. Past
      version 25 the code is dense, and qrquiz says how large to print it (or share the topic
      by its address with qrquiz serve: one small code the app scans). Only a topic too large
      for one symbol goes into the compact form: zlib-compressed, CRC-checked, base45, split
      over as few symbols as fit (version 25 at most); the Questions app cannot read it, and
      qrquiz says so (qrquiz decode reads it, in any order). --max-version N keeps every
      symbol at version N or smaller. Several topics are encoded in one process, on every core.

      --caption prints the topic's name under the code (--caption=TEXT: that text), "1 of 3"
      under each of several symbols; off unless asked, as the code alone is what the app
      shares. In a PNG the name is drawn in capitals by qrquiz's own font (Latin letters with
      their accents, digits, punctuation); a character it lacks is drawn as a box and said:
      --svg writes any name as text. For a page of several topics' codes, captioned, see
      qrquiz sheet.
      """,
    usage: "TOPIC… (-o FILE | --out-dir DIR | --terminal) [options]",
    examples: [
      "qrquiz encode Social.json -o social.png",
      "qrquiz encode topics/*.json --out-dir codes/",
      "qrquiz encode quiz40k.json --layout files -o parts/quiz.png",
      "qrquiz encode Social.json --terminal",
      "qrquiz encode Geografía.json --caption --svg -o geografia.svg",
    ])

  @Argument(.topic) var topics: [String]
  @Option("-o", "--output", value: "FILE", help: "where to write one topic (- for standard output)", completion: .file)
  var output: String?
  @Option("--out-dir", value: "DIR", help: "write DIR/NAME.png for each topic", completion: .directory)
  var outputDirectory: String?
  @Flag("--terminal", help: "print the symbols with half blocks, for a phone to scan off the screen") var terminal
  @Flag("--compact-terminal", help: "with --terminal: quarter blocks, half as wide (for narrow terminals)")
  var compactTerminal
  @Flag("--svg", help: "write SVG (vector, for print) instead of PNG") var svg
  @Option("--format", value: "FORM", help: "auto: the app's form when it fits, else compact")
  var format = TopicQREncoder.Format.auto
  @Option("--ec", value: "LEVEL", help: "error correction: L as the app, up to H") var level = QRErrorCorrection.low
  @Option(
    "--max-version", help: "the largest symbol, 1-40 (25 still scans from paper)", range: 1...40,
    defaultText: "40 for the app's form, 25 for compact symbols")
  var maximumVersion: Int?
  @Option("--layout", value: "LAYOUT", help: "several symbols: one labelled grid PNG, or NAME-1.png …")
  var layout = SymbolStyle.Layout.grid
  @FlagOrValue("--caption", value: "TEXT", help: "print the topic's name (or TEXT) under the code; off by default")
  var caption
  @Option("--scale", help: "pixels per module", range: 1...100) var scale = 8
  @Option("--margin", help: "quiet zone in modules", range: 0...100) var margin = 4
  @Option("-j", "--jobs", help: "topics encoded at once", range: 1...256, defaultText: "every core")
  var jobs = ParallelWork.defaultJobs
  @OptionGroup var network: NetworkOptions

  func validate() throws(CLIError) {
    guard !topics.isEmpty else { throw .usage("encode needs a topic") }
    guard !(svg && terminal) else { throw .usage("choose --svg or --terminal, not both") }
    guard !compactTerminal || terminal else { throw .usage("--compact-terminal goes with --terminal") }
    if caption != nil, terminal { throw .usage("--caption is for PNG and SVG files, not --terminal") }
    if case .with = caption, topics.count > 1 {
      throw .usage("--caption=TEXT is for one topic; --caption alone prints each topic's name")
    }
    _ = try targets()
  }

  var style: SymbolStyle {
    SymbolStyle(
      output: terminal ? (compactTerminal ? .compactTerminal : .terminal) : svg ? .svg : .png, layout: layout,
      scale: scale, margin: margin,
      caption: caption.map {
        switch $0 {
        case .alone: .name
        case .with(let text): .text(text)
        }
      })
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
      guard topics.count == 1 else {
        throw .usage("-o takes one topic; use --out-dir DIR for a file each, or qrquiz sheet for a page of them all")
      }
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
    var loaded: [Result<ValidTopic, any Error>] = []
    for topic in topics {
      do {
        loaded.append(.success(try await TopicArgument(topic).topic(reader: reader)))
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
    _ topic: Result<ValidTopic, any Error>, named name: String, to target: String, encoder: TopicQREncoder,
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
    let missing: [Character]
    do {
      missing = try SymbolOutput.write(symbols.matrices, title: topic.map(\.name).get(), to: target, style: style)
    } catch let error as CLIError {
      return Failure(error: error, context: name)
    } catch let error as FileSystemError {
      return Failure(error: error)
    } catch let error as ImageEncodingError {
      return Failure(error: error, context: name)
    } catch {
      return Failure(error: CLIError(.internalError, "\(error)"), context: name)
    }
    // Said once written, never before: a failed write reports only its failure.
    if let advice = advice(for: symbols, of: topic, encoder: encoder) { Console.error("\(name): \(advice)") }
    if let topic = try? topic.get() {
      for line in ValidationReport.pictureWarnings(file: name, topic: topic) { Console.error(line) }
    }
    if !missing.isEmpty { Console.error("\(name): \(missingGlyphsNote(missing))") }
    return nil
  }

  /// What a teacher needs to know about the code just written: that the app cannot read
  /// the compact form (and what can), or how large to print a dense one.
  static func advice(
    for symbols: TopicQREncoder.Symbols, of topic: Result<ValidTopic, any Error>, encoder: TopicQREncoder
  ) -> String? {
    let address = "share the topic by its address with qrquiz serve (one small code the app scans)"
    if symbols.appReadable {
      guard symbols.isDense else { return nil }
      let version = symbols.largestVersion
      return "one version-\(version) QR code (\(17 + 4 * version) modules a side), which the Questions app reads; "
        + "it is dense: print it at least \(symbols.printedCentimetres) cm wide, or \(address)"
    }
    let bytes = (try? topic.get().normalizedJSON.utf8.count) ?? 0
    var line =
      "\(bytes) bytes of JSON do not fit one QR code up to version \(encoder.maximumVersion) "
      + "(at most \(encoder.capacity) at level \(encoder.level.rawValue)); wrote "
      + "\(Plural.count(symbols.matrices.count, "compact symbol")). The Questions app cannot read the compact form: "
      + "qrquiz decode reads it; or \(address)"
    if encoder.maximumVersion < TopicQREncoder.appMaximumVersion,
      bytes <= TopicQREncoder(level: encoder.level).capacity
    {
      line += "; without --max-version it fits one code the app reads"
    }
    return line
  }

  /// Said when the PNG's font drew characters of the name as boxes.
  static func missingGlyphsNote(_ missing: [Character]) -> String {
    let shown = missing.prefix(8).map(String.init).joined(separator: " ") + (missing.count > 8 ? " …" : "")
    return "the PNG's font has no \(shown) (Latin letters only): drawn as boxes; --svg writes the name as text"
  }
}
