internal import CQREncode
import Glibc
import QRQuizLocking

/// Encodes bytes into a QR matrix with libqrencode.
package enum QRSymbolEncoder {
  /// Why libqrencode made no symbol.
  package enum Failure: Error, Sendable, Hashable {
    /// The data does not fit the largest version allowed.
    case tooLarge
    /// libqrencode refused the input; its `errno` value.
    case library(Int32)
  }

  /// Encodes `data` in one segment of `mode`, in the smallest version from `minimumVersion`
  /// up that holds it, refusing versions above `maximumVersion`.
  package static func encode(
    _ data: [UInt8], mode: QRDataMode, level: QRErrorCorrection,
    minimumVersion: Int = 0, maximumVersion: Int = 40
  ) throws(Failure) -> QRMatrix {
    guard let input = QRinput_new2(Int32(minimumVersion), level.cLevel) else {
      throw .library(errno)
    }
    defer { QRinput_free(input) }
    let cMode = mode == .byte ? QR_MODE_8 : QR_MODE_AN
    let appended = data.withUnsafeBufferPointer { buffer in
      QRinput_append(input, cMode, Int32(buffer.count), buffer.baseAddress)
    }
    guard appended == 0 else { throw .library(errno) }
    guard let code = QRcode_encodeInput(input) else {
      if errno == ERANGE { throw .tooLarge }
      throw .library(errno)
    }
    defer { QRcode_free(code) }
    let version = Int(code.pointee.version)
    guard version <= maximumVersion else { throw .tooLarge }
    let size = Int(code.pointee.width)
    // Bit 0 of each byte is the module's colour; the other bits are libqrencode's bookkeeping.
    let cells = UnsafeBufferPointer(start: code.pointee.data, count: size * size)
    return QRMatrix(size: size, version: version, modules: cells.map { $0 & 1 == 1 })
  }

  private struct CapacityKey: Hashable {
    var mode: QRDataMode
    var level: QRErrorCorrection
    var version: Int
  }

  private static let capacities = Locked<[CapacityKey: Int]>([:])

  /// The most bytes (or characters) of `mode` data one symbol of `version` holds at
  /// `level`, found once by asking libqrencode, which keeps its capacity tables private.
  package static func capacity(mode: QRDataMode, level: QRErrorCorrection, version: Int) -> Int {
    let key = CapacityKey(mode: mode, level: level, version: version)
    if let known = capacities.withLock({ $0[key] }) { return known }
    let found = searchCapacity(mode: mode, level: level, version: version)
    capacities.withLock { $0[key] = found }
    return found
  }

  private static func searchCapacity(mode: QRDataMode, level: QRErrorCorrection, version: Int) -> Int {
    let filler: UInt8 = mode == .byte ? 0x61 : 0x41
    var low = 0
    var high = 7089
    while low < high {
      let middle = (low + high + 1) / 2
      let data = [UInt8](repeating: filler, count: middle)
      if (try? encode(data, mode: mode, level: level, minimumVersion: version, maximumVersion: version)) != nil {
        low = middle
      } else {
        high = middle - 1
      }
    }
    return low
  }
}

extension QRErrorCorrection {
  var cLevel: QRecLevel {
    switch self {
    case .low: QR_ECLEVEL_L
    case .medium: QR_ECLEVEL_M
    case .quartile: QR_ECLEVEL_Q
    case .high: QR_ECLEVEL_H
    }
  }
}
