import Foundation
import QRQuiz

/// `qrquiz decode IMAGE… [-o FILE] [--save] [--raw]`: the topics held by the QR codes in images,
/// compact parts reassembled across images, URLs downloaded as the app does.
enum DecodeCommand {
  static let usage = "qrquiz decode IMAGE… [-o FILE] [--save] [--raw [--binary]] [--timeout SECONDS]"

  static func run(_ arguments: [String]) async throws(CLIError) -> ExitCode {
    let parsed = try Arguments(
      arguments,
      options: [.value("-o", "--output"), .flag("--raw"), .flag("--binary"), .value("--timeout"), .flag("--save")])
    guard !parsed.positionals.isEmpty else { throw .usage("decode needs an image\nusage: \(usage)") }
    let timeout = try parsed.integer("--timeout", in: 1...3600, default: 30)
    let reader = QRCodeReader()
    var output: [UInt8] = []
    var collector = TopicCollector()
    for path in parsed.positionals {
      let source = InputFile.displayName(path)
      for symbol in try scan(path, reader: reader) {
        if parsed.has("--raw") {
          // Text in its detected charset as UTF-8, or with --binary the exact bytes.
          output += (parsed.has("--binary") ? symbol.bytes : Array(symbol.text.utf8)) + [0x0A]
          continue
        }
        do {
          try collector.add(symbol, from: source)
        } catch {
          throw CLIError(.invalidInput, error.description)
        }
      }
    }
    if !parsed.has("--raw") {
      let documents = try await topics(from: collector, timeout: Double(timeout))
      for document in documents { output += Array((document.topic!.normalizedJSON + "\n").utf8) }
      if parsed.has("--save") {
        // As the app does: every topic read is kept; without a name, the image's name.
        for document in documents {
          let named = document.sourceName == nil ? document.named(afterSource: parsed.positionals[0]) : document
          try TopicsCommand.save(named, from: "topic '\(named.displayName)'")
        }
      }
    }
    // Nothing is written unless every image decoded: no partial output.
    try Console.write(output, to: parsed.value("-o") ?? "-")
    return .success
  }

  static func topics(from collector: TopicCollector, timeout: Double) async throws(CLIError) -> [TopicDocument] {
    let entries: [TopicCollector.Entry]
    do {
      entries = try collector.finish()
    } catch {
      if case .payload(.missingParts) = error { throw CLIError(.notFound, error.description) }
      throw CLIError(.invalidInput, error.description)
    }
    var documents: [TopicDocument] = []
    for entry in entries {
      switch entry {
      case .topic(let document): documents.append(document)
      case .remote(let url, let source):
        do {
          documents.append(try await TopicDownloader(timeout: timeout).topic(from: url))
        } catch {
          let code: ExitCode = if case .download = error { .network } else { .invalidInput }
          throw CLIError(code, "\(source): QR code links to \(error)")
        }
      }
    }
    return documents
  }

  static func scan(_ path: String, reader: QRCodeReader) throws(CLIError) -> [QRSymbol] {
    let bytes = try InputFile.read(path, limit: ImageLimits.default.maximumFileSize)
    let symbols: [QRSymbol]
    do {
      symbols = try reader.scan(imageData: bytes).symbols
    } catch {
      throw CLIError(.invalidInput, "\(InputFile.displayName(path)): \(error)")
    }
    guard !symbols.isEmpty else { throw CLIError(.notFound, "\(InputFile.displayName(path)): no QR code found") }
    return symbols
  }
}
