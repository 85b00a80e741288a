import Foundation
import QRQuiz

/// Question images for a player: loaded through the image cache in the background (never
/// blocking a question), decoded in colour for the terminal, or written out as a file a
/// terminal can link to.
final class QuestionImages: Sendable {
  let loader: ImageLoader
  /// Where images are written as plain files to be linked.
  let shownDirectory: URL

  init(loader: ImageLoader) {
    self.loader = loader
    shownDirectory = loader.cache.directory.appendingPathComponent("shown")
  }

  /// Starts loading every image of `questions`; each one that arrives is announced.
  func load(_ questions: QuizSession.Questions, announcing events: InputEvents) {
    let urls = Set(questions.compactMap(\.imageURL)).compactMap(URL.init(string:))
    for url in urls {
      Task.detached { [loader] in
        if (try? await loader.load(url)) != nil { events.send(.imageReady(url.absoluteString)) }
      }
    }
  }

  /// Waits for the images of `questions`, all at once, for at most `seconds`.
  func loadAndWait(_ questions: QuizSession.Questions, seconds: Double) async {
    let urls = Set(questions.compactMap(\.imageURL)).compactMap(URL.init(string:))
    let loader = loader
    await withTaskGroup(of: Void.self) { group in
      for url in urls { group.addTask { _ = try? await loader.load(url) } }
      group.addTask { try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9)) }
      // Whichever ends first: every image, or the wait.
      _ = await group.next()
      group.cancelAll()
    }
  }

  /// The cached image for `url`, if it is in the cache.
  func bytes(for text: String) -> [UInt8]? {
    guard let url = URL(string: text) else { return nil }
    return loader.cache.entry(for: url)?.body
  }

  /// The image decoded in colour, small enough for a terminal.
  func picture(for text: String) -> RGBAImage? {
    guard let bytes = bytes(for: text) else { return nil }
    return try? ImageDecoder.decodeRGBA(bytes, targetPixels: 1_000_000)
  }

  /// The image as a plain file (for a link), written once.
  func file(for text: String) -> String? {
    guard let url = URL(string: text), let entry = loader.cache.entry(for: url) else { return nil }
    let name = CacheKey(text).hash + "." + entry.metadata.format
    let path = shownDirectory.appendingPathComponent(name)
    if !FileManager.default.fileExists(atPath: path.path) {
      try? Directory.create(shownDirectory)
      guard (try? AtomicFile.write(entry.body, to: path)) != nil else { return nil }
    }
    return path.path
  }
}
