import Foundation

extension QRCodeReader {
  /// One image of a batch and what reading it gave.
  public struct FileScan: Sendable {
    /// Its place in the list given.
    public let index: Int
    public let path: String
    /// The scan (with no symbols when none was found), or why the image could not be read.
    public let result: Result<Scan, Error>
  }

  /// Reads every file on its own, `jobs` at a time, and gives the results in the order of
  /// `paths` (see ``FileScans``).
  ///
  /// ```swift
  /// for await file in QRCodeReader.scanEach(["a.png", "b.jpg"], jobs: 2) {
  ///   print(file.path, (try? file.result.get())?.symbols.map(\.text) ?? [])
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - paths: the image files (PNG or JPEG).
  ///   - jobs: how many images are read at once, each on a thread of its own.
  ///   - passes: the passes each image gets (as ``init(passes:timeLimit:)``).
  ///   - timeLimit: seconds one image may take.
  ///   - limits: the limits each image is decoded within.
  public static func scanEach(
    _ paths: [String], jobs: Int = ProcessInfo.processInfo.activeProcessorCount, passes: [Pass] = Pass.allCases,
    timeLimit: Double = 5, limits: ImageLimits = .default
  ) -> FileScans {
    FileScans(paths: paths, jobs: max(1, jobs), passes: passes, timeLimit: timeLimit, limits: limits)
  }

  /// The results of reading many files, in the order given. Reading starts when the
  /// iteration does, on `jobs` threads of their own (a zbar pass blocks: the Swift
  /// concurrency pool is not for that). Memory stays bounded whatever the number of files:
  /// a worker waits while `jobs × 2` results are ahead of the one the consumer takes next.
  /// Ending the iteration early (a `break`, or the task cancelled) stops the workers after
  /// the images in hand.
  public struct FileScans: AsyncSequence, Sendable {
    public typealias Element = FileScan
    let paths: [String]
    let jobs: Int
    let passes: [Pass]
    let timeLimit: Double
    let limits: ImageLimits

    public func makeAsyncIterator() -> Iterator {
      let batch = Batch(count: paths.count, window: jobs * 2)
      for _ in 0..<Swift.min(jobs, paths.count) {
        let (paths, passes, timeLimit, limits) = (paths, passes, timeLimit, limits)
        let thread = Thread {
          let reader = QRCodeReader(passes: passes, timeLimit: timeLimit)
          while let index = batch.take() {
            let result: Result<Scan, Error>
            do throws(Error) {
              result = .success(try reader.scan(contentsOfFile: paths[index], limits: limits))
            } catch {
              result = .failure(error)
            }
            batch.finish(FileScan(index: index, path: paths[index], result: result))
          }
        }
        thread.name = "qrquiz-scan"
        thread.start()
      }
      return Iterator(owner: BatchOwner(batch))
    }

    public struct Iterator: AsyncIteratorProtocol {
      let owner: BatchOwner

      public mutating func next() async -> FileScan? { await owner.batch.next() }
    }
  }

  /// Stops the workers when the iteration that owns it goes away.
  final class BatchOwner: Sendable {
    let batch: Batch
    init(_ batch: Batch) { self.batch = batch }
    deinit { batch.cancel() }
  }

  /// The work of a batch: the next index to read, the results that came early, the one the
  /// consumer waits for, and the window that keeps workers from running far ahead of it.
  final class Batch: @unchecked Sendable {
    // Everything is touched only under `condition`'s lock.
    private let condition = NSCondition()
    private let count: Int
    private let window: Int
    private var next = 0
    private var delivered = 0
    private var early: [Int: FileScan] = [:]
    private var waiting: CheckedContinuation<FileScan?, Never>?
    private var cancelled = false

    init(count: Int, window: Int) {
      self.count = count
      self.window = window
    }

    /// The next index to read; `nil` when there is none, or the consumer left. Waits while
    /// the window is full.
    func take() -> Int? {
      condition.lock()
      defer { condition.unlock() }
      while !cancelled, next < count, next - delivered >= window { condition.wait() }
      guard !cancelled, next < count else { return nil }
      next += 1
      return next - 1
    }

    /// A worker's result: to the consumer if it waits for this one, else kept until asked.
    func finish(_ scan: FileScan) {
      condition.lock()
      guard !cancelled else { return condition.unlock() }
      guard scan.index == delivered, let consumer = waiting else {
        early[scan.index] = scan
        return condition.unlock()
      }
      waiting = nil
      delivered += 1
      condition.broadcast()
      condition.unlock()
      consumer.resume(returning: scan)
    }

    /// The next result in order, once it is read; `nil` after the last, or when cancelled.
    func next() async -> FileScan? {
      await withTaskCancellationHandler {
        await withCheckedContinuation { (consumer: CheckedContinuation<FileScan?, Never>) in
          condition.lock()
          if cancelled || delivered == count {
            condition.unlock()
            return consumer.resume(returning: nil)
          }
          if let ready = early.removeValue(forKey: delivered) {
            delivered += 1
            condition.broadcast()
            condition.unlock()
            return consumer.resume(returning: ready)
          }
          waiting = consumer
          condition.unlock()
        }
      } onCancel: {
        cancel()
      }
    }

    func cancel() {
      condition.lock()
      cancelled = true
      early = [:]
      let consumer = waiting
      waiting = nil
      condition.broadcast()
      condition.unlock()
      consumer?.resume(returning: nil)
    }
  }
}
