import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

/// The conventions people expect of a command-line tool: help on every command, a version,
/// suggestions for typos, `--` ending options, and completion scripts and a man page that
/// really load in their shells and formatters.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct CLIConventionTests {
  /// Every command path, read from the tool's own help ("commands:" sections).
  static func commandPaths() throws -> [[String]] {
    var paths: [[String]] = []
    var queue: [[String]] = [[]]
    while let path = queue.popLast() {
      let help = try ProcessRunner.qrquiz(path + ["--help"])
      guard let section = help.stdoutText.components(separatedBy: "commands:\n").dropFirst().first else {
        continue
      }
      for line in section.split(separator: "\n") {
        guard line.hasPrefix("  "), let word = line.split(separator: " ").first else { break }
        paths.append(path + [String(word)])
        queue.append(path + [String(word)])
      }
    }
    return paths
  }

  @Test func everyCommandAnswersHelpWithItsOwnUsage() throws {
    let paths = try Self.commandPaths()
    #expect(paths.count > 20, "\(paths)")
    for path in paths {
      for flag in ["-h", "--help"] {
        let result = try ProcessRunner.qrquiz(path + [flag])
        #expect(result.status == 0, "\(path) \(flag): \(result.stderr)")
        #expect(result.stdoutText.hasPrefix("usage: qrquiz \(path.joined(separator: " "))"), "\(path)")
        #expect(result.stdoutText.contains("options:\n"), "\(path)")
      }
    }
    // `qrquiz help WORDS` is the same text.
    let help = try ProcessRunner.qrquiz(["help", "cache", "prune"])
    #expect(help.stdout == (try ProcessRunner.qrquiz(["cache", "prune", "--help"])).stdout)
  }

  @Test func helpShowsEachOptionWithItsChoicesAndDefault() throws {
    let help = try ProcessRunner.qrquiz(["encode", "--help"]).stdoutText
    #expect(help.contains("--ec LEVEL"))
    #expect(help.contains("(L|M|Q|H) [default: L]"))
    #expect(help.contains("--scale N"))
    #expect(help.contains("[default: 8]"))
    #expect(help.contains("  $ qrquiz encode Social.json -o social.png"))
  }

  @Test func versionIsPrinted() throws {
    let result = try ProcessRunner.qrquiz(["--version"])
    #expect(result.status == 0)
    #expect(result.stdoutText.range(of: #"^qrquiz \d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
  }

  @Test(arguments: [
    (["encode", "x.json", "--outptu", "a.png"], "qrquiz encode: unknown option --outptu; did you mean --output?"),
    (["decode", "--rwa", "a.png"], "qrquiz decode: unknown option --rwa; did you mean --raw?"),
    (["cahce", "stats"], "qrquiz: unknown command 'cahce'; did you mean cache?"),
    (["cache", "prnue"], "qrquiz cache: unknown command 'prnue'; did you mean prune?"),
    (
      ["encode", "x.json", "-o", "a.png", "--scale", "0"],
      "qrquiz encode: --scale must be a whole number from 1 to 100, not '0'"
    ),
    (["encode", "x.json", "-o", "a.png", "--ec", "Z"], "qrquiz encode: --ec must be L, M, Q or H, not 'Z'"),
    (["validate", "--json=yes", "x.json"], "qrquiz validate: --json takes no value"),
    (["normalize"], "qrquiz normalize: missing TOPIC"),
    (["normalize", "a.json", "b.json"], "qrquiz normalize: unexpected argument 'b.json'"),
  ])
  func usageErrorsSayWhatIsWrongAndSuggest(_ arguments: [String], _ message: String) throws {
    let result = try ProcessRunner.qrquiz(arguments)
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1)
  }

  @Test func doubleDashEndsOptions() throws {
    let scratch = try TemporaryDirectory()
    let path = scratch.path("-odd.json")
    try Data(#"{"sets":[]}"#.utf8).write(to: URL(fileURLWithPath: path))
    let result = try ProcessRunner.run(
      ProcessRunner.qrquiz, ["validate", "--", "-odd.json"], workingDirectory: scratch.url)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdoutText.hasPrefix("-odd.json: ok"))
  }

  @Test func attachedShortValuesAndEqualsSignsAreRead() throws {
    let people = Fixtures.sampleTopic("People").path
    let scratch = try TemporaryDirectory()
    let result = try ProcessRunner.qrquiz(["encode", people, "-o\(scratch.path("a.png"))", "--scale=2", "-j1"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try scratch.contents() == ["a.png"])
  }

  // MARK: Completion scripts, loaded by the real shells

  /// `qrquiz completion SHELL`, saved to a temporary file the caller removes.
  func script(_ shell: String) throws -> String {
    let result = try ProcessRunner.qrquiz(["completion", shell])
    #expect(result.status == 0)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("qrquiz-completion-\(UUID()).\(shell)")
    try result.stdout.write(to: path)
    return path.path
  }

  /// What bash completes for the words typed so far (the last one being completed).
  func bashCompletions(_ words: [String]) throws -> [String] {
    let path = try script("bash")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    let program = """
      source '\(path)'
      COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
      _qrquiz
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try ProcessRunner.tool("bash", ["-c", program])
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdoutText.split(separator: "\n").map(String.init)
  }

  @Test func bashCompletesCommandsOptionsAndValues() throws {
    #expect(try bashCompletions(["qrquiz", "enc"]) == ["encode"])
    #expect(try bashCompletions(["qrquiz", "cache", ""]) == ["stats", "list", "prune", "clear"])
    #expect(try bashCompletions(["qrquiz", "encode", "x.json", "--e"]) == ["--ec"])
    #expect(try bashCompletions(["qrquiz", "encode", "x.json", "--ec", ""]) == ["L", "M", "Q", "H"])
    #expect(try bashCompletions(["qrquiz", "cache", "prune", "--"]).contains("--max-size"))
    #expect(try bashCompletions(["qrquiz", "completion", ""]) == ["bash", "zsh", "fish"])
  }

  @Test func fishCompletesCommandsOptionsAndValues() throws {
    let path = try script("fish")
    defer { try? FileManager.default.removeItem(atPath: path) }
    func complete(_ line: String) throws -> [String] {
      let result = try ProcessRunner.tool("fish", ["--no-config", "-c", "source '\(path)'; complete -C '\(line)'"])
      #expect(result.status == 0, "\(result.stderr)")
      return result.stdoutText.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
    }
    #expect(try complete("qrquiz cache ").sorted() == ["clear", "list", "prune", "stats"])
    #expect(try complete("qrquiz encode x.json --ec ").sorted() == ["H", "L", "M", "Q"])
    #expect(try complete("qrquiz topics list --cache").contains("--cache-dir"))
    #expect(!(try complete("qrquiz cache stats --")).contains("--ec"))
  }

  @Test func zshScriptParses() throws {
    let path = try script("zsh")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try ProcessRunner.tool("zsh", ["-n", path])
    #expect(result.status == 0, "\(result.stderr)")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasPrefix("#compdef qrquiz"))
    #expect(text.contains("--ec'[error correction"))
  }

  @Test func manPageFormatsWithoutWarnings() throws {
    let page = try ProcessRunner.qrquiz(["man"])
    #expect(page.status == 0)
    let scratch = try TemporaryDirectory()
    let path = scratch.path("qrquiz.1")
    try page.stdout.write(to: URL(fileURLWithPath: path))
    let formatted = try ProcessRunner.tool("groff", ["-man", "-Tutf8", "-ww", "-z", path])
    #expect(formatted.status == 0)
    #expect(formatted.stderr.isEmpty, "\(formatted.stderr)")
    let text = page.stdoutText
    for command in ["qrquiz encode", "qrquiz cache prune", "qrquiz topics export"] {
      #expect(text.contains(".SS \"\(command)"), "\(command)")
    }
    #expect(text.contains("\\fB\\-\\-max\\-version\\fR"))
  }
}
