import QRQuiz

/// A class as it is stored (in the records, or a 0.5 class file), and the roster it makes,
/// checked as the roster's own operations would check it (names, card numbers unique and
/// below `nextCard`, time factors in range, secrets of 128 bits): rows edited by hand
/// cannot make two students share a card.
struct StoredClass: Sendable {
  struct Student: Sendable, Codable {
    var card: Int
    var name: String
    var extraTime: Double?
    var noSpeedScoring: Bool?
    var resultsSecret: String?
  }
  var name: String
  var nextCard: Int
  var students: [Student]
  var removed: [Student]

  /// The roster's students as stored.
  init(_ roster: ClassRoster) {
    let entries = { (students: [ClassRoster.Student]) in
      students.map { student in
        let accommodations = student.accommodations
        return Student(
          card: student.card, name: student.name.text,
          extraTime: accommodations.timeFactor > 1 ? accommodations.timeFactor : nil,
          noSpeedScoring: accommodations.noSpeedScoring ? true : nil, resultsSecret: student.resultsSecret)
      }
    }
    self.init(
      name: roster.name.text, nextCard: roster.nextCard, students: entries(roster.students),
      removed: entries(roster.removed))
  }

  init(name: String, nextCard: Int, students: [Student], removed: [Student]) {
    self.name = name
    self.nextCard = nextCard
    self.students = students
    self.removed = removed
  }

  /// Whether `text` is a secret as ``ClassRoster/giveResultsSecrets()`` makes them.
  static func isResultsSecret(_ text: String) -> Bool {
    text.utf8.count == 32 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }

  struct Corruption: Swift.Error {
    var reason: String
  }

  /// The roster this class makes.
  func roster() throws(Corruption) -> ClassRoster {
    let file = self
    guard (ClassRoster.cardNumbers.lowerBound...ClassRoster.cardNumbers.upperBound + 1).contains(file.nextCard) else {
      throw Corruption(reason: "nextCard \(file.nextCard)")
    }
    let name: ClassName
    do throws(StudentName.Problem) { name = try ClassName(file.name) } catch {
      throw Corruption(reason: "class name: \(error)")
    }
    var cards = Set<Int>()
    var keys = Set<String>()
    func students(_ entries: [Student], uniqueNames: Bool) throws(Corruption) -> [ClassRoster.Student] {
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
