import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom

/// Class rosters: card numbers given once and for good, names checked as strangers' text,
/// and the store's rows, each change one transaction, on both engines (`RecordEngine`).
@Suite struct ClassRosterTests {
  /// One test's records on an engine, and the roster store on them.
  struct Fixture {
    let database: TestRecords
    let records: RecordStore
    let store: ClassRosterStore

    init(_ engine: RecordEngine) throws {
      database = try TestRecords(engine)
      records = try database.open()
      store = ClassRosterStore(records: records)
    }

    /// Runs `sql` on the records, as a person editing the database by hand would.
    func edit(_ sql: SQL) throws {
      try records.write { database throws(DatabaseError) in try database.execute(sql) }
    }
  }

  @Test func cardsFollowTheListAndAreNeverReused() throws {
    var roster = try ClassRoster(name: "7B", students: ["Ada", "Alan", "Grace"])
    #expect(roster.students.map(\.card) == [1, 2, 3])
    try roster.remove(.card(3))
    try roster.remove(.name("ALAN"))
    #expect(try roster.add(["Katherine", "Alan"]).map(\.card) == [4, 5])
    #expect(roster.students.map(\.card) == [1, 4, 5])
    #expect(roster.removed.map(\.card) == [2, 3])
    #expect(roster.student(card: 5)?.name.text == "Alan")
    #expect(roster.student(card: 2) == nil)
    let renamed = try roster.renameStudent(.card(4), to: "Katherine Johnson")
    #expect(renamed.card == 4 && roster.student(.name("katherine johnson"))?.card == 4)
  }

  @Test(arguments: RecordEngine.allCases)
  func numbersStayStableThroughTheStoreAcrossAddsAndRemoves(engine: RecordEngine) throws {
    let fixture = try Fixture(engine)
    let store = fixture.store
    try store.create(try ClassRoster(name: "7B", students: (1...30).map { "Student \($0)" }))
    try store.update("7b") { roster throws(ClassRoster.Problem) in
      try roster.remove(.card(7))
      try roster.remove(.card(30))
    }
    let added = try store.update("7B") { roster throws(ClassRoster.Problem) in try roster.add(["Late", "Later"]) }
    #expect(added.map(\.card) == [31, 32])
    let roster = try store.roster(named: "7B")
    #expect(roster.students.count == 30)
    #expect(roster.student(card: 6)?.name.text == "Student 6")
    #expect(roster.student(card: 8)?.name.text == "Student 8")
    #expect(roster.student(card: 7) == nil && roster.removed.map(\.card) == [7, 30])
    try store.update("7B") { roster throws(ClassRoster.Problem) in try roster.remove(.card(32)) }
    #expect(try store.update("7B") { roster throws(ClassRoster.Problem) in try roster.add(["Last"]) }.first?.card == 33)
    _ = try store.rename("7B", to: "8B")
    #expect(try store.roster(named: "8b").student(card: 33)?.name.text == "Last")
    #expect(throws: ClassRosterStore.Error.notFound("7B")) { try store.roster(named: "7B") }
  }

  @Test(arguments: [
    ("", StudentName.Problem.empty),
    ("   ", .empty),
    (String(repeating: "x", count: 41), .tooLong(characters: 41, limit: 40)),
    ("Ada\u{202E}nimda", .invisibleCharacter(position: 4)),
    ("Ada\u{1B}[2J", .invisibleCharacter(position: 4)),
    ("A\u{200B}da", .invisibleCharacter(position: 2)),
    ("Ada\tLovelace", .invisibleCharacter(position: 4)),
  ])
  func badNamesAreRefused(_ name: String, _ problem: StudentName.Problem) {
    #expect(throws: ClassRoster.Problem.badName(index: 1, problem)) {
      try ClassRoster(name: "7B", students: ["Fine", name])
    }
  }

  @Test func namesAreComparedAsPlayersNamesAre() throws {
    #expect(throws: ClassRoster.Problem.listedTwice(index: 2, name: "ＡＤＡ", firstIndex: 0)) {
      try ClassRoster(name: "7B", students: ["Ada", "Alan", "ＡＤＡ"])
    }
    var roster = try ClassRoster(name: "7B", students: ["José", "Alan"])
    #expect(throws: ClassRoster.Problem.alreadyInClass(index: 0, name: "jose", card: 1)) { try roster.add(["jose"]) }
    #expect(throws: ClassRoster.Problem.alreadyInClass(index: 0, name: "Alan", card: 2)) {
      try roster.renameStudent(.card(1), to: "Alan")
    }
    #expect(roster.students.count == 2, "a refused add adds no one")
    // Emoji sequences keep their joiner.
    #expect(try roster.add(["👩‍🚀 Sally"]).first?.name.text == "👩‍🚀 Sally")
  }

  @Test func aClassRunsOutOfCardNumbersRatherThanReuseOne() throws {
    var roster = try ClassRoster(name: "Big", students: ClassRoster.cardNumbers.map { "Student \($0)" })
    try roster.remove(.card(1))
    #expect(throws: ClassRoster.Problem.noCardNumbersLeft(limit: ClassRoster.cardNumbers.upperBound)) {
      try roster.add(["One more"])
    }
  }

  @Test(arguments: RecordEngine.allCases)
  func classNamesAreUniqueLooselyAndSafeAsFiles(engine: RecordEngine) throws {
    let fixture = try Fixture(engine)
    let (records, store) = (fixture.records, fixture.store)
    try store.create(try ClassRoster(name: "Año 7/B", students: ["Ada"]))
    #expect(throws: ClassRosterStore.Error.nameTaken("Año 7/B")) {
      try store.create(try ClassRoster(name: "año 7_b", students: []))
    }
    #expect(try store.roster(named: "ano 7_b").name.text == "Año 7/B")
    let names = try records.read { database throws(DatabaseError) in
      try database.rows("SELECT name FROM classes").compactMap { $0.get(0, as: String.self) }
    }
    #expect(names == ["Año 7/B"])
    try store.create(try ClassRoster(name: "8B", students: []))
    #expect(throws: ClassRosterStore.Error.nameTaken("8B")) { try store.rename("Año 7/B", to: "8b") }
    #expect(try store.list().map(\.name.text) == ["8B", "Año 7/B"])
    #expect(try store.delete("8B").name.text == "8B")
    #expect(throws: ClassRosterStore.Error.notFound("8B")) { try store.delete("8B") }
  }

  @Test(arguments: RecordEngine.allCases)
  func tamperedRowsAreRefusedNotTrusted(engine: RecordEngine) throws {
    let fixture = try Fixture(engine)
    let store = fixture.store
    try store.create(try ClassRoster(name: "7B", students: ["Ada", "Bob"]))
    func expectCorrupt(_ reason: String, sourceLocation: SourceLocation = #_sourceLocation) {
      #expect(
        throws: ClassRosterStore.Error.corrupt(name: "7B", reason: reason), sourceLocation: sourceLocation
      ) { try store.roster(named: "7B") }
    }
    // A card past the class's next one.
    try fixture.edit("UPDATE classes SET next_card = 2")
    expectCorrupt("card 2 is out of range or given twice")
    try fixture.edit("UPDATE classes SET next_card = 3")
    // Two students of one name.
    try fixture.edit("UPDATE students SET name = 'Ada', name_key = 'ada' WHERE card = 2")
    expectCorrupt("'Ada' is listed twice")
    #expect(throws: ClassRosterStore.Error.self) {
      try store.update("7B") { roster throws(ClassRoster.Problem) in try roster.add(["Cy"]) }
    }
    try fixture.edit("UPDATE students SET name = 'Bob', name_key = 'bob' WHERE card = 2")
    try fixture.edit("UPDATE students SET name = \("A\u{202E}da") WHERE card = 1")
    #expect(throws: ClassRosterStore.Error.self) { try store.update("7B") { _ throws(ClassRoster.Problem) in } }
    try fixture.edit("UPDATE students SET name = 'Ada' WHERE card = 1")
    let edits: [(SQL, String)] = [
      (
        "UPDATE students SET time_factor = 9 WHERE card = 1",
        "card 1: extra time must be a factor from 1 to 4 (1.5 for half as long again), not 9"
      ),
      (
        "UPDATE students SET time_factor = 0.5 WHERE card = 1",
        "card 1: extra time must be a factor from 1 to 4 (1.5 for half as long again), not 0.5"
      ),
      (
        "UPDATE students SET time_factor = 1, results_secret = '../../etc' WHERE card = 1",
        "card 1: a results secret that is not 32 hexadecimal digits"
      ),
    ]
    for (change, reason) in edits {
      try fixture.edit(change)
      expectCorrupt(reason)
    }
    // A class that cannot be read is named in the list, never silently left out.
    #expect(
      throws: ClassRosterStore.Error.corrupt(
        name: "7B", reason: "card 1: a results secret that is not 32 hexadecimal digits")
    ) { try store.list() }
    #expect(store.listReadable().problems.count == 1)
  }

  @Test(arguments: RecordEngine.allCases)
  func accommodationsAreKeptInTheStudentsRows(engine: RecordEngine) throws {
    let fixture = try Fixture(engine)
    let (records, store) = (fixture.records, fixture.store)
    try store.create(try ClassRoster(name: "7B", students: ["Ada Lovelace", "Alan Turing"]))
    func stored() throws -> [[DatabaseValue]] {
      try records.read { database throws(DatabaseError) in
        try database.rows("SELECT card, time_factor, no_speed_scoring, retired FROM students ORDER BY card").map(
          \.values)
      }
    }
    #expect(
      try stored() == [
        [.integer(1), .real(1), .integer(0), .integer(0)], [.integer(2), .real(1), .integer(0), .integer(0)],
      ])
    let ada = try store.update("7B") { roster throws(ClassRoster.Problem) in
      try roster.setAccommodations(
        .name("ada lovelace"), try ClassRoster.Accommodations(timeFactor: 1.5, noSpeedScoring: true))
    }
    #expect(ada.card == 1 && ada.accommodations.timeFactorText == "×1.5" && ada.accommodations.seconds(20) == 30)
    #expect(try stored()[0] == [.integer(1), .real(1.5), .integer(1), .integer(0)])
    let read = try store.roster(named: "7B")
    #expect(read.student(card: 1)?.accommodations == ada.accommodations)
    #expect(read.student(card: 2)?.accommodations.isNone == true)
    // Renamed, she keeps them; removed, they go with her and the class is format 1 again.
    try store.update("7B") { roster throws(ClassRoster.Problem) in try roster.renameStudent(.card(1), to: "Ada King") }
    #expect(try store.roster(named: "7B").student(card: 1)?.accommodations.noSpeedScoring == true)
    try store.update("7B") { roster throws(ClassRoster.Problem) in try roster.remove(.card(1)) }
    #expect(try store.roster(named: "7B").removed.first?.accommodations.isNone == true)
    // Her row stays, retired: card 1 is never given again.
    #expect(try stored()[0] == [.integer(1), .real(1), .integer(0), .integer(1)])
    #expect(throws: ClassRoster.Problem.badTimeFactor(5)) { try ClassRoster.Accommodations(timeFactor: 5) }
    #expect(throws: ClassRoster.Problem.self) {
      try ClassRoster.Accommodations(timeFactor: .nan)
    }
  }

  @Test(arguments: RecordEngine.allCases)
  func eachStudentGetsTheSecretOfTheirOwnPageOnce(engine: RecordEngine) throws {
    let fixture = try Fixture(engine)
    let store = fixture.store
    var roster = try ClassRoster(name: "7B", students: ["Ada", "Alan"])
    #expect(roster.giveResultsSecrets() == 2)
    #expect(roster.giveResultsSecrets() == 0, "given once, kept")
    let secrets = roster.students.compactMap(\.resultsSecret)
    #expect(secrets.count == 2 && Set(secrets).count == 2 && secrets.allSatisfy { $0.count == 32 })
    #expect(roster.student(resultsSecret: secrets[1])?.name.text == "Alan")
    #expect(roster.student(resultsSecret: String(repeating: "0", count: 32)) == nil)
    try store.create(roster)
    #expect(try store.roster(named: "7B").student(resultsSecret: secrets[0])?.card == 1)
  }

  @Test(arguments: RecordEngine.allCases)
  func concurrentAddsGiveEveryCardOnce(engine: RecordEngine) async throws {
    let fixture = try Fixture(engine)
    let store = fixture.store
    try store.create(try ClassRoster(name: "7B", students: []))
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<24 {
        group.addTask {
          _ = try? store.update("7B") { roster throws(ClassRoster.Problem) in try roster.add(["S\(index)"]) }
        }
      }
    }
    let roster = try store.roster(named: "7B")
    #expect(roster.students.map(\.card) == Array(1...24))
    #expect(Set(roster.students.map(\.name.text)).count == 24)
  }
}
