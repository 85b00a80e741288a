internal import CSodium
import QRQuizLocking

/// libsodium, loaded by the first caller (CSodium.h says why it is not linked): argon2id
/// for teachers' passwords, BLAKE2b for the digests of their links, tokens and sessions.
/// The one place of the classroom that calls it.
enum Sodium {
  /// libsodium cannot be used here.
  struct Unavailable: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is missing, with what to install.
    var description: String
  }

  /// argon2id's cost: libsodium's "interactive" limits (2 passes over 64 MiB), which its
  /// documentation gives for logging in to an online service; a hash records its own cost,
  /// so raising these later still verifies older hashes.
  static let passes: UInt64 = UInt64(crypto_pwhash_argon2id_OPSLIMIT_INTERACTIVE)
  static let memory: Int = Int(crypto_pwhash_argon2id_MEMLIMIT_INTERACTIVE)

  /// Passwords checked, counted by a test that sets one for its task: every refused log-in
  /// costs one check, whatever the reason (counting work, not timing it).
  final class Checks: Sendable {
    let count = Locked(0)
    var total: Int { count.withLock { $0 } }
  }
  @TaskLocal static var checks: Checks?

  private static func functions() throws(Unavailable) -> qrquiz_sodium {
    var error = [CChar](repeating: 0, count: 256)
    guard let loaded = qrquiz_load_sodium(&error, error.count) else {
      throw Unavailable(
        description: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    return loaded.pointee
  }

  /// `password`'s argon2id hash, in the PHC string form (`$argon2id$v=19$m=…`), salted by
  /// libsodium; `nil` when libsodium ran out of memory.
  static func hashPassword(_ password: String) throws(Unavailable) -> String? {
    let sodium = try functions()
    var out = [CChar](repeating: 0, count: Int(crypto_pwhash_argon2id_STRBYTES))
    // NUL-ended, so an empty password is a pointer too (argon2 refuses a null one).
    let bytes = Array(password.utf8) + [0]
    let status = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        sodium.crypto_pwhash_argon2id_str!(&out, chars.baseAddress, UInt64(chars.count - 1), passes, memory)
      }
    }
    guard status == 0 else { return nil }
    return String(decoding: out.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Whether `password` is the one `hash` was made from (false for a hash that is not one).
  static func verifyPassword(_ password: String, hash: String) throws(Unavailable) -> Bool {
    let sodium = try functions()
    checks?.count.withLock { $0 += 1 }
    // NUL-ended, so an empty password is a pointer too (argon2 refuses a null one).
    let bytes = Array(password.utf8) + [0]
    return hash.withCString { hashPointer in
      bytes.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { chars in
          sodium.crypto_pwhash_argon2id_str_verify!(hashPointer, chars.baseAddress, UInt64(chars.count - 1)) == 0
        }
      }
    }
  }

  /// The BLAKE2b-256 digest of `secret`, in hex: what the records keep of a link's code, a
  /// token or a session (each 256 random bits, so a fast digest is enough: no guessing
  /// gets through 2^256, and a copy of the records opens nothing).
  static func digest(_ secret: String) throws(Unavailable) -> String {
    let sodium = try functions()
    var out = [UInt8](repeating: 0, count: 32)
    let bytes = Array(secret.utf8)
    _ = bytes.withUnsafeBufferPointer { buffer in
      sodium.crypto_generichash!(&out, out.count, buffer.baseAddress, UInt64(buffer.count), nil, 0)
    }
    let digits = Array("0123456789abcdef")
    var text = ""
    for byte in out {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 15)])
    }
    return text
  }
}
