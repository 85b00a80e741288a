import Foundation
import QRQuiz
import QRQuizTestSupport
import Testing

@testable import QRQuizClassroom

/// Players' statistics in the records: concurrent updates all count, and a row that is not
/// statistics is kept aside, never overwritten.
@Suite struct StatisticsStoreTests {
  @Test(arguments: RecordEngine.allCases)
  func statisticsSurviveTwoPlayersAtOnceAndACorruptRowIsSetAside(engine: RecordEngine) async throws {
    let directory = try TestRecords(engine)
    let records = try directory.open()
    let store = StatisticsStore(records: records)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<40 { group.addTask { _ = try? store.update(profile: "Ada") { $0.score += 1 } } }
    }
    #expect(try store.statistics(of: "ada").statistics.score == 40)
    try await records.write { database throws(DatabaseError) in
      try database.execute("UPDATE statistics SET statistics = '{ not statistics' WHERE profile_key = 'ada'")
    }
    let loaded = try store.statistics(of: "Ada")
    #expect(loaded.statistics == PlayStatistics())
    let setAside = try #require(loaded.setAside)
    let kept = try records.read { database throws(DatabaseError) in
      try database.value("SELECT statistics FROM statistics WHERE profile_key = \(setAside)", as: String.self)
    }
    #expect(kept == "{ not statistics")
    // The player starts again from nothing, the bad row still kept.
    try store.update(profile: "Ada") { $0.score += 5 }
    #expect(try store.statistics(of: "Ada").statistics.score == 5)
  }
}
