import Foundation
import Glibc
import QRQuizServerTesting
import QRQuizTestSupport
import Synchronization
import Testing

/// The tests' own way of starting programs keeps the promises the end-to-end tests rely on:
/// a child hears SIGTERM even when started from async code, holds none of the tests'
/// descriptors, and its status reads as `Process` gave it. Not `.blocksItsThread`: its waits
/// are short, and one of its tests is about the cooperative pool itself.
@Suite(.tags(.endToEnd), .skippedInFastRuns) struct ChildProcessTests {
  @Test func aChildStartedFromAsyncCodeEndsOnSIGTERM() async throws {
    let child = try ChildProcess(URL(fileURLWithPath: "/bin/sleep"), ["3600"])
    defer { child.killNow() }
    #expect(child.isRunning)
    child.send(SIGTERM)
    #expect(child.wait(), "SIGTERM did not end the child")
    #expect(child.endedBySignal)
    #expect(child.terminationStatus == SIGTERM)
  }

  /// `ended()` holds no thread while it waits: more children than the cooperative pool has
  /// threads are awaited at once, and the code that ends them still gets to run. (With
  /// `wait()` in its place the waiters take every thread, the signal is never sent and each
  /// waiter gives up only when its hang limit calls the child stuck.)
  @Test func awaitingChildrenLeavesThePoolsThreadsToOtherWork() async throws {
    let count = ProcessInfo.processInfo.activeProcessorCount + 2
    let children = try (0..<count).map { _ in try ChildProcess(URL(fileURLWithPath: "/bin/sleep"), ["3600"]) }
    defer { for child in children { child.killNow() } }
    let waiting = StartedWaiters()
    let ended = await withTaskGroup(of: Bool.self) { group in
      for child in children {
        group.addTask {
          waiting.count.add(1, ordering: .relaxed)
          return await child.ended()
        }
      }
      group.addTask {
        // Once every waiter has started: if the waiters held the threads, this never runs.
        while waiting.count.load(ordering: .relaxed) < count {
          try? await Task.sleep(for: .milliseconds(5))
        }
        for child in children { child.send(SIGTERM) }
        return true
      }
      return await group.reduce(true) { $0 && $1 }
    }
    #expect(ended, "a waiter held its thread")
  }

  /// A child that spins is called hung by the processor time it used, its own and its
  /// children's, not by the wall clock (which a busy machine stretches): a shell whose
  /// child loops for ever, given a second of it.
  @Test func aSpinningChildIsHungByItsProcessorTime() throws {
    let child = try ChildProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "sh -c 'while :; do :; done'"])
    defer { child.killNow() }
    let outcome = child.wait(until: { false }, hangLimit: .processorSeconds(1))
    guard case .hung(let reason) = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(reason.contains("s of processor time, over its 1"), "\(reason)")
    #expect(child.isRunning, "the wait ended before the child did")
  }

  @Test func aChildHoldsNoDescriptorOfTheTests() throws {
    let scratch = try TemporaryDirectory()
    // A descriptor the tests hold open, not close-on-exec, as a pipe's end would be.
    let held = open(scratch.path("held"), O_WRONLY | O_CREAT, 0o600)
    defer { close(held) }
    #expect(held > 2)
    let listing = scratch.url.appendingPathComponent("fds")
    let child = try ChildProcess(
      URL(fileURLWithPath: "/bin/sh"), ["-c", "ls /proc/$$/fd"], stdout: listing)
    #expect(child.wait())
    let descriptors = try String(contentsOf: listing, encoding: .utf8).split(separator: "\n")
    // The shell's own 0, 1, 2 and what `ls` opens itself come after; nothing of ours.
    #expect(!descriptors.contains(Substring(String(held))), "\(descriptors)")
    #expect(child.terminationStatus == 0)
  }

  @Test func anExitCodeReadsAsItWasGiven() throws {
    let child = try ChildProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "exit 7"])
    child.waitUntilExit()
    #expect(!child.endedBySignal)
    #expect(child.terminationStatus == 7)
  }
}

/// How many waiters have started, shared by the tasks of one test.
private final class StartedWaiters: Sendable {
  let count = Atomic<Int>(0)
}
