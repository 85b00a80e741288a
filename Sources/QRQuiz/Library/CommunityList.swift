import Foundation

/// The Questions app's community list: `{"topics":[{"name","remoteContentURL","isVisible"}]}`.
public struct CommunityList: Sendable {
  /// One listed topic.
  public struct Entry: Sendable, Hashable {
    /// The name shown in the app.
    public var name: String
    /// Where its JSON is served.
    public var url: String
    /// Hidden entries are not shown (nor fetched).
    public var isVisible: Bool
  }

  /// The entries, in list order.
  public var entries: [Entry]

  /// Why a list could not be read.
  public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// Not JSON, or not shaped like a community list; where and why.
    case malformed(String)

    public var description: String {
      switch self {
      case .malformed(let reason): "not a community list: \(reason)"
      }
    }
  }

  /// Parses a list; entries of the wrong shape are errors naming their index.
  public init(bytes: [UInt8]) throws(Error) {
    let json: JSONValue
    do {
      json = try JSONParser.parse(bytes)
    } catch {
      throw .malformed("\(error)")
    }
    guard case .array(let items)? = json["topics"] else { throw .malformed("expected {\"topics\": […]}") }
    var entries: [Entry] = []
    for (index, item) in items.enumerated() {
      guard case .string(let name)? = item["name"], case .string(let url)? = item["remoteContentURL"] else {
        throw .malformed("topics[\(index)] needs a \"name\" and a \"remoteContentURL\" string")
      }
      var visible = true
      switch item["isVisible"] {
      case .bool(let flag)?: visible = flag
      case nil, .null?: break
      default: throw .malformed("topics[\(index)].isVisible must be true or false")
      }
      entries.append(Entry(name: name, url: url, isVisible: visible))
    }
    self.entries = entries
  }
}
