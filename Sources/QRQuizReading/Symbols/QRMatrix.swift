/// A QR symbol's modules: a square of dark and light cells, without quiet zone.
public struct QRMatrix: Sendable, Hashable {
  /// Modules per side: 17 + 4 × version.
  public let size: Int
  /// The symbol version, 1 to 40.
  public let version: Int
  /// `size * size` flags, row by row; `true` is dark.
  public let modules: [Bool]

  /// Creates a matrix; `modules.count` must be `size * size`.
  public init(size: Int, version: Int, modules: [Bool]) {
    precondition(modules.count == size * size, "module count mismatch")
    self.size = size
    self.version = version
    self.modules = modules
  }

  /// Whether the module at column `x`, row `y` is dark.
  public subscript(x: Int, y: Int) -> Bool { modules[y * size + x] }
}

/// How much of a QR symbol may be damaged and still read; more costs capacity.
public enum QRErrorCorrection: String, Sendable, Hashable, CaseIterable, Codable {
  /// About 7% recoverable. What the Questions app uses.
  case low = "L"
  /// About 15%.
  case medium = "M"
  /// About 25%.
  case quartile = "Q"
  /// About 30%.
  case high = "H"

  /// Parses `L`, `M`, `Q` or `H` (any case).
  public init?(letter: String) { self.init(rawValue: letter.uppercased()) }
}

/// The encoding mode of a QR data segment.
public enum QRDataMode: Sendable, Hashable {
  /// Any bytes; 8 bits each. Used for the app's JSON.
  case byte
  /// `0-9 A-Z space $%*+-./:`; 5.5 bits each. Used for base45 payloads.
  case alphanumeric
}
