import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom

/// Answer cards' class marks in the records (migration 8): each class's cards carry codes
/// no other class's card carries, cards printed before marks keep theirs (and are said to
/// be shared), and a class is marked on request.
@Suite struct ClassCardCodeTests {
  let directory: TemporaryDirectory
  let records: RecordStore
  let store: ClassRosterStore

  init() throws {
    directory = try TemporaryDirectory()
    records = try directory.records()
    store = ClassRosterStore(records: records)
  }

  @Test func twoClassesCardsNeverShareACode() throws {
    try store.create(try ClassRoster(name: "7B", students: ["Ada", "Alan", "Grace"]))
    try store.create(try ClassRoster(name: "8C", students: ["Katherine", "Tim"]))
    let sevenB = try store.cardCodes(of: "7b")
    let eightC = try store.cardCodes(of: "8C")
    // The first class's card N carries code N, as every card did; the second's others.
    #expect(sevenB.byCard == [1: 1, 2: 2, 3: 3])
    #expect(eightC.byCard == [1: 476, 2: 475])
    #expect(sevenB.otherClasses == [476, 475] && eightC.otherClasses == [1, 2, 3])
    #expect(sevenB.isMarked && eightC.isMarked)
    // A student added later, and one removed: the removed card keeps its code for good.
    try store.update("7B") { roster throws(ClassRoster.Problem) in
      _ = try roster.add(["Late"])
      try roster.remove(.card(2))
    }
    #expect(try store.cardCodes(of: "7B").byCard == [1: 1, 2: 2, 3: 3, 4: 4])
    try store.create(try ClassRoster(name: "9D", students: ["Zoë"]))
    #expect(try store.cardCodes(of: "9D").byCard == [1: 474])
    // A class deleted gives its codes back.
    try store.delete("8C")
    try store.create(try ClassRoster(name: "10E", students: ["Ann", "Bob", "Cy", "Di", "Ed"]))
    #expect(try store.cardCodes(of: "10E").byCard == [1: 476, 2: 475, 3: 473, 4: 472, 5: 5])
    #expect(throws: ClassRosterStore.Error.notFound("nope")) { try store.cardCodes(of: "nope") }
  }

  /// Classes made before migration 8 keep code = card (their printed cards keep working),
  /// shared with each other and said so; `markCards` gives one class codes of its own.
  @Test func classesFromBeforeMarksKeepTheirCodesUntilMarked() throws {
    let file = directory.url.appendingPathComponent("before.sqlite")
    var before = DatabaseMigrator()
    for migration in ClassroomSchema.migrator.migrations where migration.version < 8 {
      before.register(migration.version, migration.name, migration.apply)
    }
    do {
      let old = try RecordStore(file: file, migrator: before)
      // As the store wrote them before marks: no code column yet.
      try old.write { database throws(DatabaseError) in
        try database.execute("INSERT INTO classes (id, name, name_key, next_card) VALUES (1, '7B', '7b', 3)")
        try database.execute("INSERT INTO classes (id, name, name_key, next_card) VALUES (2, '8C', '8c', 4)")
        for (id, card, name) in [(1, 1, "Ada"), (1, 2, "Alan"), (2, 1, "Kat"), (2, 2, "Tim"), (2, 3, "Sue")] {
          try database.execute(
            "INSERT INTO students (class_id, card, name, name_key) VALUES (\(id), \(card), \(name), \(name.lowercased()))"
          )
        }
      }
      old.close()
    }
    let migrated = ClassRosterStore(records: try RecordStore(file: file))
    let sevenB = try migrated.cardCodes(of: "7B")
    #expect(sevenB.byCard == [1: 1, 2: 2])
    #expect(sevenB.shared == [1, 2] && !sevenB.isMarked)
    #expect(sevenB.otherClasses == [3], "8C's card 3 is no card of 7B's")
    // A newcomer to an old class gets a mark of their own; the old cards stay shared.
    try migrated.update("7B") { roster throws(ClassRoster.Problem) in _ = try roster.add(["Grace"]) }
    #expect(try migrated.cardCodes(of: "7B").byCard == [1: 1, 2: 2, 3: 476])
    // Marked on request: 7B's shared cards get codes of their own, 8C's are then its alone.
    #expect(try migrated.markCards(of: "7b") == [1, 2])
    let marked = try migrated.cardCodes(of: "7B")
    #expect(marked.byCard == [1: 475, 2: 474, 3: 476] && marked.isMarked)
    #expect(try migrated.cardCodes(of: "8C").isMarked)
    #expect(try migrated.markCards(of: "7B") == [])
  }

  /// A 0.5 class file taken over: its printed cards carry code = card, and keep it.
  @Test func aClassFromBeforeMarksKeepsItsPrintedCodes() throws {
    try store.create(try ClassRoster(name: "8C", students: ["Katherine", "Tim"]))
    let legacy = try ClassRoster(name: "7B", students: ["Ada", "Alan", "Grace"])
    try records.write { database throws(DatabaseError) in
      try ClassRosterStore.insert(legacy, in: database, printedBefore: true)
    }
    let sevenB = try store.cardCodes(of: "7B")
    #expect(sevenB.byCard == [1: 1, 2: 2, 3: 3] && sevenB.shared == [1, 2])
    #expect(try store.cardCodes(of: "8C").shared == [1, 2])
  }

  @Test func whenEveryCodeIsHeldANewCardCarriesItsNumberAndIsSaidShared() throws {
    try store.create(try ClassRoster(name: "Big", students: (1...475).map { "Student \($0)" }))
    try store.create(try ClassRoster(name: "Small", students: ["Ada", "Alan"]))
    let small = try store.cardCodes(of: "Small")
    #expect(small.byCard == [1: 476, 2: 2])
    #expect(small.shared == [2] && !small.isMarked, "code 476 was the last free: card 2 shares Big's card 2's")
    #expect(try store.cardCodes(of: "Big").shared == [2])
  }
}
