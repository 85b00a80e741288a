import QRQuiz

/// The summary a prefetch prints on stderr, and its exit code, for `prefetch` and
/// `community fetch`.
enum PrefetchReport {
  /// `7 images: 5 fetched, 0 fresh, 0 revalidated, 2 failed`, then each failure; the exit
  /// code is the worst of the failures' (a 404 is "not found" wherever it happens).
  static func report(_ summary: ImagePrefetcher.Summary, of count: Int) -> ExitCode {
    var line =
      "\(Plural.count(count, "image")): \(summary.fetched) fetched, \(summary.fresh) fresh, "
      + "\(summary.revalidated) revalidated, \(summary.failures.count) failed"
    if summary.offline > 0 { line += ", \(summary.offline) stale (offline)" }
    if summary.eviction.entries > 0 {
      line += "; evicted \(summary.eviction.entries) (\(ByteCount.format(summary.eviction.bytes)))"
    }
    Console.error(line)
    var exitCode = ExitCode.success
    for failure in summary.failures {
      Console.error("  " + ErrorReport.message(for: failure.error))
      exitCode = max(exitCode, ErrorReport.exitCode(for: failure.error))
    }
    return exitCode
  }
}
