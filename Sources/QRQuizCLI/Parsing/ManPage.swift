/// The `qrquiz(1)` man page in roff, generated from the commands' declarations: every
/// command with its usage, description, options and examples.
enum ManPage {
  static func roff(root: any ParsableCommand.Type, version: String) -> String {
    let tree = CommandTree(root: root)
    let program = tree.nodes[0].name
    let rootConfiguration = root.configuration
    var lines = [
      ".TH \(program.uppercased()) 1 \"\" \"\(program) \(version)\" \"User Commands\"",
      ".SH NAME",
      "\(program) \\- \(escape(rootConfiguration.abstract))",
      ".SH SYNOPSIS",
      ".B \(program)",
      ".I command",
      "[\\fIoptions\\fR] [\\fIarguments\\fR]",
      ".SH DESCRIPTION",
    ]
    lines += paragraphs(rootConfiguration.discussion)
    lines.append(".SH COMMANDS")
    for node in tree.nodes.dropFirst() {
      lines.append(".SS \"\(escape(HelpText.usage(node.path)))\"")
      lines += paragraphs(node.type.configuration.abstract)
      if !node.type.configuration.discussion.isEmpty { lines += paragraphs(node.type.configuration.discussion) }
      for argument in node.arguments {
        lines += [".TP", "\\fI\(escape(HelpText.argumentLabel(argument)))\\fR", escape(argument.help)]
      }
      for option in node.options {
        let names = option.names.map { "\\fB\(escape($0))\\fR" }.joined(separator: ", ")
        let value =
          option.kind == .option
          ? " \\fI\(escape(option.valueName))\\fR" : escape(HelpText.valueLabel(option))
        lines += [".TP", names + value, escape(HelpText.optionHelp(option))]
      }
      for example in node.type.configuration.examples {
        lines += [".PP", ".nf", "\\fB$ \(escape(example))\\fR", ".fi"]
      }
    }
    if !rootConfiguration.examples.isEmpty {
      lines.append(".SH EXAMPLES")
      for example in rootConfiguration.examples { lines += [".PP", ".nf", "$ \(escape(example))", ".fi"] }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Text as roff paragraphs; lines that start with two spaces stay as they are (tables).
  private static func paragraphs(_ text: String) -> [String] {
    var lines: [String] = []
    for block in text.components(separatedBy: "\n\n") where !block.isEmpty {
      if block.hasPrefix("  ") || block.contains("\n  ") {
        lines +=
          [".PP", ".nf"] + block.split(separator: "\n", omittingEmptySubsequences: false).map { escape(String($0)) }
          + [".fi"]
      } else {
        lines += [".PP", escape(block.replacingOccurrences(of: "\n", with: " "))]
      }
    }
    return lines
  }

  /// Escapes backslashes, hyphens and non-ASCII characters (`\[u2026]`, which groff reads
  /// without a preprocessor), and keeps a leading `.` or `'` from being a request.
  static func escape(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": escaped += "\\e"
      case "-": escaped += "\\-"
      case _ where scalar.value > 0x7E:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
  }
}
