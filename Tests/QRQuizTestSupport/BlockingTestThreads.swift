import Foundation
import Testing

/// Threads for tests that block the thread they run on: they wait for a `qrquiz` process, a
/// socket, a server's timeout or a semaphore. Swift Testing runs every test on Swift's
/// cooperative pool, one thread per core; on CI's two cores, two such tests waiting at once
/// left nothing running in this process while the machine sat idle. A test with the
/// `.blocksItsThread` trait runs here instead (the child tasks it starts follow it, as a task
/// executor preference makes them; a `Task {}` it starts does not), and the cooperative pool
/// goes on with the others.
///
/// A fixed, small number of threads: what the end-to-end tests start (servers, browsers,
/// `qrquiz` itself) needs the cores too, as do the few of them that decode in this process,
/// and many more at once on two cores would only make each wait longer.
package final class BlockingTestThreads: TaskExecutor, @unchecked Sendable {
  package static let shared = BlockingTestThreads(count: 4)

  private let condition = NSCondition()
  /// Jobs in the order they came, those before `next` already taken; both guarded by
  /// `condition`.
  private var jobs: [UnownedJob] = []
  private var next = 0

  private init(count: Int) {
    for number in 1...count {
      // The threads live as long as the process, as does `shared`.
      let thread = Thread { self.work() }
      thread.name = "blocking test \(number)"
      thread.start()
    }
  }

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  private func work() {
    while true {
      condition.lock()
      while next == jobs.count { condition.wait() }
      let job = jobs[next]
      next += 1
      // What was taken goes once it is half the array: a queue that never empties does not
      // grow without end, and each job is moved once on average.
      if next * 2 >= jobs.count {
        jobs.removeFirst(next)
        next = 0
      }
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}

/// Runs each test of a suite (or the test) it is on on `BlockingTestThreads`.
package struct BlocksItsThreadTrait: SuiteTrait, TestTrait, TestScoping {
  package var isRecursive: Bool { true }

  package func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    testCase == nil ? nil : self
  }

  package func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await withTaskExecutorPreference(BlockingTestThreads.shared, operation: function)
  }
}

extension Trait where Self == BlocksItsThreadTrait {
  /// The test waits with its thread blocked (for a process, a socket, a timeout): it runs on
  /// threads of its own so the cooperative pool's few go on with other tests.
  package static var blocksItsThread: Self { Self() }
}
