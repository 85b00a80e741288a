import Foundation
import QRQuiz

/// `qrquiz-bench cache-put DIR URL FILE`: stores FILE in the image cache at DIR as the image
/// of URL (for benchmarks that serve cached images without a network).
/// `qrquiz-bench cache-key URL`: the cache key of URL, as /img/KEY uses it.
func runCacheTool(_ arguments: [String]) throws {
  switch arguments.first {
  case "cache-put" where arguments.count == 4:
    let cache = try ImageDiskCache(directory: URL(fileURLWithPath: arguments[1]))
    let body = Array(try Data(contentsOf: URL(fileURLWithPath: arguments[3])))
    let format = ImageFormat(sniffing: body)?.rawValue ?? "png"
    try cache.store(
      CacheEntry(
        metadata: CacheMetadata(
          url: arguments[2], keySource: arguments[2], storedAt: Date(), freshUntil: nil, etag: nil, lastModified: nil,
          size: body.count, format: format), body: body), for: CacheKey(arguments[2]))
  case "cache-key" where arguments.count == 2:
    print(CacheKey(arguments[1]).hash)
  default:
    FileHandle.standardError.write(Data("usage: qrquiz-bench cache-put DIR URL FILE | cache-key URL\n".utf8))
    exit(2)
  }
}
