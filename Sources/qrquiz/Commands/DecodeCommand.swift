import Foundation
import QRQuiz

/// `qrquiz decode IMAGE… [-o FILE] [--raw]`: the topics held by QR codes in images.
enum DecodeCommand {
  static let usage = "qrquiz decode IMAGE… [-o FILE] [--raw]"

  static func run(_ arguments: [String]) throws(CLIError) -> ExitCode {
    let parsed = try Arguments(arguments, options: [.value("-o", "--output"), .flag("--raw")])
    guard !parsed.positionals.isEmpty else { throw .usage("decode needs an image\nusage: \(usage)") }
    let reader = QRCodeReader()
    var output: [UInt8] = []
    for path in parsed.positionals {
      let symbols = try scan(path, reader: reader)
      for symbol in symbols {
        if parsed.has("--raw") {
          output += symbol.bytes + [0x0A]
          continue
        }
        do {
          let document = try TopicQRDecoder.topic(in: symbol)
          output += Array((document.topic!.normalizedJSON + "\n").utf8)
        } catch {
          throw CLIError(.invalidInput, "\(InputFile.displayName(path)): \(error)")
        }
      }
    }
    // Nothing is written unless every image decoded: no partial output.
    try Console.write(output, to: parsed.value("-o") ?? "-")
    return .success
  }

  static func scan(_ path: String, reader: QRCodeReader) throws(CLIError) -> [QRSymbol] {
    let bytes = try InputFile.read(path, limit: ImageLimits.default.maximumFileSize)
    let image: GrayImage
    do {
      image = try ImageDecoder.decode(bytes)
    } catch {
      throw CLIError(.invalidInput, "\(InputFile.displayName(path)): \(error)")
    }
    let symbols = reader.symbols(in: image)
    guard !symbols.isEmpty else { throw CLIError(.notFound, "\(InputFile.displayName(path)): no QR code found") }
    return symbols
  }
}
