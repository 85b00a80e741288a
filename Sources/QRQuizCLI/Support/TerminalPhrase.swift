import Foundation
import QRQuiz

/// The words of the terminal's own screens (`play`, `cards`, `new`) in the language of the
/// locale (`LC_ALL`, `LC_MESSAGES`, `LANG`): one catalogue per language, whole sentences
/// only. Words every front end shares are ``QuizPhrase``; a topic's own text is never
/// translated; other commands' diagnostics stay in English.
enum TerminalPhrase: String, PhraseBook {
  // Playing, line by line (PlainPlayer) and full screen.
  case setOver, repeatQuestion, repeatStarted, sampleSummary, resultsLine, sampleMenu, restartOrQuit
  case topicSets, setListItem, chooseSet, noSuchSet, timeIsUp, questionHeader, questionHeaderTimed
  case imageFile, imageMissing, imageMissingBecause, typeNumber, answerPrompt, answerPromptHelp, pickPrompt
  case pickPromptHelp, notANumber, notAnAnswer, everyQuestionRight, incorrectAnswers, yourAnswerWas
  case correctAnswerWas, noAnswer, setSummary, setSummarySeconds, setSummaryRandom, repeatIsPractice
  case sampleIsPractice, resultLine, resultLineTimeUp, categoryCounts, recordedFor, completedBefore
  case statisticsSetAside, statisticsCorrupt, categories, explanation, listOver, listCompletedBefore
  case chooseSetTitle, setMenuItem, setMenuKeys, setOverTitle, questionsRightOf, keyReview, keyDone, keyRepeat
  case resultsTitle, sampleKeys, screenHeader, yourTypedAnswer, keyAnyResult, keyAnyNext, keyQuit, keyTypeNumber
  case keyAnswer, keyAnswerPicks, keyHelp, keyQuitEmpty, scoreLine, imageLoading, imageNotAvailable
  // Flash cards.
  case cardKeysPlain, cardCounter, cardAnswerLine, cardQuestionLine, cardTurnHint, cardKeys
  // Studying (`qrquiz review`).
  case reviewCounts, reviewQuestionLine, reviewAnswerLine, reviewRate, reviewTurnPlain, reviewTurnKeys
  case reviewSessionOver, reviewNothingDue, reviewNextDue, reviewNoCards, reviewRecordFailed, reviewRateHint
  case reviewNewToday, reviewNewDone
  // A student's slip (`qrquiz class slips`).
  case slipPurpose, slipPrivacy
  case intervalMinutes, intervalHours, intervalDays, intervalMonths, intervalYears
  // The creator (`qrquiz new`).
  case promptName, promptTimer, promptRandomOrder, promptHelp, promptVerdicts, promptMandatory, promptSetCount
  case promptQuestion, promptQuestionMore, promptQuestionLast, promptAnswerFixed, promptAnswer, promptAnswerMore
  case promptCorrect, promptImage, nothingToUndo, creatorHelp, answerYesOrNo, giveAnswerNumbers, listingTopic
  case listingNoName, listingSet, listingWriting, keepAtEndOfInput, nothingWritten, saveToLibrary, writeToFile
  case showQRCode, newSummary, cancelledNothingWritten

  static func catalogue(_ language: Language) -> [TerminalPhrase: String] {
    switch language {
    case .english: english
    case .spanish: spanish
    }
  }

  static let english: [TerminalPhrase: String] = [
    .setOver: "Set {number} over: {result}",
    .listOver: "{name} over: {result}",
    .repeatQuestion: "Repeat the set? (y/n)",
    .repeatStarted: "Repeat {number} of {limit}: the total score is back to {score}",
    .sampleSummary: "{topic}: {questions} from {categories, plural, one {# category} other {# categories}}",
    .resultsLine: "Results: {result}",
    .sampleMenu: "Review incorrect answers (r), restart (s), or quit (q)?",
    .restartOrQuit: "Restart (s) or quit (q)?",
    .topicSets: "{topic}: {sets}",
    .setListItem: "  {number}. {name} ({questions})",
    .chooseSet: "Choose a set (1-{count}, q to quit):",
    .noSuchSet: "there is no set '{text}'",
    .timeIsUp: "time ran out",
    .questionHeader: "Question {number}/{count}",
    .questionHeaderTimed: "Question {number}/{count} ({time} left)",
    .imageFile: "Image: {file}",
    .imageMissing: "Image: {url} (not available)",
    .imageMissingBecause: "Image: {url} (not available: {reason})",
    .typeNumber: "Type a number (q to quit):",
    .answerPrompt: "Answer ({first}-{last}, q to quit):",
    .answerPromptHelp: "Answer ({first}-{last}, h for help at {points} points, q to quit):",
    .pickPrompt: "Pick {count} answers, e.g. 1,2 ({first}-{last}, q to quit):",
    .pickPromptHelp: "Pick {count} answers, e.g. 1,2 ({first}-{last}, h for help at {points} points, q to quit):",
    .notANumber: "'{text}' is not a number",
    .notAnAnswer: "'{text}' is not an answer",
    .everyQuestionRight: "Every question was answered right.",
    .incorrectAnswers: "Incorrect answers:",
    .yourAnswerWas: "    your answer: {answer}",
    .correctAnswerWas: "    correct: {answer}",
    .explanation: "Why: {text}",
    .noAnswer: "none",
    .setSummary: "{set} of {topic}: {details}",
    .setSummarySeconds: "{seconds} seconds",
    .setSummaryRandom: "questions in random order",
    .repeatIsPractice: "a repeat is practice: the statistics keep the set's first completion",
    .sampleIsPractice: "a sampled quiz is practice: the statistics stay as they were",
    .resultLine: "{correct}/{count} correct, {wrong} wrong, {help} help, score {score}",
    .resultLineTimeUp: "{correct}/{count} correct, {wrong} wrong, {help} help, score {score} (time ran out)",
    .categoryCounts: "{right} correct  {wrong} incorrect",
    .recordedFor: "recorded for {profile}: total score {score}",
    .completedBefore: "set {number} was completed before: the totals stay as they were (total score {score})",
    .listCompletedBefore: "{name} were completed before: the totals stay as they were (total score {score})",
    .statisticsSetAside: "{line}; the statistics were corrupt and were set aside as {file}",
    .statisticsCorrupt: "statistics were corrupt; set aside as {file}",
    .categories: "{count, plural, one {# category} other {# categories}}",
    .chooseSetTitle: "  Choose a set:",
    .setMenuItem: "  [{key}] {name} — {questions}",
    .setMenuKeys: "  {first}-{last} choose · q quit",
    .setOverTitle: " {topic} — set over",
    .questionsRightOf: "  {right} of {questions} right",
    .keyReview: "r review",
    .keyDone: "q done",
    .keyRepeat: "y repeat ({count} left)",
    .resultsTitle: " {topic} — results",
    .sampleKeys: "  r review incorrect answers · s restart · q quit",
    .screenHeader: " {topic} · {set} · question {number}/{count}",
    .yourTypedAnswer: "Your answer: {number}",
    .keyAnyResult: "any key: the result",
    .keyAnyNext: "any key: next question",
    .keyQuit: "q quit",
    .keyTypeNumber: "type a number, Enter to answer",
    .keyAnswer: "{first}-{last} answer",
    .keyAnswerPicks: "{first}-{last} answer ({count} to pick)",
    .keyHelp: "h help ({points})",
    .keyQuitEmpty: "q quit (empty answer)",
    .scoreLine: "score {score} · total {total} ",
    .imageLoading: "  (image loading…)",
    .imageNotAvailable: "  (image not available: {reason})",
    .cardKeysPlain: "t turn, n next, p previous, s shuffle, q quit",
    .cardCounter: "Card {number}/{count}",
    .cardAnswerLine: "{counter} answer: {answers}",
    .cardQuestionLine: "{counter}: {question}",
    .cardTurnHint: "  (space to turn the card)",
    .cardKeys: "  space turn · → next · ← previous · s shuffle · q quit",
    .reviewCounts: "{due} due · {learning} learning · {new} new",
    .reviewQuestionLine: "{counts}: {question}",
    .reviewAnswerLine: "answer: {answers}",
    .reviewRate: "1 again {again} · 2 hard {hard} · 3 good {good} · 4 easy {easy} · q quit",
    .reviewTurnPlain: "Enter shows the answer, q quits",
    .reviewTurnKeys: "  space show the answer · q quit",
    .reviewSessionOver: "{count, plural, one {# card} other {# cards}} reviewed",
    .reviewNothingDue: "Nothing is due now.",
    .reviewNextDue: "The next card is due in {interval}.",
    .reviewNoCards: "No cards: the topics have no questions.",
    .reviewRecordFailed: "the review could not be saved: {reason}",
    .reviewRateHint: "Type 1, 2, 3 or 4 to rate the card, or q to quit.",
    .reviewNewToday: "New cards today: {seen} seen, {left} more to come (a day's limit: {limit}, --new)",
    .reviewNewDone:
      "The day's {limit, plural, one {# new card is} other {# new cards are}} done; {waiting, plural, one {# waits} other {# wait}} for tomorrow (--new shows more).",
    .slipPurpose: "Your own page: your results and your review",
    .slipPrivacy: "Keep this slip to yourself",
    .intervalMinutes: "{count} min",
    .intervalHours: "{count} h",
    .intervalDays: "{count} d",
    .intervalMonths: "{count} mo",
    .intervalYears: "{count} y",
    .promptName: "Topic name:",
    .promptTimer: "Seconds per set (Enter: no timer):",
    .promptRandomOrder: "Questions in random order? [Y/n]",
    .promptHelp: "Help button (hides a wrong answer for 5 points)? [Y/n]",
    .promptVerdicts: "Show right or wrong after each answer? [Y/n]",
    .promptMandatory: "With several correct answers, must all be picked? [y/N]",
    .promptSetCount: "Number of sets [1]:",
    .promptQuestion: "Set {set}, question {number}:",
    .promptQuestionMore: "Set {set}, question {number} (Enter: next set):",
    .promptQuestionLast: "Set {set}, question {number} (Enter: finish):",
    .promptAnswerFixed: "  Answer {number} of {count}:",
    .promptAnswer: "  Answer {number}:",
    .promptAnswerMore: "  Answer {number} (Enter: no more answers):",
    .promptCorrect: "  Correct answer(s), e.g. 2 or 1,3:",
    .promptImage: "  Image URL (Enter: none):",
    .nothingToUndo: "nothing to go back to",
    .creatorHelp: "/back goes back one step, /list shows the topic so far, /done finishes",
    .answerYesOrNo: "Answer y or n",
    .giveAnswerNumbers: "Give answer numbers, such as 2 or 1,3",
    .listingTopic: "Topic: {name}",
    .listingNoName: "(no name yet)",
    .listingSet: "  Set {number}: {questions}",
    .listingWriting: "  Writing: {question}",
    .keepAtEndOfInput: "End of input. Keep what is there? [y/N]",
    .nothingWritten: "nothing written",
    .saveToLibrary: "Save it to your topic library? [Y/n]",
    .writeToFile: "Write it to a file too? (path, Enter: no)",
    .showQRCode: "Show its QR code here? [y/N]",
    .newSummary: "{topic}: {questions} in {sets}",
    .cancelledNothingWritten: "cancelled: nothing written",
  ]
}

/// The terminal's words in the locale's language: `say(.chooseSet, ["count": 3])`.
struct TerminalWords: Sendable {
  let language: Language

  /// The locale's language (`LC_ALL`, then `LC_MESSAGES`, then `LANG`).
  static var current: TerminalWords {
    TerminalWords(language: Language.preferred(environment: ProcessInfo.processInfo.environment))
  }

  func callAsFunction(_ phrase: TerminalPhrase, _ arguments: [String: MessageArgument] = [:]) -> String {
    phrase.text(in: language, arguments)
  }

  func callAsFunction(_ phrase: QuizPhrase, _ arguments: [String: MessageArgument] = [:]) -> String {
    phrase.text(in: language, arguments)
  }

  /// Whether `text` answers yes: `y` or `yes`, and in Spanish `s` or `sí` too.
  func isYes(_ text: String) -> Bool {
    let answer = text.trimmingCharacters(in: .whitespaces).lowercased()
    return answer.hasPrefix("y") || (language == .spanish && answer.hasPrefix("s"))
  }

  /// Whether `text` answers no.
  func isNo(_ text: String) -> Bool { text.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("n") }
}
