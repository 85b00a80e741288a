import Foundation

/// The Questions app's community list: `{"topics":[{"name","remoteContentURL","isVisible"}]}`.
public struct CommunityList: Sendable {
  /// One listed topic.
  public struct Entry: Sendable, Hashable {
    /// The name shown in the app (untrusted text: make it safe before printing it).
    public var name: String
    /// Where its JSON is served.
    public var url: String
    /// Hidden entries are not shown (nor fetched).
    public var isVisible: Bool

    /// Creates an entry.
    public init(name: String, url: String, isVisible: Bool = true) {
      self.name = name
      self.url = url
      self.isVisible = isVisible
    }
  }

  /// The entries, in list order.
  public var entries: [Entry]

  /// Why a list could not be read.
  public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// Not JSON.
    case notJSON(JSONSyntaxError)
    /// JSON, but not `{"topics": […]}`.
    case notAList
    /// Entry `index` lacks a `name` or `remoteContentURL` string.
    case entryMissingField(index: Int, field: String)
    /// Entry `index` has an `isVisible` that is not a boolean.
    case entryVisibilityNotBoolean(index: Int)

    public var description: String {
      switch self {
      case .notJSON(let error): "not a community list: not valid JSON: \(error)"
      case .notAList: "not a community list: expected {\"topics\": […]}"
      case .entryMissingField(let index, let field):
        "not a community list: topics[\(index)] needs a \"\(field)\" string"
      case .entryVisibilityNotBoolean(let index):
        "not a community list: topics[\(index)].isVisible must be true or false"
      }
    }
  }

  /// Creates a list.
  public init(entries: [Entry]) { self.entries = entries }

  /// Parses a list; entries of the wrong shape are errors naming their index.
  public init(bytes: [UInt8]) throws(Error) {
    let json: JSONValue
    do {
      json = try JSONParser.parse(bytes)
    } catch {
      throw .notJSON(error)
    }
    guard case .array(let items)? = json["topics"] else { throw .notAList }
    var entries: [Entry] = []
    for (index, item) in items.enumerated() {
      guard case .string(let name)? = item["name"] else { throw .entryMissingField(index: index, field: "name") }
      guard case .string(let url)? = item["remoteContentURL"] else {
        throw .entryMissingField(index: index, field: "remoteContentURL")
      }
      var visible = true
      switch item["isVisible"] {
      case .bool(let flag)?: visible = flag
      case nil, .null?: break
      default: throw .entryVisibilityNotBoolean(index: index)
      }
      entries.append(Entry(name: name, url: url, isVisible: visible))
    }
    self.entries = entries
  }
}
