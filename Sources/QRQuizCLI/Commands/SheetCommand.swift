import Foundation
import QRQuiz

/// `qrquiz sheet TOPIC… -o FILE.svg|FILE.png`: the QR codes of several topics on printed
/// pages, each under its topic's name.
struct SheetCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "sheet",
    synonyms: ["print", "page", "sheets", "poster"],
    abstract: "Print the QR codes of several topics on A4 or US Letter pages, each under its topic's name.",
    discussion: """
      Each topic's code is the one qrquiz encode makes: the app's own when it fits, else
      compact symbols, each captioned "1 of 3" (the Questions app cannot read those; qrquiz
      says which topics they are). All codes are the same size: as large as the fewest pages
      allow, and never smaller than a phone reads from a desk (0.8 mm a module). Captions
      are on by default: the topic's name, in two lines at most, cut with "…" to the code's
      width (--no-caption: the codes alone).

      FILE.svg is vector, sized in millimetres: print it from a browser at 100 % (or save it
      as PDF there); any script is written as text. FILE.png is 300 dpi, 1-bit, its
      resolution recorded so it prints at size; its names are drawn in capitals by qrquiz's
      own font, and a character that font lacks (Greek, CJK…) is drawn as a box and said.
      PDF is not written yet. More than one page is written as FILE-1.svg, FILE-2.svg, ….

      The paper is --paper, else $PAPERSIZE, else /etc/papersize (as libpaper reads them),
      else A4. A topic that cannot be read or encoded is reported, and nothing is written.
      """,
    usage: "TOPIC… -o FILE.svg|FILE.png [options]",
    examples: [
      "qrquiz sheet Geography History Maths -o codes.svg",
      "qrquiz sheet topics/*.json --paper letter -o codes.png",
    ])

  @Argument(.topic) var topics: [String]
  @Option("-o", "--output", value: "FILE", help: "the sheet: FILE.svg or FILE.png", completion: .file)
  var output: String?
  @Option("--paper", value: "PAPER", help: "a4 or letter (default: $PAPERSIZE, /etc/papersize, else a4)")
  var paper: PrintSheet.Paper?
  @Flag("--no-caption", help: "the codes alone, without their topics' names") var noCaption
  @Option("--ec", value: "LEVEL", help: "error correction: L as the app, up to H") var level = QRErrorCorrection.low
  @Option(
    "--max-version", help: "the largest symbol, 1-40", range: 1...40,
    defaultText: "40 for the app's form, 25 for compact symbols")
  var maximumVersion: Int?
  @OptionGroup var network: NetworkOptions

  /// What a sheet file can be.
  enum Kind: String { case svg, png }

  func validate() throws(CLIError) {
    guard !topics.isEmpty else { throw .usage("sheet needs a topic") }
    _ = try kind()
  }

  func kind() throws(CLIError) -> Kind {
    guard let output else { throw .usage("say where to write: -o FILE.svg or -o FILE.png") }
    guard output != "-" else { throw .usage("a sheet is written to a file (it may be several pages): -o FILE.svg") }
    let suffix = URL(fileURLWithPath: output).pathExtension.lowercased()
    if suffix == "pdf" {
      throw .usage(
        "PDF sheets are not written yet: write FILE.svg (print it from a browser, or save it as PDF there) "
          + "or FILE.png")
    }
    guard let kind = Kind(rawValue: suffix) else { throw .usage("-o must end in .svg or .png, not '\(output)'") }
    return kind
  }

  func run() async throws -> ExitCode {
    let kind = try kind()
    let (paper, paperNote) = Self.paper(
      given: paper, environment: ProcessInfo.processInfo.environment,
      systemDefault: try? String(contentsOfFile: "/etc/papersize", encoding: .utf8))
    if let paperNote { Console.error(paperNote) }
    let made = try await codes()
    guard made.failure == .success else { return made.failure }
    guard made.codes.count <= PrintSheet.maximumCodes else {
      throw CLIError(
        .invalidInput,
        "\(made.codes.count) codes are more than a sheet takes (\(PrintSheet.maximumCodes)): make several sheets")
    }
    let sheet = PrintSheet(codes: made.codes, paper: paper)
    let pages = try (0..<sheet.layout.pages).map { page in
      kind == .svg ? Array(sheet.svg(page: page).utf8) : try sheet.pngData(page: page)
    }
    let paths = try Self.write(pages, to: output!)
    let files = paths.count == 1 ? paths[0] : "\(paths[0]) … \(paths[paths.count - 1])"
    Console.error(
      "wrote \(files): \(Plural.count(sheet.codes.count, "code")) of \(Plural.count(topics.count, "topic")) "
        + "on \(Plural.count(pages.count, "\(paper.name) page")), "
        + String(format: "%.1f", sheet.moduleMillimetres) + " mm a module (print at 100 %)")
    for note in made.notes { Console.error(note) }
    if kind == .png, !sheet.charactersMissingFromImage.isEmpty {
      Console.error(EncodeCommand.missingGlyphsNote(sheet.charactersMissingFromImage))
    }
    return .success
  }

  /// Every topic's codes, with what a teacher must know about them, and the exit code of
  /// the topics that could not be read or encoded (each reported): then nothing is written.
  private func codes() async throws -> (codes: [PrintSheet.Code], notes: [String], failure: ExitCode) {
    let encoder = TopicQREncoder(level: level, maximumVersion: maximumVersion)
    var codes: [PrintSheet.Code] = []
    var notes: [String] = []
    var failure = ExitCode.success
    for argument in topics {
      let label = TopicSource(argument: argument).description
      do {
        let topic = try await TopicArgument(argument).topic(reader: network.reader)
        let symbols = try encoder.encode(topic)
        for (index, matrix) in symbols.matrices.enumerated() {
          codes.append(
            PrintSheet.Code(
              matrix: matrix, caption: noCaption ? nil : topic.name, part: (index + 1, symbols.matrices.count)))
        }
        notes += ValidationReport.pictureWarnings(file: label, topic: topic)
        if !symbols.appReadable {
          notes.append(
            "\(label): too large for one code the Questions app reads: "
              + "\(Plural.count(symbols.matrices.count, "compact code")), which qrquiz decode reads "
              + "(or share the topic by its address with qrquiz serve)")
        }
      } catch let error as TopicQREncoder.Error {
        failure = max(failure, ErrorReport.report(error, context: label))
      } catch {
        failure = max(failure, ErrorReport.report(error))
      }
    }
    return (codes, notes, failure)
  }

  /// Writes the pages: `FILE` for one, `FILE-1.EXT` … for several, each atomically; when
  /// one cannot be written, those written before it are removed.
  static func write(_ pages: [[UInt8]], to output: String) throws -> [String] {
    // As the user spelled it: "codes.svg" → "codes-1.svg".
    let suffix = "." + URL(fileURLWithPath: output).pathExtension
    let stem = output.dropLast(suffix.count)
    let paths = pages.count == 1 ? [output] : pages.indices.map { "\(stem)-\($0 + 1)\(suffix)" }
    for (index, page) in pages.enumerated() {
      do {
        try Console.write(page, to: paths[index])
      } catch {
        for written in paths[..<index] { try? FileManager.default.removeItem(atPath: written) }
        throw error
      }
    }
    return paths
  }

  /// The paper: as given, else `$PAPERSIZE`, else the system's (`/etc/papersize`'s first
  /// line that is not a comment), else A4; with a note when a named size is not one qrquiz
  /// prints.
  static func paper(
    given: PrintSheet.Paper?, environment: [String: String], systemDefault: String?
  ) -> (PrintSheet.Paper, note: String?) {
    if let given { return (given, nil) }
    let named: [(String, String)] = [
      ("PAPERSIZE", environment["PAPERSIZE"] ?? ""),
      (
        "/etc/papersize",
        systemDefault?.split(whereSeparator: \.isNewline).first { !$0.hasPrefix("#") }.map(String.init) ?? ""
      ),
    ]
    for (source, value) in named {
      let word = value.trimmingCharacters(in: .whitespaces).lowercased()
      guard !word.isEmpty else { continue }
      if let paper = PrintSheet.Paper(rawValue: word == "usletter" ? "letter" : word) { return (paper, nil) }
      return (.a4, "\(source) says \(TerminalText.safe(word)): qrquiz prints a4 or letter; using A4 (see --paper)")
    }
    return (.a4, nil)
  }
}

extension PrintSheet.Paper: ArgumentChoice {}
