/// Every command reachable from the root, with its full name, for the generators that
/// describe all of them at once (shell completion, the man page).
struct CommandTree {
  struct Node {
    /// `["qrquiz", "cache", "prune"]`.
    var path: [any ParsableCommand.Type]
    var type: any ParsableCommand.Type { path.last! }
    var name: String { HelpText.commandName(path) }
    var words: [String] { path.map { $0.configuration.name } }
    var subcommandNames: [String] { type.configuration.subcommands.map { $0.configuration.name } }
    var declarations: [Declaration] { type.init().declarations }
    var options: [Declaration] { declarations.filter { $0.kind != .argument } }
    var arguments: [Declaration] { declarations.filter { $0.kind == .argument } }
  }

  /// Depth first, parents before children.
  let nodes: [Node]

  init(root: any ParsableCommand.Type) {
    var nodes: [Node] = []
    func visit(_ path: [any ParsableCommand.Type]) {
      nodes.append(Node(path: path))
      for subcommand in path.last!.configuration.subcommands { visit(path + [subcommand]) }
    }
    visit([root])
    self.nodes = nodes
  }

  /// The full names of commands that have subcommands or are subcommands: what a shell
  /// script matches words against to know where on the command line it is.
  var commandNames: [String] { nodes.dropFirst().map(\.name) }
}
