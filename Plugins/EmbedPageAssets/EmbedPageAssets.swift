import Foundation
import PackagePlugin

/// Embeds the pages' scripts, styles and icon (`Assets/`, as `Assets/assets.json` lists
/// them) into the target as a generated Swift source, so the server stays one binary a
/// teacher can copy: no resource bundle beside it. The files stay real `.js` and `.css`
/// files in the repo, checked by node, tsc and ESLint (scripts/check-scripts).
@main struct EmbedPageAssets: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let files = (target as? SourceModuleTarget)?.sourceFiles.map(\.url) ?? []
    guard let manifest = files.first(where: { $0.path.hasSuffix("/Assets/assets.json") }) else { return [] }
    let folder = manifest.deletingLastPathComponent()
    // Every file of the folder but the Swift ones: a changed script rebuilds the source.
    let inputs = files.filter { $0.path.hasPrefix(folder.path + "/") && $0.pathExtension != "swift" }
    let output = context.pluginWorkDirectoryURL.appendingPathComponent("Assets+Embedded.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(target.name)'s page scripts and styles",
        executable: try context.tool(named: "embed-page-assets").url,
        arguments: [manifest.path, output.path],
        inputFiles: inputs,
        outputFiles: [output])
    ]
  }
}
