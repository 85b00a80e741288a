import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizInterchange

/// OneRoster 1.2 CSV exports read as classes and their students (issue 52, part 5): the
/// class's title, its active student enrollments in the file's order, as a folder's files
/// or a zip; every broken file said by file and line; the files' rows bounded.
@Suite struct OneRosterTests {
  func files(_ change: (inout [String: String]) -> Void = { _ in }) throws -> [String: [UInt8]] {
    var texts: [String: String] = [:]
    for name in OneRoster.files {
      texts[name] = String(decoding: try Fixtures.bytes("oneroster/\(name)"), as: UTF8.self)
    }
    change(&texts)
    return texts.mapValues { Array($0.utf8) }
  }

  @Test func classesAndTheirActiveStudentsInTheFilesOrder() throws {
    let roster = try OneRoster(files: try files())
    #expect(roster.classes.map(\.title) == ["7B Maths", "8A Science"])
    #expect(roster.classes.map(\.sourcedId) == ["cls-7b", "cls-8a"])
    // Enrollments' order; the teacher and the enrollment to be deleted left out.
    #expect(roster.classes[0].students.map(\.name) == ["Alan Turing", "Ada Lovelace", "Grace Hopper"])
    #expect(roster.classes[0].students.map(\.line) == [2, 3, 5])
    #expect(roster.classes[1].students.map(\.name) == ["Katherine Johnson"])
    #expect(try roster.only("cls-8a").classes.map(\.title) == ["8A Science"])
    #expect(throws: OneRosterProblem.noSuchClass("cls-9z")) { _ = try roster.only("cls-9z") }
  }

  @Test func aZipReadsAsItsFolder() throws {
    var zip = ZipWriter()
    for (name, bytes) in try files() { zip.add("export/" + name, bytes) }
    #expect(try OneRoster(zip: zip.bytes) == (try OneRoster(files: try files())))
    var outside = ZipWriter()
    outside.add("../classes.csv", Array("x".utf8))
    #expect(throws: OneRosterProblem.archive(.pathOutside("../classes.csv"))) { _ = try OneRoster(zip: outside.bytes) }
  }

  @Test(arguments: [
    (
      "enrollments.csv", "enr-5,,,cls-8a,sch-1,usr-4,", "enr-5,,,cls-8a,sch-1,usr-99,",
      "enrollments.csv line 6: the user 'usr-99' is not in users.csv"
    ),
    (
      "enrollments.csv", "enr-1,,,cls-7b,", "enr-1,,,cls-7x,",
      "enrollments.csv line 2: the class 'cls-7x' is not in classes.csv"
    ),
    (
      "classes.csv", "sourcedId,status,dateLastModified,title", "id,status,dateLastModified,title",
      "classes.csv line 1: the header has no sourcedId column"
    ),
    (
      "classes.csv", "cls-8a,,,8A Science", "cls-7b,,,8A Science",
      "classes.csv line 3: the sourcedId 'cls-7b' is given twice"
    ),
    (
      "users.csv", "usr-3,,,true,ghopper,,Grace,Hopper", "usr-3,,,true,ghopper,,,",
      "users.csv line 4: no givenName or familyName"
    ),
    (
      "manifest.csv", "oneroster.version,1.2", "oneroster.version,2.0",
      "manifest.csv line 3: OneRoster 2.0 is not read (1.1 and 1.2 are)"
    ),
    ("users.csv", "usr-4,,,true,kjohnson", "\"usr-4,,,true,kjohnson", "users.csv line 5: a quoted field never ends"),
  ])
  func aBrokenFileIsSaidByFileAndLine(_ file: String, _ old: String, _ new: String, _ said: String) throws {
    let broken = try files { texts in
      #expect(texts[file]!.contains(old))
      texts[file] = texts[file]!.replacingOccurrences(of: old, with: new)
    }
    #expect {
      _ = try OneRoster(files: broken)
    } throws: { error in
      String(describing: error) == said
    }
  }

  @Test func aMissingFileIsNamed() throws {
    var incomplete = try files()
    incomplete["users.csv"] = nil
    #expect(throws: OneRosterProblem.missingFile("users.csv")) { _ = try OneRoster(files: incomplete) }
  }

  @Test func rowsAreBounded() throws {
    let many = try files { texts in
      texts["enrollments.csv"]! += String(
        repeating: "e,,,cls-7b,sch-1,usr-1,student,,,\n", count: OneRoster.maximumRows)
    }
    #expect(
      throws: OneRosterProblem.at(
        file: "enrollments.csv", line: OneRoster.maximumRows + 2, .tooManyRows(limit: OneRoster.maximumRows))
    ) {
      _ = try OneRoster(files: many)
    }
  }
}
