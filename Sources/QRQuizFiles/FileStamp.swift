import Foundation

/// What tells a file changed without reading it: its device, inode, size and modification
/// time (to the nanosecond). A file replaced by rename gets a new inode.
public struct FileStamp: Sendable, Hashable {
  let device: UInt64
  let inode: UInt64
  let size: Int64
  let seconds: Int
  let nanoseconds: Int

  package init(_ status: stat) {
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    size = Int64(status.st_size)
    seconds = status.st_mtim.tv_sec
    nanoseconds = status.st_mtim.tv_nsec
  }
}
