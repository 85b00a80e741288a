import QRQuiz
/// HTML text from untrusted strings, and the page frame every page shares.
///
/// Every string from a topic, a form or a URL goes through ``escape(_:)``, in text and in
/// attribute values alike (always double-quoted). Control characters and the bidirectional
/// overrides that can make text read differently than it is are replaced, not passed on.
enum HTML {
  /// `text` safe inside an element or a double-quoted attribute.
  static func escape(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&#39;"
      case "\n", "\t": escaped.unicodeScalars.append(scalar)
      case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{202A}"..."\u{202E}", "\u{2066}"..."\u{2069}":
        escaped += "\u{FFFD}"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// A path segment percent-encoded for a link: everything but unreserved characters.
  static func pathSegment(_ text: String) -> String {
    var encoded = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
        UInt8(ascii: "~"):
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let digits = Array("0123456789ABCDEF".utf8)
        encoded += "%" + String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 15)]], as: UTF8.self)
      }
    }
    return encoded
  }

  /// A whole page: `title` (escaped here) and `body` (HTML already). Styles and the one
  /// script come from /static, so the page needs no inline script or style, and the
  /// Content-Security-Policy can forbid both.
  static func page(title: String, body: String, pageClass: String = "") -> String {
    """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>\(escape(title)) · QRQuiz</title>
    <link rel="icon" href="/static/icon.svg" type="image/svg+xml">
    <link rel="stylesheet" href="/static/style.css">
    <script src="/static/app.js" defer></script>
    </head>
    <body class="\(escape(pageClass))">
    \(body)
    </body>
    </html>

    """
  }
}
