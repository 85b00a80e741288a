import Glibc

/// Room for a sanitizer build in the tests' memory and time ceilings.
///
/// `scripts/sanitize` runs the suite with the library and `qrquiz` built under
/// AddressSanitizer or ThreadSanitizer, which cost several times the memory (shadow memory)
/// and time of a plain build. Those runs look for memory errors and races; the ceilings
/// still have to hold there, only scaled, so a limit that stops holding is still caught.
package enum SanitizerAllowance {
  /// 3 in a sanitizer build (its runtime is linked into the process), else 1.
  package static let factor: Double = {
    // nil is RTLD_DEFAULT: the symbols of the process and every library it has loaded.
    let sanitized = ["__tsan_init", "__asan_init"].contains { (name: String) in dlsym(nil, name) != nil }
    return sanitized ? 3 : 1
  }()

  /// `megabytes`, scaled for a sanitizer build.
  package static func memory(_ megabytes: Double) -> Double { megabytes * factor }

  /// `seconds`, scaled for a sanitizer build.
  package static func time(_ seconds: Double) -> Double { seconds * factor }
}
