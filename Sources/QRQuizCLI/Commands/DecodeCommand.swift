import Foundation
import QRQuiz

/// `qrquiz decode IMAGE…`: the topics held by the QR codes in images, compact parts
/// reassembled across images, URLs downloaded as the app does.
struct DecodeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "decode",
    synonyms: ["read", "scan"],
    abstract: "Read topics from QR codes in images (PNG, JPEG, phone photos), in any order.",
    discussion: """
      Reads the app's single-symbol topics, compact parts spread over any number of images,
      structured append (all parts in one image) and QR codes holding a topic's URL, which
      is downloaded as the app does. Prints each topic's normalised JSON, one per line.
      --raw prints every QR code's text instead, byte for byte as the code holds it
      (converted to UTF-8 from its detected charset, or exact with --binary): that output
      is deliberately not made safe for a terminal; pipe it to a file or a program.

      --each reads every image on its own, --jobs at a time (default: the cores), and prints
      one JSON object per image in the order given: {"file": …, "texts": [each code's text,
      as --raw gives it]} or {"file": …, "error": …}. It goes on after a failure and exits 0
      when every image gave a code, 1 otherwise; memory stays bounded however many images.
      """,
    examples: [
      "qrquiz decode social.png",
      "qrquiz decode parts/quiz-*.png -o quiz.json",
      "qrquiz decode --save photo.jpg",
      "qrquiz decode --raw --binary code.png > payload.bin",
      "qrquiz decode --each --jobs 2 uploads/*.jpg > codes.jsonl",
    ])

  @Argument(value: "IMAGE", help: "PNG or JPEG images, or - for standard input", completion: .file)
  var images: [String]
  @Option(
    "-o", "--output", value: "FILE", help: "write the topics' JSON here instead of standard output", completion: .file)
  var output: String?
  @Flag("--save", help: "keep every topic read in the topic library, as the app does") var save
  @Flag("--raw", help: "print each QR code's text, not topics (byte-exact: not made terminal-safe)") var raw
  @Flag("--binary", help: "with --raw: the exact bytes, no charset conversion") var binary
  @Option("--time-limit", value: "SECONDS", help: "the most one image may take to decode and scan")
  var timeLimit = 5.0
  @Flag("--each", help: "read every image on its own: one JSON line per image, in order") var each
  @Option("--jobs", value: "N", help: "with --each: images read at once (default: the cores)") var jobs: Int?

  func validate() throws(CLIError) {
    guard timeLimit > 0, timeLimit <= 3600 else { throw .usage("--time-limit must be from 0 to 3600 seconds") }
    guard !images.isEmpty else { throw .usage("decode needs an image") }
    guard raw || !binary else { throw .usage("--binary goes with --raw") }
    guard !(raw && save) else { throw .usage("--raw prints codes, not topics: it cannot --save") }
    guard jobs == nil || each else { throw .usage("--jobs goes with --each") }
    if let jobs, !(1...256).contains(jobs) { throw .usage("--jobs must be from 1 to 256, not \(jobs)") }
    if each {
      guard !raw, !save, !binary, output == nil else {
        throw .usage("--each prints one JSON line per image: not with --raw, --binary, --save or -o")
      }
      guard !images.contains("-") else { throw .usage("--each reads files, not standard input") }
    }
  }
  @OptionGroup var network: NetworkOptions

  func run() async throws -> ExitCode {
    if each { return await readEach() }
    let reader = QRCodeReader(timeLimit: timeLimit)
    var output: [UInt8] = []
    var collector = TopicCollector()
    for path in images {
      let source = TopicSource(argument: path).description
      for symbol in try ImageScanning.symbols(in: path, reader: reader) {
        if raw {
          // Text in its detected charset as UTF-8, or with --binary the exact bytes.
          output += (binary ? symbol.bytes : Array(symbol.text.utf8)) + [0x0A]
        } else {
          try collector.add(symbol, from: source)
        }
      }
    }
    var exitCode = ExitCode.success
    if !raw {
      let found = try await collector.topics(fetchingWith: network.reader)
      for topic in found { output += Array((topic.topic.normalizedJSON + "\n").utf8) }
      if save {
        // As the app does: every topic read is kept; one without a name is named after
        // its own image.
        for topic in found {
          let named =
            topic.topic.defaultName == nil
            ? topic.topic.named(TopicDocument.defaultName(forSource: topic.source)) : topic.topic
          do {
            Console.error("topic '\(named.name)': " + (try TopicSaving.save(named)))
          } catch {
            exitCode = max(exitCode, ErrorReport.report(error, context: "topic '\(named.name)': not saved"))
          }
        }
      }
    }
    // Nothing is written unless every image decoded: no partial output.
    try Console.write(output, to: self.output ?? "-")
    return exitCode
  }

  /// `--each`: a JSON line per image, as soon as it and those before it are read.
  private func readEach() async -> ExitCode {
    var everyImageHadACode = true
    for await file in QRCodeReader.scanEach(images, jobs: jobs ?? ParallelWork.defaultJobs, timeLimit: timeLimit) {
      var members: [(key: String, value: JSONValue)] = [("file", .string(file.path))]
      switch file.result {
      case .success(let scan) where !scan.symbols.isEmpty:
        members.append(("texts", .array(scan.symbols.map { .string($0.text) })))
      case .success:
        members.append(("error", .string("no QR code found")))
        everyImageHadACode = false
      case .failure(let error):
        members.append(("error", .string(ErrorReport.message(for: error))))
        everyImageHadACode = false
      }
      // JSON escapes every control character: safe on a terminal as it is.
      Console.bytes(Array((JSONValue.object(members).compactText + "\n").utf8))
    }
    return everyImageHadACode ? .success : .invalidInput
  }
}
