import Foundation

/// What the server serves from the asset folder: each member of `Assets`, its doc comment
/// and what it is made of. Paths are relative to the manifest's folder.
struct AssetManifest {
  /// One member of `Assets`.
  struct Member: Decodable {
    /// The Swift name (`liveScript`).
    var member: String
    /// Its documentation: what the file is for.
    var about: String
    /// A script, with the files it `require`s (see ``ScriptBundle``).
    var script: String?
    /// Text files joined in this order (style sheets, the icon).
    var concatenating: [String]?
  }

  /// The file as it is written.
  private struct Contents: Decodable {
    var served: [Member]
  }

  /// The members, in the order they are written.
  let served: [Member]
  /// The folder the paths are relative to.
  let folder: URL

  /// Reads and checks the manifest at `url`.
  init(contentsOf url: URL) throws(EmbeddingError) {
    let data: Data
    do { data = try Data(contentsOf: url) } catch { throw .unreadable(url.path, error.localizedDescription) }
    do { served = try JSONDecoder().decode(Contents.self, from: data).served } catch let error as DecodingError {
      throw .badManifest(url.path, Self.problem(error))
    } catch {
      throw .badManifest(url.path, "\(error)")
    }
    folder = url.deletingLastPathComponent()
    var seen: Set<String> = []
    for member in served {
      guard member.member.isSwiftIdentifier else {
        throw .badManifest(url.path, "'\(member.member)' is not a Swift name")
      }
      guard seen.insert(member.member).inserted else {
        throw .badManifest(url.path, "'\(member.member)' is named twice")
      }
      guard (member.script == nil) != (member.concatenating == nil) else {
        throw .badManifest(url.path, "'\(member.member)' needs either \"script\" or \"concatenating\"")
      }
    }
  }
}

extension AssetManifest {
  /// What is wrong with the JSON, and where (`served[0].about is missing`).
  fileprivate static func problem(_ error: DecodingError) -> String {
    func path(_ keys: [any CodingKey]) -> String {
      String(keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingPrefix("."))
    }
    switch error {
    case .keyNotFound(let key, let context): return "\(path(context.codingPath + [key])) is missing"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "\(path(context.codingPath)) is not of the right type"
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty ? "not JSON" : "\(path(context.codingPath)) is wrong"
    @unknown default: return "\(error)"
    }
  }
}

extension String {
  /// Letters, digits and `_`, not starting with a digit.
  fileprivate var isSwiftIdentifier: Bool {
    guard let first = unicodeScalars.first, !("0"..."9").contains(first) else { return false }
    return unicodeScalars.allSatisfy {
      $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
    }
  }
}
