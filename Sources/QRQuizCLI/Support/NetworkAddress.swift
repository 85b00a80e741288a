import Foundation

/// This machine's addresses on the network.
enum NetworkAddress {
  /// Where `qrquiz serve --host 0.0.0.0` is reached by default (port 8080): the base of the
  /// links a command makes before any server runs, when no `--public-url` is given.
  static var defaultPublicURL: String { "http://\(lanIPv4() ?? "127.0.0.1"):8080" }

  /// The first IPv4 address of an interface that is up and not the loopback: what a phone
  /// on the same network reaches this machine at.
  static func lanIPv4() -> String? {
    var list: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&list) == 0, let first = list else { return nil }
    defer { freeifaddrs(list) }
    var cursor: UnsafeMutablePointer<ifaddrs>? = first
    while let entry = cursor {
      defer { cursor = entry.pointee.ifa_next }
      let flags = Int32(entry.pointee.ifa_flags)
      guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
        flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0
      else { continue }
      var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
      guard
        getnameinfo(
          address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST)
          == 0
      else { continue }
      return String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    return nil
  }
}
