import QRQuiz

/// A picture a file embeds for one of its questions (Moodle XML's `<file>`s, Moodle 1.9's
/// `<image_base64>`), checked and re-encoded as an editor upload is (`QuestionPicture`:
/// no metadata, at most 2048 px a side). Until it is stored somewhere with an address the
/// question has no `imageURL`; ``TopicImporter/Result/placingPictures(_:)`` gives it one.
public struct ImportedPicture: Sendable {
  /// The question's set in the topic (0-based).
  public var set: Int
  /// The question in its set (0-based).
  public var question: Int
  /// The picture.
  public var picture: QuestionPicture
  /// Its name in the file (`logo.jpg`).
  public var name: String
}

extension TopicImporter.Result {
  /// The topic with every picture's address, as `address` stored it.
  ///
  /// ```swift
  /// let topic = try imported.placingPictures { picture in
  ///   "http://192.168.1.20:8080/pictures/" + (try library.store(picture.picture))
  /// }
  /// ```
  public func placingPictures(_ address: (ImportedPicture) throws -> String) rethrows -> ValidTopic {
    guard !pictures.isEmpty else { return topic }
    var placed = topic.topic
    for picture in pictures {
      placed.sets[picture.set][picture.question].imageURL = try address(picture)
    }
    do {
      return try ValidTopic(placed, defaultName: topic.defaultName)
    } catch {
      // An image address is never a reason the app refuses a topic.
      preconditionFailure("a topic with pictures placed was not valid: \(error)")
    }
  }
}

/// The pictures of an import while it is read: each question that has one carries a
/// placeholder address, found again once the topic is shaped (its questions may move into
/// other sets), and the limits on what pictures may cost.
struct PendingPictures {
  /// The most pictures one import embeds.
  static let maximumCount = 200
  /// The most pixels the pictures of one import may declare in all (five 40 MP photos):
  /// each decoded picture costs time and memory by its size, not by its file's.
  static let maximumPixels = 5 * QuestionPicture.maximumPixels

  private(set) var pictures: [(picture: QuestionPicture, name: String)] = []
  private var declaredPixels = 0

  /// The placeholder address a draft carries for picture `index`.
  static func placeholder(_ index: Int) -> String { prefix + String(index) }
  private static let prefix = "qrquiz-pending-picture:"

  /// The picture index a placeholder stands for.
  static func index(of address: String?) -> Int? {
    guard let address, address.hasPrefix(prefix) else { return nil }
    return Int(address.dropFirst(prefix.count))
  }

  /// Checks and re-encodes `bytes`: the placeholder address for it, or why the picture is
  /// refused (the question goes on without it).
  ///
  /// - Throws: ``TopicImporter/Error/tooManyPictures(limit:)`` or
  ///   ``TopicImporter/Error/picturesTooLarge(pixels:limit:)`` when the file's pictures
  ///   together are more than an import takes.
  mutating func add(_ bytes: [UInt8], name: String) throws(TopicImporter.Error) -> Result<String, QuestionPicture.Error>
  {
    guard pictures.count < Self.maximumCount else { throw .tooManyPictures(limit: Self.maximumCount) }
    guard bytes.count <= QuestionPicture.maximumUploadSize else { return .failure(.tooLarge(size: bytes.count)) }
    if let pixels = DeclaredPixels.count(in: bytes) {
      declaredPixels += min(pixels, QuestionPicture.maximumPixels + 1)
      guard declaredPixels <= Self.maximumPixels else {
        throw .picturesTooLarge(pixels: declaredPixels, limit: Self.maximumPixels)
      }
    }
    do {
      let picture = try QuestionPicture(uploaded: bytes)
      pictures.append((picture, name))
      return .success(Self.placeholder(pictures.count - 1))
    } catch {
      return .failure(error)
    }
  }
}
