import Foundation

/// Turns a topic into QR symbols: the Questions app's own form (one symbol holding the
/// topic's compact JSON, byte mode, up to version 40, as the app's own share makes) when it
/// fits, else the compact multi-symbol form (docs/FORMAT.md), which the app cannot read.
///
/// ```swift
/// let topic = try await TopicReader().topic(from: .file("Social.json"))
/// let symbols = try TopicQREncoder().encode(topic)
/// for matrix in symbols.matrices { _ = try matrix.pngData(scale: 8, margin: 4) }
/// ```
public struct TopicQREncoder: Sendable {
  /// Which form to write.
  public enum Format: String, Sendable, Hashable, CaseIterable {
    /// JSON when it fits one symbol within the maximum version, else compact.
    case auto
    /// Always the app's form: one symbol of plain JSON.
    case json
    /// Always the compact form, even for one symbol.
    case compact
  }

  /// The symbols made for a topic.
  public struct Symbols: Sendable, Hashable {
    /// The form chosen: `.json` or `.compact`, never `.auto`.
    public var format: Format
    /// The symbols, in part order.
    public var matrices: [QRMatrix]

    /// Whether the Questions app reads it: one symbol of the topic's JSON.
    public var appReadable: Bool { format == .json }

    /// The version of the largest symbol (1...40).
    public var largestVersion: Int { matrices.map(\.version).max() ?? 1 }

    /// Whether the largest symbol is past ``TopicQREncoder/comfortableVersion``: it needs
    /// to be printed or shown large, or shared by its address instead.
    public var isDense: Bool { largestVersion > TopicQREncoder.comfortableVersion }

    /// Centimetres the largest symbol needs, quiet zone included, for a phone to read it off
    /// paper or a screen from a usual distance (``TopicQREncoder/printedModuleMillimetres``
    /// a module).
    public var printedCentimetres: Int {
      let modules = (matrices.map(\.size).max() ?? 21) + 8
      return Int((Double(modules) * TopicQREncoder.printedModuleMillimetres / 10).rounded(.up))
    }
  }

  /// Why a topic got no QR code.
  public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// The JSON does not fit one symbol of the allowed versions (format `json`).
    case tooLarge(bytes: Int, capacity: Int, level: QRErrorCorrection, maximumVersion: Int)
    /// Even compressed, the topic needs more than ``CompactPart/maximumCount`` symbols.
    case tooManyParts(needed: Int, level: QRErrorCorrection, maximumVersion: Int)
    /// libqrencode failed for another reason; its `errno` value.
    case library(code: Int32)

    public var description: String {
      switch self {
      case .tooLarge(let bytes, let capacity, let level, let maximumVersion):
        "topic is \(bytes) bytes of JSON; one QR symbol holds at most \(capacity) bytes "
          + "at level \(level.rawValue) up to version \(maximumVersion)"
      case .tooManyParts(let needed, let level, let maximumVersion):
        "topic needs \(needed) symbols at level \(level.rawValue) up to version \(maximumVersion); "
          + "the limit is \(CompactPart.maximumCount)"
      case .library(let code): "QR encoder failed: \(String(cString: strerror(code)))"
      }
    }
  }

  /// The largest version the app's own share makes (2,953 bytes at level L): the app's form
  /// is used up to it.
  public static let appMaximumVersion = 40
  /// The largest symbol that scans easily from paper and projectors (117 modules a side);
  /// larger ones need printing large, a steady hand and a sharp camera. The compact form's
  /// symbols stay within it unless a maximum version is asked for.
  public static let comfortableVersion = 25
  /// Millimetres a printed module needs for a phone camera at 20–30 cm.
  public static let printedModuleMillimetres = 0.8

  /// Error-correction level; the app uses `.low`.
  public var level: QRErrorCorrection
  /// The largest symbol version allowed for the app's form (1...40).
  public var maximumVersion: Int
  /// The largest symbol version of the compact form's parts.
  public var compactMaximumVersion: Int
  /// Which form to write.
  public var format: Format

  /// Creates an encoder. Without `maximumVersion`, the app's form goes up to version 40
  /// (as the app's own share does) and the compact form's parts up to
  /// ``comfortableVersion``; with one, both stop at it (for those who want smaller symbols).
  public init(level: QRErrorCorrection = .low, maximumVersion: Int? = nil, format: Format = .auto) {
    precondition(maximumVersion.map { (1...40).contains($0) } ?? true, "QR versions are 1...40")
    self.level = level
    self.maximumVersion = maximumVersion ?? Self.appMaximumVersion
    self.compactMaximumVersion = maximumVersion ?? Self.comfortableVersion
    self.format = format
  }

  /// The symbols for a topic, in the form ``format`` asks for: its normalised JSON, without
  /// what the app ignores and only QRQuiz's own front ends use (``Topic/forQRCode``).
  ///
  /// - Throws: ``Error``.
  public func encode(_ topic: ValidTopic) throws(Error) -> Symbols {
    try encode(json: Array(topic.topic.forQRCode.normalizedJSON.utf8))
  }

  func encode(json: [UInt8]) throws(Error) -> Symbols {
    switch format {
    case .json: return Symbols(format: .json, matrices: [try encode(bytes: json)])
    case .compact: return Symbols(format: .compact, matrices: try compactSymbols(json))
    case .auto:
      do {
        return Symbols(format: .json, matrices: [try encode(bytes: json)])
      } catch .tooLarge {
        return Symbols(format: .compact, matrices: try compactSymbols(json))
      }
    }
  }

  /// One byte-mode symbol for any data.
  public func encode(bytes: [UInt8]) throws(Error) -> QRMatrix {
    do {
      return try QRSymbolEncoder.encode(bytes, mode: .byte, level: level, maximumVersion: maximumVersion)
    } catch {
      switch error {
      case .tooLarge:
        throw .tooLarge(bytes: bytes.count, capacity: capacity, level: level, maximumVersion: maximumVersion)
      case .library(let code): throw .library(code: code)
      }
    }
  }

  /// The most JSON bytes one symbol holds with these settings.
  public var capacity: Int { QRSymbolEncoder.capacity(mode: .byte, level: level, version: maximumVersion) }

  /// The most characters of a compact part one symbol holds with these settings.
  public var compactCapacity: Int {
    QRSymbolEncoder.capacity(mode: .alphanumeric, level: level, version: compactMaximumVersion)
  }

  private func compactSymbols(_ json: [UInt8]) throws(Error) -> [QRMatrix] {
    let parts: [CompactPart]
    do {
      parts = try CompactPayload.split(json: json, symbolCapacity: compactCapacity)
    } catch {
      switch error {
      case .tooManyParts(let needed):
        throw .tooManyParts(needed: needed, level: level, maximumVersion: compactMaximumVersion)
      case .symbolTooSmall: throw .tooManyParts(needed: Int.max, level: level, maximumVersion: compactMaximumVersion)
      }
    }
    var matrices: [QRMatrix] = []
    for part in parts {
      do {
        matrices.append(
          try QRSymbolEncoder.encode(
            Array(part.text.utf8), mode: .alphanumeric, level: level, maximumVersion: compactMaximumVersion))
      } catch {
        // split() sized every part for one symbol, so only libqrencode itself can fail.
        switch error {
        case .tooLarge:
          throw .tooManyParts(needed: parts.count + 1, level: level, maximumVersion: compactMaximumVersion)
        case .library(let code): throw .library(code: code)
        }
      }
    }
    return matrices
  }
}
