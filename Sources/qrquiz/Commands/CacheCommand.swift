import Foundation
import QRQuiz

/// `qrquiz cache stats|list|prune|clear`: look after the image cache.
enum CacheCommand {
  static let usage = "qrquiz cache stats|list|prune|clear [--cache-dir DIR] [--max-size SIZE] [--json]"

  static func run(_ arguments: [String]) throws(CLIError) -> ExitCode {
    let parsed = try Arguments(arguments, options: [.value("--cache-dir"), .value("--max-size"), .flag("--json")])
    guard parsed.positionals.count == 1 else { throw .usage("cache needs one action\nusage: \(usage)") }
    let directory = Directories.cache(parsed)
    let cache: ImageDiskCache
    do {
      cache = try ImageDiskCache(directory: directory)
    } catch {
      throw CLIError(.outputFailed, "cannot use cache directory \(directory.path): \(error)")
    }
    let json = parsed.has("--json")
    switch parsed.positionals[0] {
    case "stats":
      let stats = cache.statistics()
      Console.out(
        json
          ? JSONLine.object([
            ("directory", .string(directory.path)), ("entries", number(stats.entries)), ("bytes", number(stats.bytes)),
            ("misses", number(stats.misses)),
          ]) + "\n"
          : "\(directory.path): \(stats.entries) images, \(ByteSize.format(stats.bytes)); \(stats.misses) remembered misses\n"
      )
    case "list":
      for item in cache.list() {
        let fresh = item.metadata.isFresh(at: Date())
        Console.out(
          json
            ? JSONLine.object([
              ("url", .string(item.metadata.url)), ("bytes", number(item.metadata.size)),
              ("format", .string(item.metadata.format)), ("fresh", .bool(fresh)),
              ("etag", item.metadata.etag.map(JSONValue.string) ?? .null),
            ]) + "\n"
            : "\(ByteSize.format(item.metadata.size))\t\(fresh ? "fresh" : "stale")\t\(item.metadata.url)\n")
      }
    case "prune":
      let eviction = cache.evict(toFit: try LoaderOptions.maximumSize(parsed))
      Console.out("evicted \(eviction.entries) images (\(ByteSize.format(eviction.bytes)))\n")
    case "clear":
      do {
        try cache.clear()
      } catch {
        throw CLIError(.outputFailed, "cannot clear \(directory.path): \(error)")
      }
      Console.out("cleared \(directory.path)\n")
    case let action: throw .usage("unknown cache action '\(action)'\nusage: \(usage)")
    }
    return .success
  }

  private static func number(_ value: Int) -> JSONValue { .number(literal: "", value: Double(value)) }
}
