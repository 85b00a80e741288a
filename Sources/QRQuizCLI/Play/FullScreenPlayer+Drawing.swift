import Foundation
import QRQuiz

/// The screen's size, and the frames drawn in it.
struct Layout {
  struct Size: Equatable {
    var columns: Int
    var rows: Int
  }

  let size: Size
  var columns: Int { size.columns }
  var rows: Int { size.rows }

  func screen(colour: Bool) -> Screen { Screen(columns: columns, rows: rows, colour: colour) }
}

extension FullScreenPlayer {
  /// One question:
  ///
  ///     title · set · question 3/6                           4:52
  ///
  ///     The question, wrapped…
  ///     [picture]
  ///     [1] an answer, wrapped with a hanging indent
  ///     …
  ///     right (+20)
  ///     1-4 answer · h help (-5) · q quit            score 40 · total 1240
  ///
  /// With `answered`, that question (just answered) is drawn instead of the current one,
  /// its picks marked, with its explanation, the verdict and "any key: next".
  func draw(
    _ session: QuizSession, setName: String, feedback: (String, Screen.Style)?, typed: String, layout: Layout,
    answered: QuizSession.Answered? = nil
  ) {
    guard let question = answered?.question ?? session.currentQuestion else { return }
    let shown = Shown(
      picks: answered?.picks ?? session.picks, hidden: answered == nil ? session.hidden : [],
      number: answered == nil ? session.position + 1 : session.position)
    var screen = layout.screen(colour: colour)
    screen.clear()
    let header = words(
      .screenHeader,
      [
        "topic": .text(setup.topic.name), "set": .text(setName), "number": .number(shown.number),
        "count": .number(session.questions.count),
      ])
    screen.line(1, header, style: .reverse)
    drawTimer(timerText(session), on: &screen)

    let width = layout.columns - 4
    // The rows between the header (and a blank) and the two bottom lines.
    let available = layout.rows - 5
    var answerLines: [(text: String, style: Screen.Style)] = []
    if question.numericAnswer != nil {
      let number = answered?.typedNumber.map { JSONValue.number($0).compactText } ?? typed + "_"
      answerLines.append((words(.yourTypedAnswer, ["number": .text(number)]), .bold))
    } else {
      for index in question.answers.indices {
        answerLines += answerRows(index, of: question, shown: shown, session: session, width: width)
      }
    }
    // Once answered, why: under the answers, in the rows left (the question and answers
    // keep theirs).
    let explanationLines =
      answered.map { answered in
        PlayText.explanation(of: answered.question, words: words).enumerated().flatMap { index, line in
          let indent = index == 0 ? "" : "  "
          return DisplayWidth.wrap(TerminalText.safe(line), width: width - indent.count).map { indent + $0 }
        }
      } ?? []
    var questionLines = DisplayWidth.wrap(TerminalText.safe(question.text, allowNewlines: true), width: width)
    if answerLines.count > available - 2 {
      // Too many answers for the screen: one line each.
      answerLines = answerLines.filter { !$0.text.hasPrefix("     ") }
    }
    let questionRoom = max(1, available - answerLines.count - 1)
    if questionLines.count > questionRoom {
      questionLines = Array(questionLines.prefix(questionRoom))
      questionLines[questionRoom - 1] = DisplayWidth.truncate(questionLines[questionRoom - 1] + " …", width: width)
    }
    var row = 3
    for line in questionLines {
      screen.line(row, "  " + line, style: .bold)
      row += 1
    }
    row += 1
    let imageRows = min(10, available - questionLines.count - answerLines.count - 2)
    row = drawImage(question, at: row, rows: imageRows, width: width, on: &screen)
    for line in answerLines where row <= layout.rows - 2 {
      screen.line(row, "  " + line.text, style: line.style)
      row += 1
    }
    if !explanationLines.isEmpty { row += 1 }
    for (index, line) in explanationLines.enumerated() where row <= layout.rows - 2 {
      let cut = row == layout.rows - 2 && index < explanationLines.count - 1
      screen.line(row, "  " + (cut ? DisplayWidth.truncate(line + " …", width: width) : line), style: .accent)
      row += 1
    }

    if let (text, style) = feedback { screen.line(layout.rows - 1, "  " + text, style: style) }
    var keys: [String]
    if answered != nil {
      keys = [words(session.isOver ? .keyAnyResult : .keyAnyNext), words(.keyQuit)]
    } else {
      keys =
        question.numericAnswer != nil
        ? [words(.keyTypeNumber)]
        : [
          words(
            session.picksNeeded > 1 ? .keyAnswerPicks : .keyAnswer,
            [
              "first": .text(AnswerKeys.label(0)), "last": .text(AnswerKeys.label(question.answers.count - 1)),
              "count": .number(session.picksNeeded),
            ])
        ]
      if session.isHelpOffered { keys.append(words(.keyHelp, ["points": .number(QuizRules.pointsForHelp)])) }
      keys.append(words(question.numericAnswer != nil ? .keyQuitEmpty : .keyQuit))
    }
    let score = words(.scoreLine, ["score": .number(session.score), "total": .number(session.totalScore)])
    let keysText = "  " + keys.joined(separator: " · ")
    screen.line(layout.rows, keysText, style: .dim)
    screen.move(layout.rows, max(1, layout.columns - DisplayWidth.of(score) + 1))
    screen.styled(score, .accent)
    screen.flush()
  }

  /// What of a question is drawn: the picks and hidden answers, and its number.
  struct Shown {
    var picks: [Int]
    var hidden: Set<Int>
    /// 1-based.
    var number: Int
  }

  /// An answer's rows: its key, its text wrapped with a hanging indent, and its state.
  private func answerRows(
    _ index: Int, of question: QuizSession.Question, shown: Shown, session: QuizSession, width: Int
  ) -> [(text: String, style: Screen.Style)] {
    let key = "[\(AnswerKeys.label(index))]"
    let padded = key + String(repeating: " ", count: max(1, 5 - key.count))
    if shown.hidden.contains(index) { return [(padded + "—", .dim)] }
    var style = Screen.Style.plain
    var mark = ""
    if shown.picks.contains(index) {
      if session.options.showCorrectIncorrectAnswer {
        let right = question.correctAnswers.contains(index)
        style = right ? .right : .wrong
        mark = right ? " ✓" : " ✗"
      } else {
        style = .accent
        mark = " •"
      }
    }
    let lines = DisplayWidth.wrap(TerminalText.safe(question.answers[index]) + mark, width: width - 5)
    return lines.enumerated().map { offset, line in ((offset == 0 ? padded : "     ") + line, style) }
  }

  /// The question's picture in at most `rows` rows, a link to its file, or a note; the row
  /// after it.
  private func drawImage(
    _ question: QuizSession.Question, at row: Int, rows: Int, width: Int, on screen: inout Screen
  ) -> Int {
    guard let url = question.imageURL, let images = setup.images, rows >= 1 else { return row }
    switch images.state(of: url) {
    case .loading:
      screen.line(row, words(.imageLoading), style: .dim)
      return row + 2
    case .failed(let reason):
      screen.line(
        row, DisplayWidth.truncate(words(.imageNotAvailable, ["reason": .text(reason)]), width: width), style: .dim)
      return row + 2
    case .ready: break
    }
    if imageCapability != .none, rows >= 3, let picture = images.picture(for: url),
      let drawn = TerminalImageRenderer.render(
        picture, columns: min(width, 60), rows: rows, environment: Terminal.environment)
    {
      // Chafa's output is ours (escape sequences it made), drawn at the cursor line by line.
      screen.move(row, 3)
      screen.raw(drawn.text.replacingOccurrences(of: "\n", with: "\n\u{1B}[2C"))
      return row + drawn.rows + 1
    }
    // No picture here: the file as a link the terminal can open (OSC 8).
    guard let file = images.file(for: url) else { return row }
    let link = URL(fileURLWithPath: file).absoluteString
    screen.move(row, 3)
    screen.raw("\u{1B}]8;;\(link)\u{1B}\\")
    screen.styled(DisplayWidth.truncate("image: " + file, width: width), .accent)
    screen.raw("\u{1B}]8;;\u{1B}\\")
    return row + 2
  }

  /// "⏱ 4:52", or nothing without a timer.
  func timerText(_ session: QuizSession) -> String {
    guard let remaining = session.remainingTime(at: QuizClock.now) else { return "" }
    return "⏱ " + PlayText.countdown(remaining) + " "
  }

  /// The countdown at the right end of the header, in place.
  func drawTimer(_ timer: String, on screen: inout Screen) {
    guard !timer.isEmpty else { return }
    // Wide enough for "⏱ 10:00 " so a shorter time leaves no digits behind.
    let padded = String(repeating: " ", count: max(0, 9 - DisplayWidth.of(timer))) + timer
    screen.move(1, screen.columns - DisplayWidth.of(padded) + 1)
    screen.styled(padded, .reverse)
  }

  /// The incorrect answers from `row` down, as many as fit; the row after them.
  func drawReview(_ result: QuizSession.Result, from row: Int, on screen: inout Screen) -> Int {
    var row = row
    let incorrect = result.incorrect
    screen.line(row, "  " + words(incorrect.isEmpty ? .everyQuestionRight : .incorrectAnswers), style: .bold)
    row += 1
    for played in incorrect {
      guard row + 3 < screen.rows else {
        screen.line(row, "  …", style: .dim)
        return row + 1
      }
      let question = played.question
      let yours =
        played.typedNumber.map { JSONValue.number($0).compactText }
        ?? (played.picks.isEmpty ? words(.noAnswer) : PlayText.answerList(played.picks, of: question))
      let right =
        question.numericAnswer.map { JSONValue.number($0.value).compactText }
        ?? PlayText.answerList(question.correctAnswers.sorted(), of: question)
      screen.line(row, "  " + question.text)
      screen.line(row + 1, "  " + words(.yourAnswerWas, ["answer": .text(yours)]), style: .wrong)
      screen.line(row + 2, "  " + words(.correctAnswerWas, ["answer": .text(right)]), style: .right)
      row += 3
    }
    return row
  }
}
