import Dispatch
import Foundation
import QRQuiz
import QRQuizLocking
import Synchronization

/// Runs independent jobs on up to `jobs` threads and returns their results in input order.
/// Batch commands use it so that 1000 topics use every core, as `make -j` would.
enum ParallelWork {
  static func map<Result: Sendable>(
    count: Int, jobs: Int, _ body: @Sendable (Int) -> Result
  ) -> [Result?] {
    let results = Locked([Result?](repeating: nil, count: count))
    let next = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, count))) { _ in
      while true {
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard index < count else { return }
        let result = body(index)
        results.withLock { $0[index] = result }
      }
    }
    return results.withLock { $0 }
  }

  /// The default job count: the cores this process may use.
  static var defaultJobs: Int { ProcessInfo.processInfo.activeProcessorCount }
}
