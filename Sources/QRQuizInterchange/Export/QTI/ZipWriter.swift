import QRQuiz

/// A zip archive (PKWARE's APPNOTE) made in memory: files deflated (or stored when that is
/// not smaller, as pictures are), names in UTF-8, every date 1980-01-01 so the same topic
/// always makes the same bytes. No zip64: a package is far smaller than 4 GiB.
struct ZipWriter {
  private var archive: [UInt8] = []
  private var directory: [UInt8] = []
  private var count = 0

  /// Adds a file at `path` (`items/q1.xml`).
  mutating func add(_ path: String, _ contents: [UInt8]) {
    let name = Array(path.utf8)
    let crc = Zlib.crc32(contents)
    // zlib's stream is a 2-byte header, the raw deflate data zip wants, and a 4-byte check.
    let zlib = Zlib.compress(contents)
    let deflated = Array(zlib[2..<(zlib.count - 4)])
    let (method, data): (UInt16, [UInt8]) = deflated.count < contents.count ? (8, deflated) : (0, contents)
    let offset = archive.count
    var common: [UInt8] = []
    common.append(uint16: 20)  // version needed: 2.0
    common.append(uint16: 1 << 11)  // names in UTF-8
    common.append(uint16: method)
    common.append(uint16: 0)  // time 00:00
    common.append(uint16: 0x21)  // date 1980-01-01
    common.append(uint32: crc)
    common.append(uint32: UInt32(data.count))
    common.append(uint32: UInt32(contents.count))
    common.append(uint16: UInt16(name.count))
    common.append(uint16: 0)  // extra field length
    archive.append(uint32: 0x0403_4B50)
    archive += common + name + data
    directory.append(uint32: 0x0201_4B50)
    directory.append(uint16: 20)  // made by: 2.0, MS-DOS attributes
    directory += common
    directory.append(uint16: 0)  // comment length
    directory.append(uint16: 0)  // disk
    directory.append(uint16: 0)  // internal attributes
    directory.append(uint32: 0)  // external attributes
    directory.append(uint32: UInt32(offset))
    directory += name
    count += 1
  }

  /// The archive's bytes.
  var bytes: [UInt8] {
    var end: [UInt8] = []
    end.append(uint32: 0x0605_4B50)
    end.append(uint16: 0)
    end.append(uint16: 0)
    end.append(uint16: UInt16(count))
    end.append(uint16: UInt16(count))
    end.append(uint32: UInt32(directory.count))
    end.append(uint32: UInt32(archive.count))
    end.append(uint16: 0)
    return archive + directory + end
  }
}

extension [UInt8] {
  fileprivate mutating func append(uint16 value: UInt16) {
    append(UInt8(value & 0xFF))
    append(UInt8(value >> 8))
  }

  fileprivate mutating func append(uint32 value: UInt32) {
    append(uint16: UInt16(value & 0xFFFF))
    append(uint16: UInt16(value >> 16))
  }
}
