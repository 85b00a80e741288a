import QRQuiz
import Synchronization
import Testing

@testable import QRQuizServer

/// The clock of live games several servers share: the machine's moved by the database's
/// offset, and never back when a new measure of the offset is smaller.
@Suite struct LiveClockTests {
  @Test func theDatabasesOffsetMovesTheClockButNeverBack() {
    let machine = Mutex(Int64(1_000_000))
    let offset = Mutex(Int64(500))
    let base = LiveClock { QuizClock.Instant(microsecondsSince1970: machine.withLock { $0 }) }
    let clock = LiveClock.offset(base) { offset.withLock { $0 } }
    #expect(clock.now().microsecondsSince1970 == 1_000_500)
    // The next measure says the database is 300 µs behind where it was thought to be.
    offset.withLock { $0 = 200 }
    #expect(clock.now().microsecondsSince1970 == 1_000_500)
    machine.withLock { $0 += 1_000 }
    #expect(clock.now().microsecondsSince1970 == 1_001_200)
    offset.withLock { $0 = 2_000 }
    #expect(clock.now().microsecondsSince1970 == 1_003_000)
  }
}
