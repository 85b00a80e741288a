import Foundation

/// A page script as the browser gets it: the entry file and every file it requires, each
/// in a function of its own that a small `require` runs once, all in one classic script.
/// So the files in the repo are CommonJS modules that node's test runner loads as they
/// are, and a page still loads one script from its one address.
///
/// A script requires a file beside it as `require("./name.js")`, nothing else: any other
/// `require(` is refused, with its file and line, so nothing reaches a page unbundled.
struct ScriptBundle {
  /// The entry's name, as it is required (`./live.js`).
  let entry: String
  /// Each file's name and text: the entry first, then the others as first required.
  private(set) var files: [(name: String, text: String)] = []

  /// Reads `url` and, recursively, what it requires.
  init(entry url: URL) throws(EmbeddingError) {
    let folder = url.deletingLastPathComponent()
    func file(_ name: String) -> URL { folder.appendingPathComponent(String(name.dropFirst(2))) }
    entry = "./" + url.lastPathComponent
    var pending = [entry]
    var seen: Set<String> = [entry]
    while !pending.isEmpty {
      let name = pending.removeFirst()
      let text = try readText(file(name))
      files.append((name, text))
      for required in try Self.requires(in: text, path: file(name).path) where seen.insert(required.name).inserted {
        guard FileManager.default.fileExists(atPath: file(required.name).path) else {
          throw .badRequire(file(name).path, line: required.line, "\(required.name) is not a file beside it")
        }
        pending.append(required.name)
      }
    }
  }

  /// The names `text` requires (`./name.js`), with their lines.
  static func requires(in text: String, path: String) throws(EmbeddingError) -> [(name: String, line: Int)] {
    var found: [(name: String, line: Int)] = []
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      var rest = line[...]
      while let call = rest.range(of: "require(") {
        defer { rest = rest[call.upperBound...] }
        if let before = rest[..<call.lowerBound].last, before.isLetter || before.isNumber || "_$.".contains(before) {
          continue  // `x.require(`, `unrequire(`: not the module's require
        }
        let argument = rest[call.upperBound...]
        guard argument.hasPrefix("\"./"), let close = argument.dropFirst().firstIndex(of: "\""),
          argument[argument.index(after: close)...].hasPrefix(")")
        else {
          throw .badRequire(path, line: number + 1, "only require(\"./name.js\") of a file beside it is bundled")
        }
        let name = String(argument[argument.index(after: argument.startIndex)..<close])
        guard name.dropFirst(2).allSatisfy(\.isFileNameCharacter), name.hasSuffix(".js") else {
          throw .badRequire(path, line: number + 1, "\(name): only a .js file beside it is bundled")
        }
        found.append((name, number + 1))
      }
    }
    return found
  }

  /// The one classic script: strict, nothing global, the entry run at once.
  var text: String {
    var script = """
      "use strict";
      // \(entry.dropFirst(2)) as the pages get it: it and the files it requires, each in a function
      // of its own that require() runs once (bundled when QRQuiz is built).
      (() => {
        const files = new Map([

      """
    for (name, text) in files {
      script += "    [\"\(name)\", (module, require) => {\n" + text + (text.hasSuffix("\n") ? "" : "\n") + "    }],\n"
    }
    script += """
        ]);
        const loaded = new Map();
        const require = (name) => {
          if (!loaded.has(name)) {
            const module = { exports: {} };
            loaded.set(name, module);
            files.get(name)(module, require);
          }
          return loaded.get(name).exports;
        };
        require("\(entry)");
      })();

      """
    return script
  }
}

extension Character {
  /// A character of the file names a script may require: ASCII letters, digits, `-_.`.
  fileprivate var isFileNameCharacter: Bool { isASCII && (isLetter || isNumber || "-_.".contains(self)) }
}

/// The UTF-8 text of `url`.
func readText(_ url: URL) throws(EmbeddingError) -> String {
  let data: Data
  do { data = try Data(contentsOf: url) } catch { throw .unreadable(url.path, error.localizedDescription) }
  guard let text = String(data: data, encoding: .utf8) else { throw .notText(url.path) }
  return text
}
