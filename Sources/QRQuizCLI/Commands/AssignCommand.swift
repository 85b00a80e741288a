import Foundation
import QRQuiz
import QRQuizClassroom

/// `qrquiz assign`: homework, a topic students play at their own pace until a due time.
struct AssignCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "assign",
    synonyms: ["homework"],
    abstract: "Assign a saved topic as homework with a due time, for a class or anyone with the link.",
    discussion: """
      Makes an assignment of TOPIC (a saved topic's name) in qrquiz serve's data folder and
      prints its code, the address students open (http://ADDRESS:PORT/a/CODE on the server
      qrquiz serve runs) and its QR code. With --class, only the names on that class's
      roster (qrquiz class) may join. The due time is the server's clock: after it, nothing
      is taken. --attempts lets a student play again (the best attempt counts); --scoring
      accuracy gives 1,000 points a right answer, app the Questions app's +20 and -10.
      While the assignment is open its topic is hidden from the library (its answers are
      the answer key). --results CODE prints who has done it and their scores (done, not
      finished, not started); --csv and --json print the results as the teacher's page
      downloads them. --extend CODE --student NAME --until TIME gives one student (as the
      roster spells the name, or without case and accents) until TIME; --reopen CODE --until
      TIME gives everyone until TIME. Both count at once, on a running server too, and show
      in the gradebook's notes. --own-links (with --class) lets each student in only by their
      own link (/s/SECRET, printed as slips by qrquiz class slips): a name typed on the
      homework's page is refused, so nobody answers as a classmate.
      """,
    examples: [
      "qrquiz assign Capitals --due '2026-12-08 18:00' --class 7B",
      "qrquiz assign Capitals --due 2026-12-08T18:00:00Z --set 2 --attempts 3",
      "qrquiz assign Capitals --due '2026-12-08 18:00' --class 7B --own-links",
      "qrquiz assign --results K7M2QX9P", "qrquiz assign --results K7M2QX9P --csv > 7B-capitals.csv",
      "qrquiz assign --list",
      "qrquiz assign --extend K7M2QX9P --student 'Ana Lovelace' --until '2026-12-10 18:00'",
      "qrquiz assign --reopen K7M2QX9P --until '2026-12-11 08:00'",
    ])

  @Argument(.topic) var topic: String?
  @Option("--due", value: "TIME", help: "when it is due: '2026-12-08 18:00' (this computer's time zone) or ISO 8601")
  var due: String?
  @Option("--class", value: "NAME", help: "the class it is for (only its roster's names join)") var className: String?
  @Option(
    "--teacher", value: "TEACHER",
    help: "on a school's server: the teacher whose homework it is (their class only; qrquiz admin teacher list)")
  var teacher: String?
  @Flag("--own-links", help: "with --class: students open it from their own links only, never by a typed name")
  var ownLinks
  @Option("--set", value: "N", help: "the set to play (1-based; default: every set in turn)") var set: Int?
  @Option("--attempts", value: "K", help: "attempts each student may make", range: 1...10) var attempts = 1
  @Option("--scoring", help: "accuracy or app") var scoring = AssignmentScoring.accuracy
  @Option(
    "--public-url", value: "URL",
    help: "the server's address, for the join address (default: the running qrquiz serve's, else this computer's)")
  var publicURL: String?
  @Option("--results", value: "CODE", help: "print an assignment's results and exit") var results: String?
  @Flag("--csv", help: "with --results: the results as CSV") var csv
  @Flag("--json", help: "with --results: the results as JSON") var json
  @Flag("--list", help: "list the assignments and exit") var list
  @Option("--extend", value: "CODE", help: "give one student (--student) more time, until --until") var extend: String?
  @Option("--reopen", value: "CODE", help: "give everyone until --until") var reopen: String?
  @Option("--student", value: "NAME", help: "with --extend: the student, as the roster spells it") var student: String?
  @Option("--until", value: "TIME", help: "with --extend or --reopen: the new due time, as --due takes it")
  var until: String?

  func validate() throws(CLIError) {
    if extend != nil || reopen != nil {
      if extend != nil && reopen != nil { throw .usage("give --extend or --reopen, not both") }
      if topic != nil || due != nil || results != nil || list {
        throw .usage("--extend and --reopen move a due time: give no topic, --due, --results or --list")
      }
      if until == nil { throw .usage("say until when: --until '2026-12-10 18:00'") }
      if extend != nil && student == nil { throw .usage("--extend needs the student: --student NAME") }
      if reopen != nil && student != nil { throw .usage("--reopen is for everyone: give --student with --extend") }
      return
    }
    if student != nil || until != nil { throw .usage("--student and --until go with --extend or --reopen") }
    if results != nil || list {
      if topic != nil || due != nil { throw .usage("--results and --list read assignments: give no topic or --due") }
    } else {
      guard topic != nil else { throw .usage("name the topic to assign (or give --results CODE or --list)") }
      guard due != nil else { throw .usage("say when it is due: --due '2026-12-08 18:00'") }
    }
    if ownLinks, className == nil {
      throw .usage("--own-links needs the class whose students have the links: --class NAME")
    }
    if (csv || json) && results == nil { throw .usage("--csv and --json go with --results CODE") }
    if csv && json { throw .usage("give --csv or --json, not both") }
    if let set, set < 1 { throw .usage("--set must be 1 or more, not \(set)") }
    if let publicURL, !(publicURL.hasPrefix("http://") || publicURL.hasPrefix("https://")) {
      throw .usage("--public-url must start with http:// or https://, not '\(publicURL)'")
    }
  }

  static func store() throws -> AssignmentStore { AssignmentStore(records: try Records.openClassroom()) }

  func run() async throws -> ExitCode {
    if let code = extend ?? reopen, let until { return try moveDue(code: code, student: student, until: until) }
    if let results { return try printResults(code: results) }
    if list { return try listAssignments() }
    guard let topic, let due else { return .usage }
    guard let dueDate = Assignment.dueDate(due) else {
      throw CLIError(.usage, "--due '\(due)' is not a date and time: write it as '2026-12-08 18:00' or ISO 8601")
    }
    let now = QuizClock.now
    guard QuizClock.Instant(dueDate) > now else { throw CLIError(.invalidInput, "--due '\(due)' is past") }
    let entry: TopicLibrary.Entry
    do {
      entry = try TopicSaving.library.find(topic)
    } catch {
      throw CLIError(.notFound, "\(error) (assign a saved topic: qrquiz topics lists them)")
    }
    // The teacher first: homework made for nobody's account is no teacher's to see.
    let owner = try teacher.map { try TeacherAccountStore(records: try Records.openClassroom()).account(named: $0) }
    var classText: String?
    var classOwner: Int64?
    if let className {
      do {
        let store = try ClassCommand.store()
        classText = try store.roster(named: className).name.text
        classOwner = try store.teacher(ofClass: className)
      } catch {
        throw CLIError(.notFound, "\(error)")
      }
    }
    // Homework for a class is its teacher's: another teacher's class is not theirs to give.
    if let classText, classOwner != owner?.id {
      let whose = owner.map { "\($0.name)'s" } ?? "for no teacher"
      throw CLIError(
        .notFound, "class '\(classText)' is another teacher's: homework \(whose) cannot be for it (--teacher)")
    }
    // Each student's own link is their way in: those without one get it now.
    if ownLinks, let classText {
      try ClassCommand.store().update(classText) { $0.giveResultsSecrets() }
    }
    let store = try Self.store()
    var code = Assignment.makeCode()
    while try store.isTaken(code: code) { code = Assignment.makeCode() }
    var assignment: Assignment
    do {
      assignment = try Assignment.make(
        topic: entry.topic, topicName: entry.name, code: code, due: QuizClock.Instant(dueDate), className: classText,
        setNumber: set, attempts: attempts, scoring: scoring, created: now)
    } catch {
      throw CLIError(.invalidInput, "\(topic): \(error)")
    }
    if ownLinks { assignment.ownLinks = true }
    assignment.teacher = owner?.id
    guard try store.count() < AssignmentStore.maximumAssignments else {
      throw CLIError(
        .outputFailed, "\(store.records.location) keeps \(AssignmentStore.maximumAssignments) assignments at most")
    }
    do {
      _ = try store.create(assignment)
    } catch {
      throw CLIError(.outputFailed, "cannot save the assignment: \(error)")
    }
    printIntroduction(assignment)
    return .success
  }

  private func printIntroduction(_ assignment: Assignment) {
    let base = RunningServer.linkBase(publicURL)
    let join = "\(base)/a/\(assignment.code)"
    let formatter = DateFormatter()
    formatter.dateFormat = "EEEE d MMMM yyyy, HH:mm zzz"
    formatter.locale = Locale(identifier: "en_US_POSIX")
    let who = assignment.className.map { "class \($0)" } ?? "anyone with the link"
    Console.line(
      "Assignment \(assignment.code): \(assignment.title), \(Plural.count(assignment.questions.count, "question")), "
        + "for \(who), due \(formatter.string(from: assignment.due.date))")
    if assignment.requiresOwnLinks, let className = assignment.className {
      Console.line(
        "Students open it from their own pages, not by typing a name: "
          + "qrquiz class slips \(className) -o slips.pdf prints each one's link with its QR code.")
      Console.line(
        "Results: qrquiz assign --results \(assignment.code), or the teacher's page /assignments/\(assignment.code).")
      return
    }
    Console.line("Students open \(join) (on the server qrquiz serve runs), or scan:")
    if let matrix = try? QRSymbolEncoder.encode(Array(join.utf8), mode: .byte, level: .medium) {
      Console.text(TerminalRenderer.text(matrix, margin: 2))
    }
    Console.line(
      "Results: qrquiz assign --results \(assignment.code), or the teacher's page /assignments/\(assignment.code).")
  }

  private func listAssignments() throws -> ExitCode {
    let store = try Self.store()
    let (works, problems) = store.readAll()
    for problem in problems { Console.error(problem) }
    guard !works.isEmpty else {
      Console.line("No assignments yet (they are kept in \(store.records.location)).")
      return .success
    }
    let now = QuizClock.now
    for work in works.sorted(by: { $0.assignment.created > $1.assignment.created }) {
      let assignment = work.assignment
      Console.row([
        assignment.code, assignment.title, assignment.className ?? "anyone",
        "due " + Assignment.timestamp(work.due), work.isOpenToAnyone(at: now) ? "open" : "closed",
        Plural.count(work.students.count, "student"),
      ])
    }
    return .success
  }

  /// `--extend CODE --student NAME --until TIME`, `--reopen CODE --until TIME`.
  private func moveDue(code typed: String, student: String?, until text: String) throws -> ExitCode {
    let code = try Self.code(typed)
    guard let date = Assignment.dueDate(text) else {
      throw CLIError(.usage, "--until '\(text)' is not a date and time: write it as '2026-12-08 18:00' or ISO 8601")
    }
    let store = try Self.store()
    let found: Result<AssignmentWork?, AssignmentStore.ReadFailure> = Result { () throws(AssignmentStore.ReadFailure) in
      try store.work(code: code)
    }
    let read: AssignmentWork?
    switch found {
    case .success(let work): read = work
    case .failure(let error): throw CLIError(.invalidInput, "\(error)")
    }
    let roster = read?.assignment.className.flatMap { try? ClassCommand.store().roster(named: $0) }
    let moved: Result<AssignmentWork, AssignmentStore.DueChangeFailure> = Result {
      () throws(AssignmentStore.DueChangeFailure) in
      try store.changeDue(
        code: code, student: student, until: QuizClock.Instant(date), roster: roster, at: QuizClock.now)
    }
    let work: AssignmentWork
    switch moved {
    case .success(let changed): work = changed
    case .failure(.noSuchAssignment(let missing)):
      throw CLIError(.notFound, "\(AssignmentStore.DueChangeFailure.noSuchAssignment(missing))")
    case .failure(.refused(let refusal)): throw CLIError(.invalidInput, "\(code): \(refusal)")
    case .failure(let error): throw CLIError(.outputFailed, "\(code): \(error)")
    }
    let change = work.dueChanges[work.dueChanges.count - 1]
    let until = Assignment.timestamp(change.until)
    if let name = change.studentName {
      let others = Assignment.timestamp(work.due)
      Console.line("Assignment \(code): \(name) may answer until \(until) (everyone else: \(others)).")
    } else {
      Console.line("Assignment \(code) is open to everyone until \(until).")
    }
    return .success
  }

  /// `typed` as an assignment's code, upper-cased, or one line saying what is wrong: a
  /// code of 8 letters and digits that uses a character codes never use is no assignment's
  /// (exit 3, naming the character); anything else is not a code (exit 2).
  static func code(_ typed: String) throws(CLIError) -> String {
    let code = typed.uppercased()
    if Assignment.isCode(code) { return code }
    if code.count == 8, code.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || ("A"..."Z").contains($0) }) {
      var unused: [Character] = []
      for character in code where !Self.codeCharacters.contains(character) && !unused.contains(character) {
        unused.append(character)
      }
      let named = unused.map { "'\($0)'" }.joined(separator: " and ")
      throw CLIError(
        .notFound,
        "no assignment has the code \(code): it has \(named), which codes never use (0, 1, I, L and O look alike); "
          + "qrquiz assign --list lists them")
    }
    throw CLIError(.usage, "'\(typed)' is not an assignment's code: a code is 8 letters and digits, such as K7M2QX9P")
  }

  /// The characters of the codes qrquiz makes (``Assignment`` draws them).
  static let codeCharacters = Set("23456789ABCDEFGHJKMNPQRSTUVWXYZ")

  private func printResults(code typed: String) throws -> ExitCode {
    let code = try Self.code(typed)
    let found: AssignmentWork?
    do {
      found = try Self.store().work(code: code)
    } catch let error as AssignmentStore.ReadFailure {
      throw CLIError(.invalidInput, "\(error)")
    }
    guard let work = found else {
      throw CLIError(.notFound, "no assignment has the code \(code) (qrquiz assign --list lists them)")
    }
    let roster = work.assignment.className.flatMap { try? ClassCommand.store().roster(named: $0) }
    // As things stand now: a question whose timer ran out counts as unanswered.
    let now = QuizClock.now
    let results = AssignmentResults(work.settled(at: now), roster: roster, at: now)
    if csv {
      Console.bytes(Array(results.csv.utf8))
      return .success
    }
    if json {
      Console.bytes(Array((results.json.compactText + "\n").utf8))
      return .success
    }
    let assignment = work.assignment
    let count = assignment.questions.count
    Console.line("\(assignment.title): due \(Assignment.timestamp(work.due)), \(Plural.count(count, "question"))")
    for note in Gradebook.Activity.notes(of: work.dueChanges) { Console.line("  \(note)") }
    for row in results.rows {
      guard let student = row.student else {
        Console.row([row.name, row.status(questions: count)])
        continue
      }
      let best = student.best
      Console.row([
        row.name, row.status(questions: count), "score \(best.score)",
        "\(best.correct)/\(count) right", Plural.count(student.attempts.count, "attempt"),
      ])
    }
    // No question is the hardest when every one was answered right by all.
    if let hardest = results.questions.first, hardest.answered > 0, hardest.share < 1 {
      Console.line(
        "Hardest: question \(hardest.index + 1), \(Int((hardest.share * 100).rounded()))% right: \(hardest.question.question.text)"
      )
    }
    return .success
  }
}

extension AssignmentScoring: ArgumentChoice {}
