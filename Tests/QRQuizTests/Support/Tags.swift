import Testing

extension Tag {
  /// A test that runs built binaries (`qrquiz`, `qrquiz-fuzz`), real servers on 127.0.0.1,
  /// a browser or a reference tool: what proves the whole works, and slower than the
  /// in-process tests. `scripts/test --fast` skips them.
  @Tag static var endToEnd: Self
}
