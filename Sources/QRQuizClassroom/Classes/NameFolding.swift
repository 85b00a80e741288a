import Foundation

/// How every name of the classroom is compared: a student's on a roster, a player's in a
/// live game, a homework student's, a class's; `qrquiz class set/rename/remove`, the
/// cards and the gradebook's matching all come here. Two names are one when their keys are
/// equal: compatibility forms (full-width, ligatures), case, accents and spaces are folded,
/// and so are the letters that carry no accent Unicode can take off (Ł, Ø, Đ, ß, Æ, Œ, ı):
/// a student who types "Lukasz Nowak" on a phone without a Polish keyboard is Łukasz Nowak.
///
/// The look-alike skeleton (`LiveNameSkeleton`) folds the same way after mapping
/// look-alike letters, so a name is refused in a game or a homework open to anyone when
/// its key or its skeleton is another's.
public enum NameFolding {
  /// `text` folded for comparison.
  public static func key(_ text: String) -> String {
    let folded = text.precomposedStringWithCompatibilityMapping
      .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    var key = String.UnicodeScalarView()
    for scalar in folded.unicodeScalars where !scalar.properties.isWhitespace {
      if let base = baseLetters[scalar.value] {
        key.append(contentsOf: base.unicodeScalars)
      } else {
        key.append(scalar)
      }
    }
    return String(key)
  }

  /// `text`'s look-alike skeleton (Unicode TR39, `LiveNameSkeleton`): "Αda Lovelace"
  /// with a Greek Α, or "Ada Lоvelace" with a Cyrillic о, has the skeleton of "Ada
  /// Lovelace".
  public static func skeleton(_ text: String) -> String { LiveNameSkeleton.skeleton(text) }

  /// Whether a name of `key` and `skeleton` is one of the names taken: equal keys, or
  /// equal skeletons (the one check of a live game's and a homework's joins).
  static func isTaken(key: String, skeleton: String, keys: [String: Int], skeletons: [String: Int]) -> Bool {
    keys[key] != nil || skeletons[skeleton] != nil
  }

  /// The letters whose mark is part of the letter (no decomposition takes it off), and the
  /// ligatures and dotless i, each to the plain Latin letters a keyboard without them types.
  /// Both cases are listed: case folding keeps them apart from their bases.
  static let baseLetters: [UInt32: String] = [
    0x0141: "l", 0x0142: "l",  // Ł ł
    0x00D8: "o", 0x00F8: "o",  // Ø ø
    0x0110: "d", 0x0111: "d",  // Đ đ
    0x00D0: "d", 0x00F0: "d",  // Ð ð
    0x00DF: "ss", 0x1E9E: "ss",  // ß ẞ
    0x00C6: "ae", 0x00E6: "ae",  // Æ æ
    0x0152: "oe", 0x0153: "oe",  // Œ œ
    0x0131: "i",  // ı
    0x0126: "h", 0x0127: "h",  // Ħ ħ
    0x0166: "t", 0x0167: "t",  // Ŧ ŧ
    0x00DE: "th", 0x00FE: "th",  // Þ þ
    0x0180: "b", 0x0197: "i", 0x0268: "i", 0x01B5: "z", 0x01B6: "z",  // ƀ Ɨ ɨ Ƶ ƶ
  ]
}
