import Foundation
import QRQuiz
import QRQuizFiles
import QRQuizInterchange

/// Where the pictures an imported file embeds go, and the addresses their questions get:
/// with `--save`, the library's pictures (as the editor's uploads), at the address
/// `qrquiz serve` has (`--public-url`, else this machine's on port 8080); with `-o`, files
/// beside the topic (`quiz-pictures/…`), at `--public-url` when given (where the folder
/// will be served), else relative to the topic; on standard output, nowhere (said).
enum ImportedPictures {
  /// The topic with its pictures' addresses, and what to say about them.
  static func place(
    _ imported: TopicImporter.Result, output: String?, save: Bool, publicURL: String?
  ) throws -> (topic: ValidTopic, said: String?) {
    let count = imported.pictures.count
    guard count > 0 else { return (imported.topic, nil) }
    let pictures = Plural.count(count, "picture")
    if save {
      let base = publicURL ?? NetworkAddress.defaultPublicURL
      let library = TopicSaving.library
      let topic = try imported.placingPictures { picture in
        base.trimmingSuffix("/") + "/pictures/" + (try library.store(picture.picture))
      }
      return (topic, "\(pictures) stored with the library, served by qrquiz serve at \(base)")
    }
    guard let output, output != "-" else {
      return (imported.topic, "\(pictures) left out: -o FILE writes them beside the topic, --save with the library")
    }
    let topicFile = URL(fileURLWithPath: output)
    let folderName = topicFile.deletingPathExtension().lastPathComponent + "-pictures"
    let folder = topicFile.deletingLastPathComponent().appendingPathComponent(folderName)
    try Directory.create(folder)
    let topic = try imported.placingPictures { picture in
      let file = "\(picture.set + 1)-\(picture.question + 1).\(picture.picture.fileExtension)"
      try AtomicFile.write(picture.picture.bytes, to: folder.appendingPathComponent(file))
      let address = folderName + "/" + file
      return publicURL.map { $0.trimmingSuffix("/") + "/" + address } ?? address
    }
    let addresses =
      publicURL.map { "at \($0)" }
      ?? "by addresses relative to the topic (the app shows pictures from https addresses: put the folder on a web "
      + "server and import with --public-url)"
    return (topic, "\(pictures) written to \(folder.path), \(addresses)")
  }
}

extension String {
  /// Without `suffix` at its end.
  fileprivate func trimmingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}
