import Foundation
import QRQuiz
import QRQuizFiles

/// A class's file: `{"format": 1, "name", "nextCard", "students": [{"card", "name"}],
/// "removed": [{"card", "name"}]}`, pretty-printed. Format 2 adds to a student what only
/// it holds: `"extraTime"` (the time factor, above 1), `"noSpeedScoring": true` and
/// `"resultsSecret"` (their page of results), each left out when it says nothing. A class
/// is written in the lowest format that holds it, so a class without any of these stays
/// readable by a qrquiz that knows format 1 only. Everything read is checked as the
/// roster's own operations would check it (names, card numbers unique and below
/// `nextCard`, time factors in range, secrets of 128 bits), so a file edited by hand
/// cannot make two students share a card. A later format gets a higher number, and this
/// version refuses to rewrite such a file rather than drop what it cannot read.
extension ClassRosterStore {
  /// The newest format this version reads and writes.
  static let format = 2
  /// The largest class file read.
  static let maximumFileSize = 1 << 20

  /// The format member alone, read first: a newer file may not decode as this one.
  private struct FormatOnly: Decodable {
    var format: Int?
  }

  private struct File: Codable {
    struct Student: Codable {
      var card: Int
      var name: String
      var extraTime: Double?
      var noSpeedScoring: Bool?
      var resultsSecret: String?
    }
    var format: Int
    var name: String
    var nextCard: Int
    var students: [Student]
    var removed: [Student]
  }

  /// The roster in `url`.
  func read(_ url: URL) throws(Error) -> ClassRoster {
    let bytes: [UInt8]
    do {
      bytes = try BoundedFile.read(url.path, limit: Self.maximumFileSize)
    } catch {
      switch error {
      case .file(let failure): throw .storage(failure)
      case .tooLarge: throw .corrupt(path: url.path, reason: "over \(Self.maximumFileSize) bytes")
      }
    }
    if let format = try? JSONDecoder().decode(FormatOnly.self, from: Data(bytes)).format, format > Self.format {
      throw .newerFormat(path: url.path, format: format)
    }
    let file: File
    do {
      file = try JSONDecoder().decode(File.self, from: Data(bytes))
    } catch {
      throw .corrupt(path: url.path, reason: "not the JSON of a class")
    }
    do throws(Corruption) {
      return try Self.roster(file)
    } catch {
      throw .corrupt(path: url.path, reason: error.reason)
    }
  }

  /// Writes `roster` to `url`, durably.
  func write(_ roster: ClassRoster, to url: URL) throws(Error) {
    let entries = { (students: [ClassRoster.Student]) in
      students.map { student in
        let accommodations = student.accommodations
        return File.Student(
          card: student.card, name: student.name.text,
          extraTime: accommodations.timeFactor > 1 ? accommodations.timeFactor : nil,
          noSpeedScoring: accommodations.noSpeedScoring ? true : nil, resultsSecret: student.resultsSecret)
      }
    }
    // Format 1 when nothing needs 2: a class of names and cards stays an older qrquiz's.
    let needsTwo = roster.students.contains { !$0.accommodations.isNone || $0.resultsSecret != nil }
    let file = File(
      format: needsTwo ? 2 : 1, name: roster.name.text, nextCard: roster.nextCard, students: entries(roster.students),
      removed: entries(roster.removed))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Plain strings and numbers always encode.
    let bytes = Array(try! encoder.encode(file)) + [0x0A]
    do throws(FileSystemError) { try AtomicFile.write(bytes, to: url, durable: true) } catch { throw .storage(error) }
  }

  /// Whether `text` is a secret as ``ClassRoster/giveResultsSecrets()`` makes them.
  static func isResultsSecret(_ text: String) -> Bool {
    text.utf8.count == 32 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }

  private struct Corruption: Swift.Error {
    var reason: String
  }

  /// The roster a file describes, when it is one.
  private static func roster(_ file: File) throws(Corruption) -> ClassRoster {
    guard (1...format).contains(file.format) else { throw Corruption(reason: "format \(file.format)") }
    guard (ClassRoster.cardNumbers.lowerBound...ClassRoster.cardNumbers.upperBound + 1).contains(file.nextCard) else {
      throw Corruption(reason: "nextCard \(file.nextCard)")
    }
    let name: ClassName
    do throws(StudentName.Problem) { name = try ClassName(file.name) } catch {
      throw Corruption(reason: "class name: \(error)")
    }
    var cards = Set<Int>()
    var keys = Set<String>()
    func students(_ entries: [File.Student], uniqueNames: Bool) throws(Corruption) -> [ClassRoster.Student] {
      var students: [ClassRoster.Student] = []
      for entry in entries {
        guard entry.card >= ClassRoster.cardNumbers.lowerBound, entry.card < file.nextCard,
          cards.insert(entry.card).inserted
        else { throw Corruption(reason: "card \(entry.card) is out of range or given twice") }
        let studentName: StudentName
        do throws(StudentName.Problem) { studentName = try StudentName(entry.name) } catch {
          throw Corruption(reason: "card \(entry.card): \(error)")
        }
        guard !uniqueNames || keys.insert(studentName.key).inserted else {
          throw Corruption(reason: "'\(studentName.text)' is listed twice")
        }
        let accommodations: ClassRoster.Accommodations
        do throws(ClassRoster.Problem) {
          accommodations = try ClassRoster.Accommodations(
            timeFactor: entry.extraTime ?? 1, noSpeedScoring: entry.noSpeedScoring ?? false)
        } catch {
          throw Corruption(reason: "card \(entry.card): \(error)")
        }
        if let secret = entry.resultsSecret, !Self.isResultsSecret(secret) {
          throw Corruption(reason: "card \(entry.card): a results secret that is not 32 hexadecimal digits")
        }
        students.append(
          ClassRoster.Student(
            card: entry.card, name: studentName, accommodations: accommodations, resultsSecret: entry.resultsSecret))
      }
      return students.sorted { $0.card < $1.card }
    }
    return ClassRoster(
      name: name, students: try students(file.students, uniqueNames: true),
      removed: try students(file.removed, uniqueNames: false), nextCard: file.nextCard)
  }
}
