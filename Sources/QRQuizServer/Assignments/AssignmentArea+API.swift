import Foundation
import QRQuiz
import QRQuizClassroom
import QRQuizHTTP

/// The assignments' API (`docs/ASSIGNMENTS.md`): JSON in and out. The teacher makes and
/// reads; a student joins with a name, then reads their next question and answers it with
/// their secret. Every move is stored before it is acknowledged.
extension AssignmentArea {
  // MARK: The teacher

  /// POST `/api/assignments` → 201 `{"code", "join", "due"}`.
  func createAssignment(_ context: RequestContext, _ teacher: Teacher) async throws -> HTTPResponse {
    let book = try makeAssignment(try AssignmentRequest(try JSONBody(context.request.body)), for: teacher)
    return .json(summary(book), status: 201)
  }

  /// Makes the assignment `request` asks for, `teacher`'s (their class only).
  func makeAssignment(_ request: AssignmentRequest, for teacher: Teacher?) throws(JSONBody.Problem) -> AssignmentBook {
    guard let topic = site.topics.topic(named: request.topic) else {
      throw .init(status: 404, message: "no topic is named \(request.topic)", field: "topic")
    }
    var className: String?
    if let name = request.className {
      guard let store = site.configuration.classes else {
        throw .init(status: 422, message: "this server keeps no classes", field: "class")
      }
      var owner: Int64?
      do throws(ClassRosterStore.Error) {
        className = try store.roster(named: name).name.text
        owner = try store.teacher(ofClass: name)
      } catch {
        throw .init(status: 422, message: error.description, field: "class")
      }
      // Another teacher's class is refused in the words of a class nobody has.
      guard owner == teacher?.account else {
        throw .init(status: 422, message: ClassRosterStore.Error.notFound(name).description, field: "class")
      }
    }
    // Each student's own link is their way in: those without one get it now.
    if request.ownLinks, let className {
      do throws(ClassRosterStore.Error) {
        try site.configuration.classes?.update(className) { $0.giveResultsSecrets() }
      } catch {
        throw .init(status: 503, message: error.description, field: "class")
      }
    }
    let now = assignments.clock.now()
    let due = QuizClock.Instant(request.due)
    guard due > now else { throw .init(status: 422, message: "the due time is past", field: "due") }
    let prepared: Assignment
    do throws(Assignment.Problem) {
      prepared = try Assignment.make(
        topic: topic.topic, topicName: topic.name, code: "", due: due, className: className, setNumber: request.set,
        attempts: request.attempts, scoring: request.scoring, maximumStudents: request.maximumStudents, created: now)
    } catch {
      throw .init(status: 422, message: error.description, field: request.set == nil ? "topic" : "set")
    }
    let book: AssignmentBook
    do throws(Assignments.CreationFailure) {
      book = try assignments.create { code in
        var assignment = prepared
        assignment.code = code
        if request.ownLinks { assignment.ownLinks = true }
        assignment.teacher = teacher?.account
        return assignment
      }
    } catch {
      switch error {
      case .tooMany:
        throw .init(
          status: 503, message: "the server keeps \(AssignmentStore.maximumAssignments) assignments at most")
      case .notSaved(let failure): throw .init(status: 503, message: "the assignment could not be saved: \(failure)")
      }
    }
    site.assignmentTopics.hold(topic.name, until: due)
    return book
  }

  /// An assignment as the teacher's list shows it.
  func summary(_ book: AssignmentBook) -> JSONValue {
    let assignment = book.assignment
    let work = book.snapshot
    return .object([
      ("code", .string(book.code)), ("join", .string(joinURL(book.code))),
      ("due", .string(Assignment.timestamp(work.due))), ("topic", .string(assignment.topicName)),
      ("title", .string(assignment.title)), ("class", assignment.className.map(JSONValue.string) ?? .null),
      ("set", assignment.setNumber.map(JSONValue.number) ?? .null), ("attempts", .number(assignment.attempts)),
      ("scoring", .string(assignment.scoring.rawValue)), ("questions", .number(assignment.questions.count)),
      ("students", .number(work.students.count)), ("open", .bool(work.isOpenToAnyone(at: assignments.clock.now()))),
    ])
  }

  /// GET `/api/assignments`: `{"assignments": […]}`, newest first.
  func list(_ context: RequestContext, _ teacher: Teacher) -> HTTPResponse {
    .json(.object([("assignments", .array(assignments.all(of: teacher).map(summary)))]))
  }

  /// GET `/api/assignments/CODE/results.csv`.
  func resultsCSV(_ context: RequestContext, _ teacher: Teacher) async -> HTTPResponse {
    guard let book = assignments.book(context[parameter: "code"], of: teacher) else { return Self.noSuchAssignment }
    let now = assignments.clock.now()
    let results = AssignmentResults(book.snapshot(at: now), roster: roster(book.assignment.className), at: now)
    return .bytes(
      Array(results.csv.utf8), type: "text/csv; charset=utf-8", cache: "no-store",
      headers: [
        (
          "Content-Disposition",
          ContentDisposition.attachment(stem: "qrquiz-assignment-\(book.code)", fileExtension: "csv")
        )
      ])
  }

  /// GET `/api/assignments/CODE/results.json`.
  func resultsJSON(_ context: RequestContext, _ teacher: Teacher) async -> HTTPResponse {
    guard let book = assignments.book(context[parameter: "code"], of: teacher) else { return Self.noSuchAssignment }
    let now = assignments.clock.now()
    return .json(AssignmentResults(book.snapshot(at: now), roster: roster(book.assignment.className), at: now).json)
  }

  // MARK: Students

  /// POST `/api/assignments/CODE/students`: `{"name"}` → 201 `{"secret", "student"}`.
  func join(_ context: RequestContext) async throws -> HTTPResponse {
    let request = context.request
    let now = assignments.clock.now()
    // Every attempt counts, made or not, from the site's one lookup budget.
    if let wait = budget.takeJoin(context) {
      throw APIError(
        429, "too many attempts to join from this address: wait a moment", headers: [HTTPResponse.retryAfter(wait)])
    }
    guard let book = assignments.book(context[parameter: "code"]) else { return Self.noSuchAssignment }
    let body = try JSONBody(request.body)
    let name = try body.required("name", body.string)
    let joined = Result { () throws(AssignmentBook.Failure<AssignmentWork.JoinRefusal>) -> String in
      let roster: ClassRoster?
      do throws(DatabaseError) { roster = try checkingRoster(book.assignment.className) } catch {
        throw .notSaved(error)
      }
      return try book.join(name: name, roster: roster, at: now)
    }
    switch joined {
    case .success(let secret): return .json(.object([("secret", .string(secret))]), status: 201)
    case .failure(let failure):
      // A stranger must not learn who is on the roster, nor who has started: a name not on
      // it and a name taken get the same answer, each attempt from the join budget.
      if book.assignment.className != nil, Self.isNameRefusal(failure) {
        throw APIError(403, Self.nameRefused, field: "name", reason: "name_refused")
      }
      throw failure
    }
  }

  /// Whether `failure` refused the name as not on the roster, or as taken.
  private static func isNameRefusal(_ failure: AssignmentBook.Failure<AssignmentWork.JoinRefusal>) -> Bool {
    guard case .refused(let refusal) = failure else { return false }
    return refusal == .notOnRoster || refusal == .nameTaken
  }

  /// A class homework's answer to a name not on its roster and to a name taken alike.
  static let nameRefused =
    "this name is not on the class's list, or a student of this name has started already"

  /// GET `/api/assignments/CODE/next?secret=S`: the student's next question (a timed one
  /// only once its timer is started: before, what starting it gives), or their result once
  /// the attempt is over or the due time has passed.
  func next(_ context: RequestContext, _ student: Student) -> HTTPResponse {
    let assignment = student.book.assignment
    let now = assignments.clock.now()
    let current = student.book.student(secret: student.secret, at: now) ?? student.student
    let attempt = current.attempts[current.attempts.count - 1]
    // The student's own due time: everyone's, or their extension.
    let due = student.book.snapshot.due(forKey: current.name.key)
    let isOpen = now < due
    var common: [(key: String, value: JSONValue)] = [
      ("name", .string(current.name.text)), ("title", .string(assignment.title)),
      ("due", .string(Assignment.timestamp(due))),
      ("seconds_left", .number(max(0, due.seconds(since: now)))),
      ("questions", .number(assignment.questions.count)), ("attempt", .number(current.attempts.count)),
      ("attempts", .number(assignment.attempts)),
    ]
    guard isOpen, attempt.answers.count < assignment.questions.count else {
      let best = current.best
      common += [
        ("done", .bool(true)), ("score", .number(best.score)), ("correct", .number(best.correct)),
        // Every question of the best attempt not answered: those whose time ran out and
        // those the due time left (a student cut off has fewer answers than questions).
        ("unanswered", .number(assignment.questions.count - best.answers.count { $0.outcome != .unanswered })),
        ("open", .bool(isOpen)),
        ("can_retry", .bool(isOpen && current.attempts.count < assignment.attempts)),
      ]
      return .json(.object(common))
    }
    let index = attempt.answers.count
    let asked = assignment.questions[index]
    common += [("done", .bool(false)), ("index", .number(index)), ("score", .number(attempt.score))]
    if let set = asked.set, assignment.secondsPerSet != nil { common.append(("set", .number(set + 1))) }
    if assignment.needsStart(index), attempt.starts[index] == nil {
      // Nothing of the question before its timer runs: what starting it gives instead.
      let timers = assignment.timers(of: index, timeFactor: timeFactor(of: current.name, in: assignment))
      common.append(("start", .bool(true)))
      if let seconds = timers.set { common.append(("set_seconds", .number(seconds))) }
      if let seconds = timers.question { common.append(("question_seconds", .number(seconds))) }
      return .json(.object(common))
    }
    let question = asked.question
    common += [
      ("start", .bool(false)), ("text", .string(question.text)),
      ("answers", .array(question.answers.map(JSONValue.string))), ("multiple", .bool(question.isMultiple)),
    ]
    if let deadline = assignment.deadline(of: index, in: attempt) {
      common.append(("time_left", .number(max(0, min(deadline, due).seconds(since: now)))))
    }
    if let image = pictures.imageSource(for: question.imageURL) { common.append(("image", .string(image.value))) }
    return .json(.object(common))
  }

  /// How many times as long `name`'s timers run (their roster's extra time; 1 without one).
  func timeFactor(of name: StudentName, in assignment: Assignment) -> Double {
    roster(assignment.className)?.student(.name(name.text))?.accommodations.timeFactor ?? 1
  }

  /// POST `/api/assignments/CODE/start`: `{"secret", "index"}` → 200 `{"index", "started"}`:
  /// the timer(s) of the student's next question run from now (`started` false: they ran
  /// already, or it has none).
  func startTimer(_ context: RequestContext, _ student: Student) async throws -> HTTPResponse {
    let now = assignments.clock.now()
    let body = try JSONBody(context.request.body)
    let index = try body.required("index", body.integer)
    let started = try student.book.start(
      secret: student.secret, question: index,
      timeFactor: timeFactor(of: student.student.name, in: student.book.assignment), at: now)
    return .json(.object([("index", .number(index)), ("started", .bool(started))]))
  }

  /// POST `/api/assignments/CODE/answers`: `{"secret", "index", "answers"}` → 200
  /// `{"right", "correct", "explanation"?, "score"}`.
  func answer(_ context: RequestContext, _ student: Student) async throws -> HTTPResponse {
    let now = assignments.clock.now()
    let body = try JSONBody(context.request.body)
    let index = try body.required("index", body.integer)
    let picks = try body.required("answers") { key throws(JSONBody.Problem) in
      try body.integers(key, limit: Self.picksLimit)
    }
    let verdict = try student.book.answer(secret: student.secret, question: index, picks: picks, at: now)
    var members: [(key: String, value: JSONValue)] = [
      ("right", .bool(verdict.outcome == .right)), ("correct", .array(verdict.correct.map(JSONValue.number))),
      ("score", .number(verdict.score)),
    ]
    if let explanation = verdict.explanation { members.append(("explanation", .string(explanation))) }
    return .json(.object(members))
  }

  /// POST `/api/assignments/CODE/attempts`: `{"secret"}` → 201 `{"attempt"}`.
  func retry(_ context: RequestContext, _ student: Student) async throws -> HTTPResponse {
    let number = try student.book.retry(secret: student.secret, at: assignments.clock.now())
    return .json(.object([("attempt", .number(number))]), status: 201)
  }
}

extension AssignmentWork.MoveRefusal: APIRefusal {
  static let notSaved = "the answer could not be saved"

  var apiError: APIError {
    switch self {
    case .unknownStudent: APIError(403, "no student of this assignment has this secret")
    case .pastDue, .noAttemptsLeft: APIError(410, description)
    case .timeUp: APIError(410, description, reason: "time_up")
    case .alreadyAnswered, .attemptOver, .attemptNotOver: APIError(409, description)
    case .notStarted: APIError(409, description, reason: "not_started")
    case .noSuchQuestion, .notYet: APIError(422, description, field: "index")
    case .invalidPicks: APIError(422, description, field: "answers")
    }
  }
}

extension AssignmentWork.JoinRefusal: APIRefusal {
  static let notSaved = "you could not be added"

  var apiError: APIError {
    switch self {
    case .invalidName: APIError(422, description, field: "name")
    case .notOnRoster: APIError(403, description, field: "name", reason: "not_on_roster")
    case .full: APIError(403, description, field: "name", reason: "full")
    case .nameTaken: APIError(409, description, field: "name")
    case .pastDue: APIError(410, description)
    case .ownLinkRequired: APIError(403, description, field: "name", reason: "own_link")
    }
  }
}

extension AssignmentBook.Failure: HTTPResponseError where Refusal: APIRefusal {
  var response: HTTPResponse {
    switch self {
    case .notSaved(let error): APIError(503, "\(Refusal.notSaved): \(error.reason)").response
    case .refused(let refusal): refusal.apiError.response
    }
  }
}
