import QRQuiz

/// A Moodle question category's path as GIFT's `$CATEGORY:` and Moodle XML write it:
/// `$course$/top/Unit 1/Fractions`, levels separated by `/`, a `/` in a name doubled.
enum CategoryPath {
  /// The names of the path's levels, without Moodle's contexts (`$course$`, `$system$` …)
  /// and its `top`: `["Unit 1", "Fractions"]`.
  static func levels(_ path: String) -> [String] {
    let contexts: Set<String> = ["$course$", "$system$", "$module$", "$coursecategory$", "top"]
    var levels: [String] = []
    var current = ""
    var characters = Array(path)[...]
    while let character = characters.popFirst() {
      if character == "/" {
        if characters.first == "/" {
          characters.removeFirst()
          current.append("/")
          continue
        }
        levels.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    levels.append(current)
    return levels.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !contexts.contains($0) }
  }
}
