import Foundation
import QRQuiz

/// The look-alike skeleton of a name, after Unicode TR39 ("Unicode Security Mechanisms",
/// section 4, `skeleton(X)`), for the scripts a classroom's names come in: two names
/// whose skeletons are equal look the same on a projector, so a banned "Bob" cannot come
/// back as "Bоb" (a Cyrillic о) or "B0b".
///
/// TR39's `confusables.txt` maps some 6,000 characters; this table keeps its entries for
/// the Latin, Cyrillic and Greek letters that look like Latin ones, the digits that look
/// like letters (0 and O, 1 and l and I), and `m`, which TR39 maps to `rn`.
/// Full-width and mathematical letters need no entries: compatibility normalisation
/// (NFKC) turns them into plain ones first. As in TR39, the mapping is made before the
/// case is folded (capital I and small l look alike; small i and l do not), then the
/// result is folded as every name is (``NameFolding``: accents, width, case, spaces, and
/// Ł, Ø, ß … to their base letters).
enum LiveNameSkeleton {
  static func skeleton(_ text: String) -> String {
    let plain = text.precomposedStringWithCompatibilityMapping
      .folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
    var mapped = String.UnicodeScalarView()
    for scalar in plain.unicodeScalars {
      if scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.isWhitespace { continue }
      if let prototype = prototypes[scalar.value] {
        mapped.append(contentsOf: prototype.unicodeScalars)
      } else {
        mapped.append(scalar)
      }
    }
    return NameFolding.key(String(mapped))
  }

  /// Character → what it looks like, as TR39's `confusables.txt` gives it (prototypes are
  /// Latin and map to themselves; accented letters need no entry, their accents are
  /// folded away).
  static let prototypes: [UInt32: String] = [
    // Digits and Latin letters that pass for others.
    0x0030: "O", 0x0031: "l", 0x0049: "l", 0x007C: "l", 0x01C0: "l", 0x0131: "i", 0x0269: "i", 0x0251: "a",
    0x0261: "g", 0x0285: "l", 0x006D: "rn", 0x01BF: "p", 0x0280: "R",
    // Cyrillic capitals.
    0x0405: "S", 0x0406: "l", 0x0408: "J", 0x0410: "A", 0x0412: "B", 0x0415: "E", 0x0417: "3", 0x041A: "K",
    0x041C: "M", 0x041D: "H", 0x041E: "O", 0x0420: "P", 0x0421: "C", 0x0422: "T", 0x0423: "Y", 0x0425: "X",
    0x042C: "b", 0x04AE: "Y", 0x04C0: "l", 0x050C: "G", 0x051A: "Q", 0x051C: "W",
    // Cyrillic small letters.
    0x0430: "a", 0x0431: "6", 0x0433: "r", 0x0435: "e", 0x043E: "o", 0x0440: "p", 0x0441: "c", 0x0443: "y",
    0x0445: "x", 0x0455: "s", 0x0456: "i", 0x0458: "j", 0x04BB: "h", 0x04AF: "y", 0x04CF: "l", 0x0501: "d",
    0x051B: "q", 0x051D: "w", 0x0461: "w", 0x0475: "v", 0x0474: "V",
    // Greek capitals.
    0x0391: "A", 0x0392: "B", 0x0395: "E", 0x0396: "Z", 0x0397: "H", 0x0399: "l", 0x039A: "K", 0x039C: "M",
    0x039D: "N", 0x039F: "O", 0x03A1: "P", 0x03A4: "T", 0x03A5: "Y", 0x03A7: "X", 0x03F9: "C", 0x037F: "J",
    // Greek small letters.
    0x03B1: "a", 0x03B3: "y", 0x03B9: "i", 0x03BD: "v", 0x03BF: "o", 0x03C1: "p", 0x03C3: "o", 0x03C5: "u",
    0x03F2: "c", 0x03F3: "j", 0x03F5: "e",
  ]
}
