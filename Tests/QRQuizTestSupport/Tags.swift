import Foundation
import Testing

extension Tag {
  /// A test that runs built binaries (`qrquiz`, `qrquiz-fuzz`), real servers on 127.0.0.1,
  /// a browser or a reference tool: what proves the whole works, and slower than the
  /// in-process tests. `scripts/test --fast` skips them.
  @Tag package static var endToEnd: Self
}

extension Trait where Self == ConditionTrait {
  /// Off in `scripts/test --fast` (which sets QRQUIZ_FAST_TESTS=1): goes with the
  /// `endToEnd` tag, on every suite or test that has it, as does `.blocksItsThread`
  /// (Support/BlockingTestThreads.swift).
  package static var skippedInFastRuns: Self {
    .disabled(
      if: ProcessInfo.processInfo.environment["QRQUIZ_FAST_TESTS"] == "1",
      "end-to-end: scripts/test --fast runs the in-process tests alone")
  }
}
