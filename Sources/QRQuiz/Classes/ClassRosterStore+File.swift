import Foundation

/// A class's file: `{"format": 1, "name", "nextCard", "students": [{"card", "name"}],
/// "removed": [{"card", "name"}]}`, pretty-printed. Everything read is checked as the
/// roster's own operations would check it (names, card numbers unique and below
/// `nextCard`), so a file edited by hand cannot make two students share a card. A later
/// format (per-student accommodations) gets a higher number, and this version refuses to
/// rewrite such a file rather than drop what it cannot read.
extension ClassRosterStore {
  /// The format this version writes.
  static let format = 1
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
      students.map { File.Student(card: $0.card, name: $0.name.text) }
    }
    let file = File(
      format: Self.format, name: roster.name.text, nextCard: roster.nextCard, students: entries(roster.students),
      removed: entries(roster.removed))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Plain strings and numbers always encode.
    let bytes = Array(try! encoder.encode(file)) + [0x0A]
    do throws(FileSystemError) { try AtomicFile.write(bytes, to: url, durable: true) } catch { throw .storage(error) }
  }

  private struct Corruption: Swift.Error {
    var reason: String
  }

  /// The roster a file describes, when it is one.
  private static func roster(_ file: File) throws(Corruption) -> ClassRoster {
    guard file.format == format else { throw Corruption(reason: "format \(file.format)") }
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
        students.append(ClassRoster.Student(card: entry.card, name: studentName))
      }
      return students.sorted { $0.card < $1.card }
    }
    return ClassRoster(
      name: name, students: try students(file.students, uniqueNames: true),
      removed: try students(file.removed, uniqueNames: false), nextCard: file.nextCard)
  }
}
