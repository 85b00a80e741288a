import Foundation
import QRQuiz

/// `qrquiz cache stats|list|prune|clear`: look after the image cache.
struct CacheCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "cache", abstract: "Look after the image cache.",
    discussion: """
      The cache is --cache-dir, else $QRQUIZ_CACHE_DIR, else $XDG_CACHE_HOME/qrquiz, else
      $HOME/.cache/qrquiz. It keeps itself within --max-size (500M by default).
      """,
    subcommands: [Stats.self, List.self, Prune.self, Clear.self])

  struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(name: "stats", abstract: "How many images and bytes are cached.")
    @OptionGroup var cache: CacheOptions
    @Flag("--json", help: "one JSON object, for machines") var json

    func run() async throws -> ExitCode {
      let stats = try cache.cache().statistics()
      let path = cache.url.path
      if json {
        Console.bytes(
          Array(
            (JSONLine.object([
              ("directory", .string(path)), ("entries", JSONLine.number(stats.entries)),
              ("bytes", JSONLine.number(stats.bytes)), ("misses", JSONLine.number(stats.misses)),
            ]) + "\n").utf8))
      } else {
        Console.line(
          "\(path): \(Plural.count(stats.entries, "image")), \(ByteCount.format(stats.bytes)); "
            + "\(stats.misses) remembered \(stats.misses == 1 ? "miss" : "misses")")
      }
      return .success
    }
  }

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "list", abstract: "Every cached image, most recently used first.")
    @OptionGroup var cache: CacheOptions
    @Flag("--json", help: "one JSON object per image, for machines") var json

    func run() async throws -> ExitCode {
      for item in try cache.cache().list() {
        let fresh = item.metadata.isFresh(at: Date())
        if json {
          Console.bytes(
            Array(
              (JSONLine.object([
                ("url", .string(item.metadata.url)), ("bytes", JSONLine.number(item.metadata.size)),
                ("format", .string(item.metadata.format)), ("fresh", .bool(fresh)),
                ("etag", item.metadata.etag.map(JSONValue.string) ?? .null),
              ]) + "\n").utf8))
        } else {
          Console.row([ByteCount.format(item.metadata.size), fresh ? "fresh" : "stale", item.metadata.url])
        }
      }
      return .success
    }
  }

  struct Prune: ParsableCommand {
    static let configuration = CommandConfiguration(
      name: "prune", abstract: "Evict least recently used images down to --max-size, and stale leftovers.",
      examples: ["qrquiz cache prune --max-size 200M"])
    @OptionGroup var cache: CacheOptions

    func run() async throws -> ExitCode {
      let eviction = try cache.cache().sweep()
      Console.line("evicted \(Plural.count(eviction.entries, "image")) (\(ByteCount.format(eviction.bytes)))")
      return .success
    }
  }

  struct Clear: ParsableCommand {
    static let configuration = CommandConfiguration(name: "clear", abstract: "Remove every cached image.")
    @OptionGroup var cache: CacheOptions

    func run() async throws -> ExitCode {
      try cache.cache().clear()
      Console.line("cleared \(cache.url.path)")
      return .success
    }
  }
}
