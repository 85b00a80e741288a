import Foundation
import QRQuiz
import QRQuizFiles

/// Reading QR codes from image files the same way for every command: with the reader's
/// time budget, and a watchdog that ends the process a second after it, because a zbar
/// pass cannot be interrupted.
enum ImageScanning {
  /// The symbols in the image at `path` (`-` for standard input); an image without one is
  /// a "not found" error naming it.
  static func symbols(in path: String, reader: QRCodeReader) throws -> [QRSymbol] {
    let source = TopicSource(argument: path).description
    let watchdog = Watchdog(after: reader.timeLimit + 1) { [timeLimit = reader.timeLimit] in
      let seconds = JSONValue.number(timeLimit).compactText
      Console.error("\(source): gave up after \(seconds) s (raise it with --time-limit)")
      // `_exit`, not `exit`: the main thread is still inside zbar, and `exit` would run
      // atexit handlers and library teardown under it. The message is already written
      // (stderr is unbuffered) and no output file is open while an image is read.
      _exit(ExitCode.invalidInput.rawValue)
    }
    defer { watchdog.cancel() }
    let scan: QRCodeReader.Scan
    do {
      scan = path == "-" ? try reader.scan(imageData: try standardInput()) : try reader.scan(contentsOfFile: path)
    } catch {
      throw CLIError(ErrorReport.exitCode(for: error), "\(source): \(ErrorReport.message(for: error))")
    }
    guard !scan.symbols.isEmpty else { throw CLIError(.notFound, "\(source): no QR code found") }
    return scan.symbols
  }

  /// The symbols in image bytes already read.
  static func symbols(in bytes: [UInt8], source: String, reader: QRCodeReader) throws -> [QRSymbol] {
    let scan: QRCodeReader.Scan
    do {
      scan = try reader.scan(imageData: bytes)
    } catch {
      throw CLIError(ErrorReport.exitCode(for: error), "\(source): \(ErrorReport.message(for: error))")
    }
    guard !scan.symbols.isEmpty else { throw CLIError(.notFound, "\(source): no QR code found") }
    return scan.symbols
  }

  private static func standardInput() throws(QRCodeReader.Error) -> [UInt8] {
    let limit = ImageLimits.default.maximumFileSize
    do {
      return try BoundedFile.readStandardInput(limit: limit)
    } catch {
      switch error {
      case .file(let failure): throw .image(.unreadable(failure))
      case .tooLarge: throw .image(.fileTooLarge(size: limit + 1, limit: limit))
      }
    }
  }
}
