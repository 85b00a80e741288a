import Foundation
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizClassroom

/// Lists of students as teachers have them: a text file, a school system's CSV, a sheet
/// pasted into a file; and what is refused, by line.
@Suite struct StudentListTests {
  func list(_ text: String) throws(StudentList.Error) -> StudentList { try StudentList(bytes: Array(text.utf8)) }

  @Test func oneNameALineKeepsTheOrderAndSkipsBlankLines() throws {
    let list = try list("Ada Lovelace\r\n\n  Alan Turing  \nLovelace, Ada\n")
    #expect(
      list.entries == [
        .init(name: "Ada Lovelace", line: 1), .init(name: "Alan Turing", line: 3),
        .init(name: "Lovelace, Ada", line: 4),
      ])
    #expect(list.columns == nil)
  }

  @Test(arguments: [
    ("Name,Email\nAda Lovelace,ada@example.org\nAlan Turing,alan@example.org\n", "'Name'"),
    ("\u{FEFF}Student;Group\r\n\"Lovelace; Ada\";7B\r\nAlan Turing;7B\r\n", "'Student'"),
    ("Last Name,First Name,Email Address\nLovelace,Ada,a@x\nTuring,Alan,t@x\n", "'First Name' + 'Last Name'"),
    ("Nombre\tApellidos\nAda\tLovelace\nAlan\tTuring\n", "'Nombre' + 'Apellidos'"),
  ])
  func spreadsheetsGiveTheirNameColumns(_ text: String, _ columns: String) throws {
    let list = try list(text)
    #expect(list.columns == columns)
    #expect(list.entries.count == 2)
    #expect(list.entries.first?.line == 2)
  }

  @Test func firstAndLastNamesAreJoined() throws {
    let list = try list("First name,Last name\nAda,Lovelace\n,Turing\nGrace,\n,\n")
    #expect(list.names == ["Ada Lovelace", "Turing", "Grace"])
  }

  /// A school system's export: the name a student goes by, else their legal first name.
  @Test func thePreferredFirstNameIsTakenBeforeTheLegalOne() throws {
    let list = try list(
      "Legal First Name,Preferred First Name,Last Name,Email\nAlexander,Alex,Hill,a@x\nBeatriz,,Ruiz,b@x\n")
    #expect(list.names == ["Alex Hill", "Beatriz Ruiz"])
  }

  @Test func aSpreadsheetWithoutANameColumnIsRefusedNotReadAsNames() {
    #expect(throws: StudentList.Error.noNameColumn(columns: 2)) { try list("Email,Group\na@x,7B\nb@x,7B\n") }
    #expect(throws: StudentList.Error.noNameColumn(columns: 2)) { try list("Lovelace, Ada\nTuring, Alan\n") }
  }

  /// What Excel saves: "CSV" on Windows is Windows-1252 (é one byte), "Unicode text" is
  /// UTF-16 with a byte-order mark and tabs.
  @Test func excelsOwnEncodingsAreRead() throws {
    let windows = try StudentList(bytes: Array("Name\nJos".utf8) + [0xE9, 0x0D, 0x0A] + Array("Zo".utf8) + [0xEB])
    #expect(windows.names == ["José", "Zoë"])
    let utf16: [UInt8] =
      [0xFF, 0xFE] + "First name\tLast name\nMaría\tFernández\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    #expect(try StudentList(bytes: utf16).names == ["María Fernández"])
  }

  @Test func badFilesAreRefusedWithTheirLine() throws {
    // 0x81 is text in none of UTF-8, UTF-16 and Windows-1252.
    #expect(throws: StudentList.Error.notText(line: 2)) {
      try StudentList(bytes: Array("Ada\nJos".utf8) + [0x81, 0x0A])
    }
    #expect(throws: StudentList.Error.spreadsheet(kind: "xlsx or ods")) {
      try StudentList(bytes: [0x50, 0x4B, 0x03, 0x04, 0])
    }
    #expect(throws: StudentList.Error.unclosedQuote(line: 2)) { try list("Name,Email\n\"Ada,a@x\n") }
    #expect(throws: StudentList.Error.empty) { try list("\n  \n") }
    #expect(throws: StudentList.Error.empty) { try list("Name\n\n") }
    let large = [UInt8](repeating: 0x41, count: StudentList.maximumSize + 1)
    #expect(throws: StudentList.Error.tooLarge(size: large.count, limit: StudentList.maximumSize)) {
      try StudentList(bytes: large)
    }
  }

  @Test func refusedNamesAreToldByTheirLineInTheFile() throws {
    let twice = try list("Name\nAda\n\nAlan\nada\n")
    #expect(
      throws: StudentList.Error.refused(line: 5, .listedTwice(index: 2, name: "ada", firstIndex: 0), firstLine: 2)
    ) {
      try twice.roster(named: "7B")
    }
    let hidden = try list("Ada\n\nAl\u{202E}an\n")
    #expect(
      throws: StudentList.Error.refused(line: 3, .badName(index: 1, .invisibleCharacter(position: 3)), firstLine: nil)
    ) {
      try hidden.roster(named: "7B")
    }
    #expect(throws: StudentList.Error.roster(.badClassName(.empty))) { try list("Ada\n").roster(named: " ") }
    #expect(
      "\(StudentList.Error.refused(line: 5, .listedTwice(index: 2, name: "ada", firstIndex: 0), firstLine: 2))"
        == "line 5: 'ada' is listed twice; two students need names that differ (add an initial: 'ada B.') (first on line 2)"
    )
  }
}
