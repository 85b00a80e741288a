import Foundation
import QRQuiz
import QRQuizTestSupport

/// The library the server's tests serve: the app's samples and a topic whose every string
/// is an attack on the page that shows it.
package enum ServeLibrary {
  /// A topic whose every string is an attack on the page that shows it.
  package static let hostileTopic = """
    {"options":{"name":"<script>alert('name')</script>"},"sets":[[
    {"question":"\\"><img src=x onerror=alert(1)> What?","answers":["<b>bold</b>","a'b\\"c&d"],"correct":0,
     "imageURL":"javascript:alert(1)"},
    {"question":"Second <iframe>?","answers":["javascript:alert(2)","</textarea><script>x</script>"],"correct":1,
     "imageURL":"https://images.example/cat.png"}]]}
    """

  /// A library with the app's samples and the hostile topic; an image cache holding the
  /// hostile topic's one http(s) image.
  package static func make() throws -> (library: TemporaryDirectory, cache: TemporaryDirectory) {
    let library = try TemporaryDirectory()
    for name in ["Social", "People"] {
      try FileManager.default.copyItem(
        at: Fixtures.sampleTopic(name), to: library.url.appendingPathComponent("\(name).json"))
    }
    try Data(hostileTopic.utf8).write(to: library.url.appendingPathComponent("Hostile.json"))
    let cache = try TemporaryDirectory()
    let store = try ImageDiskCache(directory: cache.url)
    let png = try Fixtures.bytes("png/gray8.png")
    let url = "https://images.example/cat.png"
    try store.store(
      CacheEntry(
        metadata: CacheMetadata(
          url: url, keySource: url, storedAt: Date(), freshUntil: nil, etag: nil, lastModified: nil,
          size: png.count, format: "png"),
        body: png), for: CacheKey(url))
    return (library, cache)
  }
}
