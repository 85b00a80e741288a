import Foundation
import Glibc

/// A program the tests start, with `posix_spawn`: what Foundation's `Process` gives the tests,
/// without its crash. On our toolchain `Process.run()` sometimes segfaults in the child set-up
/// (`findMaximumOpenFromProcSelfFD` copies a whole `dirent` name past what `readdir` filled,
/// swift-corelibs-foundation #5472), and a suite that starts hundreds of programs meets it.
///
/// The child gets the tests' environment (or `environment`), standard input from a file, a
/// descriptor or /dev/null, standard output and error into files (never pipes, so a chatty child can never
/// block), no other descriptor of the tests (closed from 3 up), an empty signal mask and every
/// signal at its default: the test runner's threads may block or ignore signals (SIGTERM,
/// SIGPIPE) that a program under test must receive as a real one would.
package final class ChildProcess: @unchecked Sendable {
  package struct Failure: Error, CustomStringConvertible {
    package var description: String
  }

  /// Where the child's standard input comes from.
  package enum Input {
    case null
    case file(URL)
    /// A descriptor of the tests' (a pipe's reading end, say): the child gets a copy of it
    /// and nothing else of the tests'.
    case descriptor(Int32)
  }

  package let pid: pid_t
  private let lock = NSLock()
  /// The status `waitpid` gave once the child ended (guarded by `lock`).
  private var waitStatus: Int32?

  package init(
    _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
    workingDirectory: URL? = nil, stdin: Input = .null, stdout: URL? = nil, stderr: URL? = nil
  ) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    func redirect(_ descriptor: Int32, to url: URL?, _ flags: Int32) {
      posix_spawn_file_actions_addopen(&actions, descriptor, url?.path ?? "/dev/null", flags, 0o644)
    }
    switch stdin {
    case .null: redirect(0, to: nil, O_RDONLY)
    case .file(let url): redirect(0, to: url, O_RDONLY)
    case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, 0)
    }
    redirect(1, to: stdout, O_WRONLY | O_CREAT | O_TRUNC)
    redirect(2, to: stderr, O_WRONLY | O_CREAT | O_TRUNC)
    ChildProcess.closeFrom3(&actions)
    if let workingDirectory {
      guard ChildProcess.changeDirectory(&actions, workingDirectory.path) else {
        throw Failure(description: "this C library cannot start a program in another directory")
      }
    }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var everySignal = sigset_t()
    sigfillset(&everySignal)
    posix_spawnattr_setsigdefault(&attributes, &everySignal)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let environmentLines =
      (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
    let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
    let envp = environmentLines.map { strdup($0) } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var child: pid_t = 0
    let result = posix_spawn(&child, executable.path, &actions, &attributes, argv, envp)
    guard result == 0 else {
      throw Failure(description: "cannot start \(executable.path): \(String(cString: strerror(result)))")
    }
    pid = child
  }

  /// Whether the child is still running (reaps it once it has ended).
  package var isRunning: Bool {
    lock.lock()
    defer { lock.unlock() }
    if waitStatus != nil { return false }
    var status: Int32 = 0
    guard waitpid(pid, &status, WNOHANG) == pid else { return true }
    waitStatus = status
    return false
  }

  /// Waits for the child to end.
  package func waitUntilExit() {
    lock.lock()
    defer { lock.unlock() }
    while waitStatus == nil {
      var status: Int32 = 0
      let result = waitpid(pid, &status, 0)
      if result == pid {
        waitStatus = status
      } else if result < 0, errno != EINTR {
        waitStatus = 0
      }
    }
  }

  /// What ended a wait for a child.
  package enum WaitOutcome: Equatable, Sendable {
    /// What the wait was for happened.
    case done
    /// The child ended first.
    case ended
    /// The child hangs (``HangLimit``), for this reason.
    case hung(String)
  }

  /// Waits until `done` holds, looking every `pause` microseconds, for as long as the child
  /// runs and does not hang: never for a number of seconds of its own.
  package func wait(
    until done: () throws -> Bool, hangLimit: HangLimit = .standard, pause: UInt32 = 2_000
  ) rethrows -> WaitOutcome {
    var watch = HangWatch(pid: pid, limit: hangLimit)
    while true {
      if try done() { return .done }
      guard isRunning else { return try done() ? .done : .ended }
      if let reason = watch.hang() { return .hung(reason) }
      usleep(pause)
    }
  }

  /// Waits as `wait(until:hangLimit:)` does, without holding a thread: tests run on Swift's
  /// cooperative pool, as many threads as cores (two in CI), or on the few
  /// `BlockingTestThreads`, and a test blocked in `wait` on a browser check for minutes takes
  /// one of them from every other test.
  package func waited(until done: () -> Bool, hangLimit: HangLimit = .standard) async -> WaitOutcome {
    var watch = HangWatch(pid: pid, limit: hangLimit)
    while true {
      if done() { return .done }
      guard isRunning else { return done() ? .done : .ended }
      if let reason = watch.hang() { return .hung(reason) }
      guard !Task.isCancelled else { return .hung("the test was cancelled") }
      try? await Task.sleep(for: .milliseconds(5))
    }
  }

  /// Waits for the child to end, unless it hangs first: whether it ended.
  package func wait(hangLimit: HangLimit = .standard) -> Bool { wait(until: { false }, hangLimit: hangLimit) == .ended }

  /// Awaits the child's end without holding a thread, unless it hangs first: whether it ended.
  package func ended(hangLimit: HangLimit = .standard) async -> Bool {
    await waited(until: { false }, hangLimit: hangLimit) == .ended
  }

  /// Sends the child `signal` (nothing happens once it has been reaped).
  package func send(_ signal: Int32) {
    if isRunning { Glibc.kill(pid, signal) }
  }

  /// SIGKILL, then waits: nothing of the child runs after this.
  package func killNow() {
    send(SIGKILL)
    waitUntilExit()
  }

  /// The exit code, or the number of the signal that ended it (as `Process` gives them); call
  /// after the child has ended.
  package var terminationStatus: Int32 {
    let status = lock.withLock { waitStatus } ?? 0
    return endedBySignal ? status & 0x7f : (status >> 8) & 0xff
  }

  /// Whether a signal ended the child (it did not exit by itself).
  package var endedBySignal: Bool {
    let status = lock.withLock { waitStatus } ?? 0
    return status & 0x7f != 0 && status & 0x7f != 0x7f
  }

  // glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34) and `…_addchdir_np` (2.29) are
  // GNU extensions the Swift Glibc module does not import: looked up by name.
  private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
  private typealias ChangeDirectory =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

  private static func closeFrom3(_ actions: inout posix_spawn_file_actions_t) {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
    else { return }
    _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
  }

  private static func changeDirectory(_ actions: inout posix_spawn_file_actions_t, _ path: String) -> Bool {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np")
    else { return false }
    return unsafeBitCast(symbol, to: ChangeDirectory.self)(&actions, path) == 0
  }
}
