import Foundation

// embed-page-assets MANIFEST OUTPUT: the pages' scripts, styles and icon, as the manifest
// (Sources/QRQuizServer/Assets/assets.json) names them, written as one Swift source of
// `Assets` members, so the server binary carries them and needs no folder beside it. Run
// by the EmbedPageAssets build plugin whenever one of those files changes.
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let manifestPath = arguments.first, let outputPath = arguments.last else {
  FileHandle.standardError.write(Data("usage: embed-page-assets MANIFEST OUTPUT\n".utf8))
  exit(2)
}
do {
  let manifest = try AssetManifest(contentsOf: URL(fileURLWithPath: manifestPath))
  let source = try EmbeddedAssets(manifest).swiftSource
  // Written whole or not at all: a half-written source must never be compiled.
  try Data(source.utf8).write(to: URL(fileURLWithPath: outputPath), options: .atomic)
} catch {
  FileHandle.standardError.write(Data("embed-page-assets: \(error)\n".utf8))
  exit(1)
}
