import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom

/// Class rosters: card numbers given once and for good, names checked as strangers' text,
/// and the store's files under its lock.
@Suite struct ClassRosterTests {
  let directory: TemporaryDirectory
  let store: ClassRosterStore

  init() throws {
    directory = try TemporaryDirectory()
    store = ClassRosterStore(directory: directory.url)
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

  @Test func numbersStayStableThroughTheStoreAcrossAddsAndRemoves() throws {
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

  @Test func classNamesAreUniqueLooselyAndSafeAsFiles() throws {
    try store.create(try ClassRoster(name: "Año 7/B", students: ["Ada"]))
    #expect(throws: ClassRosterStore.Error.nameTaken("Año 7_B")) {
      try store.create(try ClassRoster(name: "año 7_b", students: []))
    }
    #expect(try store.roster(named: "ano 7_b").name.text == "Año 7/B")
    #expect(try directory.contents() == [".classes.lock", "Año 7_B.json"])
    try store.create(try ClassRoster(name: "8B", students: []))
    #expect(throws: ClassRosterStore.Error.nameTaken("8B")) { try store.rename("Año 7/B", to: "8b") }
    #expect(try store.list().map(\.name.text) == ["8B", "Año 7/B"])
    #expect(try store.delete("8B").name.text == "8B")
    #expect(throws: ClassRosterStore.Error.notFound("8B")) { try store.delete("8B") }
  }

  @Test func aTamperedFileIsRefusedNotTrusted() throws {
    let file = directory.url.appendingPathComponent("7B.json")
    func write(_ text: String) throws { try Data(text.utf8).write(to: file) }
    try write(
      #"{"format":1,"name":"7B","nextCard":3,"students":[{"card":1,"name":"Ada"},{"card":1,"name":"Bob"}],"removed":[]}"#
    )
    #expect(throws: ClassRosterStore.Error.corrupt(path: file.path, reason: "card 1 is out of range or given twice")) {
      try store.roster(named: "7B")
    }
    try write(
      #"{"format":1,"name":"7B","nextCard":2,"students":[{"card":1,"name":"Ada"}],"removed":[{"card":1,"name":"Ada"}]}"#
    )
    #expect(throws: ClassRosterStore.Error.corrupt(path: file.path, reason: "card 1 is out of range or given twice")) {
      try store.roster(named: "7B")
    }
    try write(#"{"format":1,"name":"7B","nextCard":5,"students":[{"card":1,"name":"A\u202Eda"}],"removed":[]}"#)
    #expect(throws: ClassRosterStore.Error.self) { try store.update("7B") { _ throws(ClassRoster.Problem) in } }
    try write(
      #"{"format":3,"name":"7B","nextCard":2,"students":[{"card":1,"name":"Ada","pronouns":"she"}],"removed":[]}"#)
    #expect(throws: ClassRosterStore.Error.newerFormat(path: file.path, format: 3)) {
      try store.update("7B") { roster throws(ClassRoster.Problem) in try roster.add(["Bob"]) }
    }
    #expect(try String(contentsOf: file, encoding: .utf8).contains("pronouns"), "a newer file is left as it is")
    for (student, reason) in [
      (
        #"{"card":1,"name":"Ada","extraTime":9}"#,
        "card 1: extra time must be a factor from 1 to 4 (1.5 for half as long again), not 9"
      ),
      (
        #"{"card":1,"name":"Ada","extraTime":0.5}"#,
        "card 1: extra time must be a factor from 1 to 4 (1.5 for half as long again), not 0.5"
      ),
      (
        #"{"card":1,"name":"Ada","resultsSecret":"../../etc"}"#,
        "card 1: a results secret that is not 32 hexadecimal digits"
      ),
    ] {
      try write(#"{"format":2,"name":"7B","nextCard":2,"students":[\#(student)],"removed":[]}"#)
      #expect(throws: ClassRosterStore.Error.corrupt(path: file.path, reason: reason)) { try store.roster(named: "7B") }
    }
    try write("{not json")
    #expect(throws: ClassRosterStore.Error.corrupt(path: file.path, reason: "not the JSON of a class")) {
      try store.list()
    }
  }

  @Test func accommodationsAreKeptInFormat2AndAClassWithoutAnyStaysFormat1() throws {
    try store.create(try ClassRoster(name: "7B", students: ["Ada Lovelace", "Alan Turing"]))
    let file = directory.url.appendingPathComponent("7B.json")
    func format() throws -> JSONValue? { try JSONParser.parse(Array(Data(contentsOf: file)))["format"] }
    #expect(try format() == .number(1), "names and cards only: an older qrquiz still reads it")
    let ada = try store.update("7B") { roster throws(ClassRoster.Problem) in
      try roster.setAccommodations(
        .name("ada lovelace"), try ClassRoster.Accommodations(timeFactor: 1.5, noSpeedScoring: true))
    }
    #expect(ada.card == 1 && ada.accommodations.timeFactorText == "×1.5" && ada.accommodations.seconds(20) == 30)
    #expect(try format() == .number(2))
    let read = try store.roster(named: "7B")
    #expect(read.student(card: 1)?.accommodations == ada.accommodations)
    #expect(read.student(card: 2)?.accommodations.isNone == true)
    // Renamed, she keeps them; removed, they go with her and the class is format 1 again.
    try store.update("7B") { roster throws(ClassRoster.Problem) in try roster.renameStudent(.card(1), to: "Ada King") }
    #expect(try store.roster(named: "7B").student(card: 1)?.accommodations.noSpeedScoring == true)
    try store.update("7B") { roster throws(ClassRoster.Problem) in try roster.remove(.card(1)) }
    #expect(try store.roster(named: "7B").removed.first?.accommodations.isNone == true)
    #expect(try format() == .number(1))
    #expect(throws: ClassRoster.Problem.badTimeFactor(5)) { try ClassRoster.Accommodations(timeFactor: 5) }
    #expect(throws: ClassRoster.Problem.self) {
      try ClassRoster.Accommodations(timeFactor: .nan)
    }
  }

  @Test func eachStudentGetsTheSecretOfTheirOwnPageOnce() throws {
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

  @Test func concurrentAddsGiveEveryCardOnce() async throws {
    try store.create(try ClassRoster(name: "7B", students: []))
    let store = store
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
