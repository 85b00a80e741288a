import Foundation

/// The one writer of a database: a thread that owns the write connection and runs the
/// queued jobs of every game, homework and command in transactions. Jobs that arrive while
/// a transaction commits wait for the next one and share it (group commit across games:
/// a thousand answers in two seconds cost a few dozen commits, on one thread where there
/// were a writer thread and a journal file per game in 0.5).
///
/// Each job runs in a savepoint of its own, so one that fails is undone alone; a commit that
/// fails (a full disk) fails every job of the transaction. A job's completion is called on
/// the writer's thread once its fate is known: keep it short (resume a waiter).
final class RecordWriter: @unchecked Sendable {
  // @unchecked: `queue`, `closing` and `finished` are touched only under `condition`'s
  // lock; `connection` only on the writer thread once it has started.
  struct Job {
    var body: @Sendable (Database) throws(DatabaseError) -> Void
    var completion: @Sendable (DatabaseError?) -> Void
    /// PostgreSQL advisory locks (`pg_advisory_xact_lock`) the job's transaction must hold
    /// before any job of it runs: a live game's, so that one game's moves are taken one
    /// at a time by every server sharing the database (``LiveMoveLog``).
    var lockKeys: [Int64] = []
  }

  private let condition = NSCondition()
  private var queue: [Job] = []
  private var closing = false
  private var finished = false
  private let connection: Database
  /// Transactions committed, for the tests and benchmarks that count group commits.
  private(set) var commits = 0

  /// The most jobs one transaction takes: a burst beyond it commits in several.
  static let maximumJobsPerTransaction = 4096

  init(connection: Database) {
    self.connection = connection
    let thread = Thread { [self] in run() }
    thread.name = "qrquiz-record-writer"
    thread.start()
  }

  /// Queues `job` after every job queued before it.
  func enqueue(_ job: Job) {
    condition.lock()
    guard !closing else {
      condition.unlock()
      job.completion(DatabaseError(kind: .closed, path: connection.path, message: "the store is closed"))
      return
    }
    queue.append(job)
    condition.signal()
    condition.unlock()
  }

  /// Runs every job queued so far, then stops the thread.
  func close() {
    condition.lock()
    closing = true
    condition.signal()
    while !finished { condition.wait() }
    condition.unlock()
  }

  /// Transactions committed so far.
  var commitCount: Int { condition.withLock { commits } }

  private func run() {
    while true {
      condition.lock()
      while queue.isEmpty && !closing { condition.wait() }
      if queue.isEmpty {
        finished = true
        condition.broadcast()
        condition.unlock()
        return
      }
      let batch = Array(queue.prefix(Self.maximumJobsPerTransaction))
      queue.removeFirst(batch.count)
      condition.unlock()
      let outcomes = commit(batch)
      for (job, outcome) in zip(batch, outcomes) { job.completion(outcome) }
    }
  }

  /// Runs `batch` in one transaction: each job's error, or `nil` for the ones committed.
  private func commit(_ batch: [Job]) -> [DatabaseError?] {
    // A server lost since the last transaction is connected to again: the jobs that met
    // the loss failed at once, and the ones after it find the server back.
    connection.reconnectIfLost()
    do {
      try connection.begin()
      // Every lock of the batch taken first, in one order: two servers locking the same
      // games wait for each other, never each for the other (no deadlock between them).
      // A server that holds one and hangs (stopped, not killed) costs this one's moves a
      // refusal after 5 s, not a writer that waits for ever.
      let keys = Set(batch.flatMap(\.lockKeys)).sorted()
      if !keys.isEmpty { try connection.execute("SET LOCAL lock_timeout = '5s'") }
      for key in keys {
        try connection.execute("SELECT pg_advisory_xact_lock(\(key))")
      }
    } catch {
      if connection.isInTransaction { try? connection.execute("ROLLBACK") }
      return Array(repeating: error, count: batch.count)
    }
    var outcomes: [DatabaseError?] = []
    outcomes.reserveCapacity(batch.count)
    // A job's savepoint is released in one round trip with the next one's making (and the
    // last with the commit): on a server, each statement is a trip there and back.
    var savepointOpen = false
    for job in batch {
      do {
        try connection.executeScript(savepointOpen ? "RELEASE job; SAVEPOINT job" : "SAVEPOINT job")
        savepointOpen = true
      } catch {
        // Not a job's doing: the transaction cannot go on.
        if connection.isInTransaction { try? connection.execute("ROLLBACK") }
        return Array(repeating: error, count: batch.count)
      }
      do {
        try job.body(connection)
        outcomes.append(nil)
      } catch {
        guard connection.isInTransaction else {
          // SQLite rolled the whole transaction back (a full disk, an I/O error), or the
          // PostgreSQL server was lost: every job of it is lost, those before this one too.
          return Array(repeating: error, count: batch.count)
        }
        try? connection.execute("ROLLBACK TO job")
        try? connection.execute("RELEASE job")
        savepointOpen = false
        outcomes.append(error)
      }
    }
    do {
      try connection.executeScript(savepointOpen ? "RELEASE job; COMMIT" : "COMMIT")
      condition.withLock { commits += 1 }
      return outcomes
    } catch {
      try? connection.execute("ROLLBACK")
      return Array(repeating: error, count: batch.count)
    }
  }
}
