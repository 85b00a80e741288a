import QRQuiz

/// The words of homework's pages (a student's `/a/CODE`, the teacher's assignments) and of
/// the classes' pages (the gradebook, a student's own results), one catalogue per language
/// (Spanish in `HomeworkPhrase+Spanish.swift`). The live pages' words are ``PagePhrase``.
public enum HomeworkPhrase: String, PhraseBook {
  // The header and refusals.
  case navHomework, navClasses, teacherOnlyDetail, cannotAssign, noSuchAssignmentPage, noSuchClass, noSuchStudentPage
  // A student's page.
  case dueAt, needsScript, pastDueNotice, joinHeading, codeLabel, studentNameLabel, nameOnRosterLabel, startButton
  case nameNotOnRoster, nameTaken, nameRefused, badName, full, pastDue, closedHeading, noSuchAssignment
  case setHeading, setTimer, questionTimer, setAndQuestionTimer, timeRanOut
  case durationMinutesSeconds, durationMinutes, durationSeconds
  case resultHeading, scoredPoints, rightOf, attemptOf, closedResult, doneResult, attemptsLeft, tryAgain
  // Assigning.
  case assignHeading, dueDateLabel, dueTimeLabel, classLabel, anyoneWithTheLink, everySetInTurn, attemptsLabel
  case assignNote, assignButton, assignLink
  // The teacher's assignments.
  case homeworkTitle, noAssignments, topicColumn, dueColumn, statusColumn, studentsColumn, codeColumn
  case statusOpen, statusClosed, doneOfJoined, forClass, assignmentSummary, studentsJoinAt, joinCodeAlt
  case showOnProjector, printButton, openOrScan, orTypeCode, downloadResults, studentsHeading, noStudentsYet
  case studentColumn, scoreColumn, rightColumn, timeColumn, attemptsColumn
  case statusDone, statusNotFinished, statusNotStarted, extraTime, noSpeedScoring
  case questionsHardestFirst, questionNumber, shareRight, nobodyYet, pickedBy, ranOutCount
  // Classes and the gradebook.
  case classesTitle, noClasses, studentCount, gradebookHeading, activityCount, noActivities, overallColumn
  case kindLive, kindHomework, cellScore, cellMissed, cellNotYet, cellPartial, deviceCard, percentRight
  case downloadGradebook, studentLinksHeading, studentLinksNote, linksMissing, makeLinks
  case yourResults, yourResultsHeading, openHomework
  // Moving a due time.
  case cannotMoveDue, dueChangesHeading, dueReopened, dueExtended, moveDueForLabel, moveDueEveryone, moveDueButton
  case moveDueNote, gradebookNotes
  // Merging a live game's guest into a student, on the gradebook.
  case mergesHeading, mergesNote, mergeIntoLabel, mergeButton, cannotMerge
  // Homework opened from each student's own link only.
  case useOwnLink, cannotOpenHomework, ownLinkStartNote
  // Leaving a live game out of the gradebook.
  case leaveOutLink, leaveOutTitle, leaveOutHeading, leaveOutNote, leaveOutButton, keepItLink

  public static func catalogue(_ language: Language) -> [HomeworkPhrase: String] {
    switch language {
    case .english: english
    case .spanish: spanish
    }
  }

  static let english: [HomeworkPhrase: String] = [
    .navHomework: "Homework",
    .navClasses: "Classes",
    .teacherOnlyDetail: "Only the teacher sees this page: open the teacher's address qrquiz printed when it started.",
    .cannotAssign: "The homework could not be assigned",
    .cannotMoveDue: "The due time could not be moved",
    .dueChangesHeading: "Due time",
    .dueReopened: "Reopened for everyone until {date}",
    .dueExtended: "{name} may answer until {date}",
    .moveDueForLabel: "For",
    .moveDueEveryone: "everyone (reopen)",
    .moveDueButton: "Move the due time",
    .moveDueNote: "A later due time only: a student given more time answers until theirs, the others until everyone's.",
    .gradebookNotes: "Notes",
    .noSuchAssignmentPage: "No homework has this code: check the address.",
    .noSuchClass: "No class has this name.",
    .noSuchStudentPage: "This link opens no student's results: ask your teacher for yours.",
    .dueAt: "Due {date}",
    .needsScript: "Homework needs JavaScript: turn it on and reload.",
    .pastDueNotice: "This homework is past its due time: it takes no more answers.",
    .joinHeading: "Start the homework",
    .codeLabel: "The homework's code (8 letters and digits)",
    .studentNameLabel: "Your name",
    .nameOnRosterLabel: "Your name, as your teacher wrote it on the list of {class}",
    .startButton: "Start",
    .nameNotOnRoster: "This name is not on your class's list: write it as your teacher has it (first and last name).",
    .nameTaken:
      "Someone started with this name already. If it was you, open the homework on the phone or computer you started on.",
    .nameRefused:
      "This name cannot start this homework: write it as your teacher has it on your class's list. If you started already, open the homework on the phone or computer you started on.",
    .badName: "A name has 1 to 40 characters, none of them invisible.",
    .full: "This homework has as many students as it takes: tell your teacher.",
    .pastDue: "This homework is past its due time: it takes no more answers.",
    .closedHeading: "This homework is closed",
    .noSuchAssignment: "There is no homework at this address: check the code.",
    .setHeading: "Set {set}",
    .setTimer: "You have {time} for this set, from when you press Start.",
    .questionTimer: "You have {time} for this question, from when you press Start.",
    .setAndQuestionTimer:
      "You have {set} for this set and {question} for its first question, from when you press Start.",
    .timeRanOut: "Time ran out: what was left of it counts as unanswered.",
    .durationMinutesSeconds: "{minutes} min {seconds} s",
    .durationMinutes: "{minutes} min",
    .durationSeconds: "{seconds} s",
    .resultHeading: "Your result",
    .scoredPoints: "{count, plural, one {# point} other {# points}}",
    .rightOf: "{correct} of {count} right",
    .attemptOf: "Attempt {attempt} of {attempts}",
    .closedResult: "The homework is closed: this is your result.",
    .doneResult: "Done: your teacher sees your result.",
    .attemptsLeft:
      "{count, plural, one {You may try once more: your best attempt counts.} other {You may try # more times: your best attempt counts.}}",
    .tryAgain: "Try again",
    .assignHeading: "Assign as homework",
    .dueDateLabel: "Due",
    .dueTimeLabel: "Due time",
    .classLabel: "Class",
    .anyoneWithTheLink: "Anyone with the link",
    .everySetInTurn: "Every set in turn",
    .attemptsLabel: "Attempts per student",
    .assignNote:
      "Students open the homework's address or scan its code, and play at their own pace until it is due. Until then, this topic is hidden from everyone but you.",
    .assignButton: "Assign",
    .assignLink: "Assign",
    .homeworkTitle: "Homework",
    .noAssignments: "No homework yet: assign a topic from its page, or with {command}.",
    .topicColumn: "Topic",
    .dueColumn: "Due",
    .statusColumn: "Status",
    .studentsColumn: "Students",
    .codeColumn: "Code",
    .statusOpen: "open",
    .statusClosed: "closed",
    .doneOfJoined: "{done} of {count} done",
    .forClass: "For {class}",
    .assignmentSummary:
      "{questions, plural, one {# question} other {# questions}} · due {date} · {attempts, plural, one {# attempt} other {# attempts}}",
    .studentsJoinAt: "Students open",
    .joinCodeAlt: "QR code of the homework's address: {address}",
    .showOnProjector: "Show on the projector",
    .printButton: "Print",
    .openOrScan: "Open {address} or scan the code",
    .orTypeCode: "or open {address} and type the code",
    .downloadResults: "Download the results:",
    .studentsHeading: "Students",
    .noStudentsYet: "No student has started yet.",
    .studentColumn: "Student",
    .scoreColumn: "Score",
    .rightColumn: "Right",
    .timeColumn: "Time",
    .attemptsColumn: "Attempts",
    .statusDone: "done",
    .statusNotFinished: "not finished",
    .statusNotStarted: "not started",
    .extraTime: "extra time {factor}",
    .noSpeedScoring: "no speed scoring",
    .questionsHardestFirst: "Questions, the hardest first",
    .questionNumber: "Question {number}",
    .shareRight: "{percent}% right ({right} of {count})",
    .nobodyYet: "Nobody has come to it yet.",
    .pickedBy: "{count, plural, one {# student} other {# students}}",
    .ranOutCount: "{count, plural, one {# student ran out of time} other {# students ran out of time}}",
    .classesTitle: "Classes",
    .noClasses: "No classes yet: make one with {command}.",
    .studentCount: "{count, plural, one {# student} other {# students}}",
    .gradebookHeading: "Gradebook of {class}",
    .activityCount:
      "{live, plural, one {# live game} other {# live games}} · {homework, plural, one {# homework} other {# homework}}",
    .noActivities: "Nothing yet: the live games and homework this class takes come here.",
    .overallColumn: "Right overall",
    .kindLive: "live game",
    .kindHomework: "homework",
    .cellScore: "{score} · {correct}/{count}",
    .cellMissed: "missed",
    .cellNotYet: "not started",
    .cellPartial: "(not finished)",
    .deviceCard: "card",
    .percentRight: "{percent}%",
    .downloadGradebook: "Download the gradebook:",
    .studentLinksHeading: "Students' own pages",
    .studentLinksNote:
      "Each student sees their own results at their link, and nothing of anyone else's: give each their own.",
    .linksMissing: "{count, plural, one {# student has no link yet.} other {# students have no link yet.}}",
    .makeLinks: "Make their links",
    .yourResults: "Your results",
    .yourResultsHeading: "{name}, {class}",
    .openHomework: "Open it",
    .mergesHeading: "Players not on the class list",
    .mergesNote:
      "A guest who is one of the class, or a student who played twice: merge them into the student, and the game "
      + "counts one student (the first answer to each question).",
    .mergeIntoLabel: "{name} ({game}): merge into…",
    .mergeButton: "Merge",
    .cannotMerge: "The players could not be merged",
    .useOwnLink:
      "This homework opens from your own link, the one your teacher gave you (on a slip, or your page of results): "
      + "open it there, not by typing your name.",
    .cannotOpenHomework: "The homework could not be opened",
    .ownLinkStartNote: "Opening this page does not start the homework: press Start when you are ready.",
    .leaveOutLink: "Leave out…",
    .leaveOutTitle: "Leave a game out",
    .leaveOutHeading: "Leave {title} of {date} out of the gradebook?",
    .leaveOutNote:
      "Its records ({count, plural, one {# player} other {# players}}) and its results files are removed, for every class: there is no undo. Download its results first to keep them.",
    .leaveOutButton: "Leave it out",
    .keepItLink: "Keep it",
  ]
}
