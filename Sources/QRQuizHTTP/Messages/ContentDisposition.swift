import Foundation

/// `Content-Disposition` of every download, made in one place (RFC 6266 with RFC 8187):
/// the file name comes from strangers' text (a class's, a topic's name), and a quote in it
/// must never end the parameter and start another (`x"; filename*=UTF-8''grades.html`
/// would save a gradebook as `grades.html`).
///
/// `filename` is an ASCII fallback in a quoted-string with nothing that needs escaping:
/// every quote, backslash, control character, `%`, `;` and non-ASCII character is `_`.
/// `filename*` is the whole name in UTF-8, every byte outside RFC 8187's attr-char
/// percent-encoded, so it holds no quote, space or `;` at all.
public enum ContentDisposition {
  /// Characters of the name kept before its extension, at most.
  public static let maximumStemLength = 100

  /// `attachment; filename="…"; filename*=UTF-8''…` for a file named `stem.fileExtension`.
  /// The stem is cleaned (slashes, backslashes, control and format characters `_`; leading
  /// dots and surrounding spaces dropped; at most ``maximumStemLength`` characters;
  /// `fallback` when nothing is left); `fileExtension` is the server's own (`csv`, `gift`).
  public static func attachment(stem: String, fileExtension: String, fallback: String = "file") -> String {
    let name = fileName(stem: stem, fileExtension: fileExtension, fallback: fallback)
    return "attachment; filename=\"\(asciiFallback(name))\"; filename*=UTF-8''\(percentEncoded(name))"
  }

  /// The name the download is saved as.
  public static func fileName(stem: String, fileExtension: String, fallback: String = "file") -> String {
    var name = String(
      String.UnicodeScalarView(
        stem.unicodeScalars.map { scalar in
          scalar == "/" || scalar == "\\" || scalar.properties.generalCategory == .control
            || scalar.properties.generalCategory == .format ? "_" : scalar
        })
    ).trimmingCharacters(in: .whitespaces)
    while name.hasPrefix(".") { name.removeFirst() }
    name = String(name.prefix(maximumStemLength)).trimmingCharacters(in: .whitespaces)
    return (name.isEmpty ? fallback : name) + "." + fileExtension
  }

  /// The name in printable ASCII with nothing a quoted-string must escape.
  static func asciiFallback(_ name: String) -> String {
    String(
      String.UnicodeScalarView(
        name.unicodeScalars.map { scalar in
          scalar.value >= 0x20 && scalar.value < 0x7F && !"\"\\%;".unicodeScalars.contains(scalar) ? scalar : "_"
        }))
  }

  /// RFC 8187's value-chars: attr-char (letters, digits, `!#$&+-.^_`|~`) as they are,
  /// every other byte of the UTF-8 `%XX`.
  static func percentEncoded(_ name: String) -> String {
    let kept = Set("!#$&+-.^_`|~".utf8)
    var encoded = ""
    for byte in name.utf8 {
      let isAlphanumeric =
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
      if isAlphanumeric || kept.contains(byte) {
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        encoded += String(format: "%%%02X", byte)
      }
    }
    return encoded
  }
}
