import Foundation

/// The threads that run the server's responders: a task executor of their own, one per
/// ``ResponderLane``, so that the work of one lane never queues behind another's.
///
/// Answers used to be made on Swift's shared cooperative pool, which has one thread per
/// core. Anything in the process that blocks those threads (a synchronous wait in an app
/// back end, or the test runner's own tests) then left every suspended connection
/// unanswered until its client gave up. On threads of its own the server keeps
/// answering; its tasks' actor calls (default actors follow the task's executor
/// preference) run here too.
final class ResponderThreads: TaskExecutor, @unchecked Sendable {
  /// One set per lane for every server in the process: they live as long as it does, so
  /// a task still running when its server stops always has a thread to finish on.
  static let shared = ResponderThreads(name: "responder", count: max(2, ProcessInfo.processInfo.activeProcessorCount))
  /// A live game's moves: two threads, whatever else is busy.
  static let live = ResponderThreads(name: "live", count: 2)
  /// Big saves and uploads: one thread, so they take at most one core between them.
  static let bulk = ResponderThreads(name: "bulk", count: 1)

  /// The threads of `lane`.
  static func of(_ lane: ResponderLane) -> ResponderThreads {
    switch lane {
    case .standard: shared
    case .live: live
    case .bulk: bulk
    }
  }

  // `jobs` is touched only while `condition` is locked.
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var nextJob = 0

  private init(name: String, count: Int) {
    for number in 0..<count {
      let thread = Thread { [unowned self] in self.runJobs() }
      thread.name = "qrquiz-\(name)-\(number)"
      thread.start()
    }
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.withLock {
      jobs.append(job)
      condition.signal()
    }
  }

  private func runJobs() {
    while true {
      let job = condition.withLock {
        while nextJob == jobs.count { condition.wait() }
        let job = jobs[nextJob]
        nextJob += 1
        // Drop the jobs already taken once they are a good share of the array, so it
        // neither grows for ever nor shifts on every job.
        if nextJob >= 1024, nextJob * 2 >= jobs.count {
          jobs.removeFirst(nextJob)
          nextJob = 0
        }
        return job
      }
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
