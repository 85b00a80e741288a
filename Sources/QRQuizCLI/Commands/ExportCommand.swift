import Foundation
import QRQuiz
import QRQuizFiles
import QRQuizInterchange

/// `qrquiz export TOPIC --to FORMAT`: a topic for Moodle, Canvas, Blackboard and the other
/// LMSs (QTI 2.1, 1.2 and 3.0, Common Cartridge), GIFT or Aiken.
struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "export",
    abstract: "Write a topic as Moodle XML, QTI 2.1, 1.2 or 3.0, a Common Cartridge, GIFT or Aiken.",
    discussion: """
      moodle-xml: Moodle's question bank imports it (Question bank > Import > Moodle XML),
      a category per set, pictures embedded. qti21: a QTI 2.1 content package (a zip) for
      Canvas, Blackboard, Brightspace and most LMSs; qti: the same in QTI 3.0; both a
      section per set, each question's seconds as its time limit, the explanation as a
      modal feedback. qti12: one QTI 1.2 file, as Canvas's and Blackboard's quiz importers
      take it. imscc: a Common Cartridge 1.1 (its quiz QTI 1.2 in the cartridge's profile),
      the one file Canvas, Moodle, Blackboard, Brightspace and Schoology all import. gift
      and aiken: text Moodle imports; Aiken holds one right answer per question, and leaves
      the others out, named.

      What the format cannot hold (a timer per set, help, an explanation in QTI …) is
      said on standard error, never dropped in silence; what it can holds reads back with
      qrquiz import to the same questions. Pictures from the topic library and the image
      cache (qrquiz prefetch) are embedded in Moodle XML, the QTI packages and the
      cartridge; others are linked at their http(s) address, and any other address is left
      out, said. The file goes to -o, or to standard output (not a zip to a terminal).
      """,
    examples: [
      "qrquiz export Social.json --to moodle-xml -o Social.xml", "qrquiz export 'Year 7 science' --to qti -o y7.zip",
      "qrquiz export capitals --to gift", "qrquiz export capitals --to qti21 -o capitals.zip",
      "qrquiz export capitals --to imscc -o capitals.imscc",
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
    if [.qti, .qti21, .imscc].contains(format), output == nil || output == "-", isatty(STDOUT_FILENO) == 1 {
      throw CLIError(.usage, "a \(format.name) package is a zip file: write it with -o FILE.\(format.fileExtension)")
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
