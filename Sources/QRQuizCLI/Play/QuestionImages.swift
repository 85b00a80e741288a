import Foundation
import QRQuiz
import QRQuizFiles
import QRQuizLocking

/// Question images for a player: loaded through the image cache in the background (never
/// blocking a question), decoded in colour for the terminal, or written out as a file a
/// terminal can link to. Each image is loading, there, or not available with the reason
/// (an address that is not one, a 404, the loader's timeout): never loading for ever.
final class QuestionImages: Sendable {
  let loader: ImageLoader
  /// Where images are written as plain files to be linked.
  let shownDirectory: URL
  /// Why each image that failed is not available, by its address as the topic writes it.
  private let failures = Locked<[String: String]>([:])

  init(loader: ImageLoader) {
    self.loader = loader
    shownDirectory = loader.cache.directory.appendingPathComponent("shown")
  }

  /// Where an image is.
  enum State {
    case loading
    case ready
    /// Not available, and why.
    case failed(String)
  }

  /// The state of the image at `text`.
  func state(of text: String) -> State {
    if bytes(for: text) != nil { return .ready }
    if let reason = failures.withLock({ $0[text] }) { return .failed(reason) }
    return .loading
  }

  /// Starts loading every image of `questions`; each one is announced when it arrives or
  /// fails (an address that is not an http(s) URL fails at once).
  func load(_ questions: QuizSession.Questions, announcing events: InputEvents) {
    for text in Set(questions.compactMap(\.imageURL)) {
      guard let url = loadable(text) else {
        events.send(.imageReady(text))
        continue
      }
      Task.detached { [self] in
        if let reason = await Self.failure(loading: url, with: loader) { failures.withLock { $0[text] = reason } }
        events.send(.imageReady(text))
      }
    }
  }

  /// The address `text` names when it is one to load (http or https, with a host); else
  /// `nil`, and the image is failed at once.
  private func loadable(_ text: String) -> URL? {
    guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil
    else {
      failures.withLock { $0[text] = "not an http(s) address" }
      return nil
    }
    return url
  }

  /// Why `url` did not load, without the address (the player shows it already); `nil`
  /// once it is in the cache.
  private static func failure(loading url: URL, with loader: ImageLoader) async -> String? {
    do {
      _ = try await loader.load(url)
      return nil
    } catch {
      return error.description.replacingOccurrences(of: url.absoluteString + ": ", with: "")
    }
  }

  /// Why the image at `text` is not available, when it failed.
  func failureReason(for text: String) -> String? { failures.withLock { $0[text] } }

  /// Waits for the images of `questions`, all at once, for at most `seconds`.
  func loadAndWait(_ questions: QuizSession.Questions, seconds: Double) async {
    let texts = Set(questions.compactMap(\.imageURL))
    await withTaskGroup(of: Void.self) { group in
      for text in texts {
        guard let url = loadable(text) else { continue }
        group.addTask { [self] in
          if let reason = await Self.failure(loading: url, with: loader) { failures.withLock { $0[text] = reason } }
        }
      }
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
