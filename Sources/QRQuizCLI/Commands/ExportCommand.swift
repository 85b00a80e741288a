import Foundation
import QRQuiz
import QRQuizFiles
import QRQuizInterchange

/// `qrquiz export TOPIC --to FORMAT`: a topic for Moodle, a QTI LMS, GIFT or Aiken.
struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "export",
    abstract: "Write a topic as Moodle XML, a QTI 3.0 package, GIFT or Aiken.",
    discussion: """
      moodle-xml: Moodle's question bank imports it (Question bank > Import > Moodle XML),
      a category per set, pictures embedded. qti: a QTI 3.0 content package (a zip) for
      LMSs that import QTI 3.0, valid against 1EdTech's schemas, a section per set, each
      question's seconds as its time limit. gift and aiken: text Moodle imports; Aiken holds
      one right answer per question, and leaves the others out, named.

      What the format cannot hold (a timer per set, help, an explanation in QTI …) is
      said on standard error, never dropped in silence; what it can holds reads back with
      qrquiz import to the same questions. Pictures from the topic library and the image
      cache (qrquiz prefetch) are embedded in Moodle XML and QTI; others are linked by
      their address. The file goes to -o, or to standard output (not a zip to a terminal).
      """,
    examples: [
      "qrquiz export Social.json --to moodle-xml -o Social.xml", "qrquiz export 'Year 7 science' --to qti -o y7.zip",
      "qrquiz export capitals --to gift",
    ])

  @Argument(.topic) var topic: String
  @Option("--to", value: "FORMAT", help: "the format to write") var format: ExportFormat?
  @Option("-o", "--output", value: "FILE", help: "write it here (default: standard output)", completion: .file)
  var output: String?
  @Option("--cache-dir", value: "DIR", help: "the image cache whose pictures are embedded", completion: .directory)
  var cacheDirectory: String?
  @OptionGroup var network: NetworkOptions

  func validate() throws(CLIError) {
    guard format != nil else {
      throw .usage("say the format with --to " + ExportFormat.allCases.map(\.rawValue).joined(separator: "|"))
    }
  }

  func run() async throws -> ExitCode {
    let format = format!
    if format == .qti, output == nil || output == "-", isatty(STDOUT_FILENO) == 1 {
      throw CLIError(.usage, "a QTI package is a zip file: write it with -o FILE.zip")
    }
    let argument = try TopicArgument(self.topic)
    let topic = try await argument.topic(reader: network.reader)
    // Pictures named by relative addresses are looked for beside the topic's file.
    var folder: URL?
    if case .file(let path) = argument.source {
      folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    }
    let pictures = ExportPictures(cache: Directories.cache(cacheDirectory), folder: folder)
    let exported = TopicExporter.export(topic, to: format) { pictures.picture(for: $0) }
    for note in exported.notes {
      let hint = if case .pictureLinked = note { " (qrquiz prefetch caches pictures)" } else { "" }
      Console.error("\(self.topic): \(note.text(in: TerminalWords.current.language))\(hint)")
    }
    let leftOut = exported.notes.filter {
      if case .questionLeftOut = $0 { return true }
      return false
    }.count
    let count = topic.topic.questions.count
    let questions =
      leftOut > 0 ? "\(count - leftOut) of \(Plural.count(count, "question"))" : Plural.count(count, "question")
    if let output, output != "-" {
      try Console.write(exported.bytes, to: output)
      Console.error("\(self.topic): \(questions) written to \(output)")
    } else {
      Console.bytes(exported.bytes)
    }
    return .success
  }
}

/// The pictures this machine has for a topic's addresses: the library's own (a picture
/// the editor or an import stored, `…/pictures/NAME`), a file beside the topic for an
/// address relative to it (`quiz-pictures/1-2.png`, as `import -o` writes them; never one
/// outside the topic's folder), else the image cache's.
struct ExportPictures {
  let cache: URL
  let folder: URL?

  func picture(for address: String) -> ExportPicture? {
    guard let url = URL(string: address) else { return nil }
    if url.scheme == nil, let folder {
      let file = folder.appendingPathComponent(address).resolvingSymlinksInPath()
      guard file.path.hasPrefix(folder.resolvingSymlinksInPath().path + "/"),
        let bytes = try? BoundedFile.read(file.path, limit: QuestionPicture.maximumUploadSize)
      else { return nil }
      return ExportPicture(bytes: bytes)
    }
    let parts = url.path.split(separator: "/")
    if parts.count == 2, parts[0] == "pictures", let bytes = TopicSaving.library.picture(named: String(parts[1])) {
      return ExportPicture(bytes: bytes)
    }
    guard let cache = try? ImageDiskCache(directory: cache), let entry = cache.entry(for: url) else { return nil }
    return ExportPicture(bytes: entry.body)
  }
}

extension ExportFormat: ArgumentChoice {}
