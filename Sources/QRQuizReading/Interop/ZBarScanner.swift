internal import CZBar

/// One zbar image scanner configured for QR codes in binary mode, so symbol data comes
/// back as the exact bytes. Not thread-safe, hence not `Sendable`: make one per task.
package final class ZBarScanner {
  private let scanner: OpaquePointer

  package init() {
    // zbar_image_scanner_create only fails when malloc does.
    scanner = zbar_image_scanner_create()!
    zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
    zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_ENABLE, 1)
    zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_BINARY, 1)
  }

  deinit { zbar_image_scanner_destroy(scanner) }

  /// Every QR symbol zbar finds in `image`, in zbar's order.
  package func scan(_ image: GrayImage) -> [QRSymbol] {
    guard image.width > 0, image.height > 0 else { return [] }
    let zbarImage = zbar_image_create()!
    defer { zbar_image_destroy(zbarImage) }
    zbar_image_set_format(zbarImage, qrquiz_zbar_fourcc_y800())
    zbar_image_set_size(zbarImage, UInt32(image.width), UInt32(image.height))
    return image.pixels.withUnsafeBufferPointer { pixels in
      // zbar only borrows the pixels: no cleanup handler, and detach before returning.
      zbar_image_set_data(zbarImage, pixels.baseAddress, UInt(pixels.count), nil)
      defer { zbar_image_set_data(zbarImage, nil, 0, nil) }
      guard zbar_scan_image(scanner, zbarImage) > 0 else { return [] }
      return symbols(of: zbarImage)
    }
  }

  private func symbols(of image: OpaquePointer) -> [QRSymbol] {
    var symbols: [QRSymbol] = []
    var symbol = zbar_image_first_symbol(image)
    while let current = symbol {
      defer { symbol = zbar_symbol_next(current) }
      let type = zbar_symbol_get_type(current)
      guard type == ZBAR_QRCODE || type == ZBAR_PARTIAL else { continue }
      let length = Int(zbar_symbol_get_data_length(current))
      let data =
        zbar_symbol_get_data(current).map { pointer in
          UnsafeRawBufferPointer(start: pointer, count: length).map { $0 }
        } ?? []
      var xs: [Int] = []
      var ys: [Int] = []
      for corner in 0..<zbar_symbol_get_loc_size(current) {
        xs.append(Int(zbar_symbol_get_loc_x(current, corner)))
        ys.append(Int(zbar_symbol_get_loc_y(current, corner)))
      }
      symbols.append(
        QRSymbol(
          bytes: data, isPartial: type == ZBAR_PARTIAL,
          origin: (xs.min() ?? 0, ys.min() ?? 0)))
    }
    return symbols
  }
}
