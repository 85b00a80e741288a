import QRQuiz
import QRQuizClassroom
import QRQuizHTTP

/// The pages of live games. Each is a shell of sections the script shows one at a time,
/// filling in the game's text as `textContent` (never markup); the words the script needs
/// are in the page, in its language, as data attributes.
extension Pages {
  /// `/host/PIN`: the projector's screen.
  func liveHost(_ setup: LiveGame.Setup, secret: String, joinURL: String, joinAddress: String, reachable: Bool) -> HTML
  {
    let pin = setup.pin
    let hasCards = setup.cardClass != nil
    let cardWords: HTML? = hasCards ? words(Self.hostCardWords) : nil
    let spacedPIN = String(pin.prefix(3)) + " " + String(pin.dropFirst(3))
    let unreachable: HTML? =
      reachable
      ? nil
      : "<p class=\"notice\" id=\"unreachable\">\(say(.unreachableAddress, markup: ["option": "<code>--host 0.0.0.0</code>"]))</p>"
    return page(
      title: setup.title, pageClass: hasCards ? "live live-host has-cards" : "live live-host", header: false,
      scripts: ["live.js"],
      """
      <div id="live" data-role="host" data-api="\(SitePath.liveAPI(pin))" data-secret="\(secret)" \(words(Self.hostWords)) \(cardWords)>
      <p id="offline" class="offline" role="alert" hidden>\(say(.liveReconnecting))</p>
      <p class="live-title"><strong>\(setup.title)</strong> <span class="muted">· \(scoringSummary(setup))</span></p>
      \(unreachable)
      <div id="asking" class="notice asking" role="status" hidden></div>
      <section id="lobby" aria-labelledby="lobby-heading">
      <h1 id="lobby-heading" class="visually-hidden">\(say(.liveLobbyHeading))</h1>
      <div class="join-panel">
      <img src="\(SitePath.joinQR(pin, .svg))" alt="\(text(.liveJoinCodeAlt, ["address": .text(joinURL)]))" width="300" height="300">
      <div><p class="join-at">\(say(.liveJoinAt, ["address": .text(joinAddress)]))</p>
      <p class="pin-label">\(say(.livePINLabel))</p><p class="pin" aria-label="\(text(.livePINLabel)) \(pin)">\(spacedPIN)</p>
      <p><a href="\(SitePath.join(pin))">\(joinURL)</a></p></div>
      </div>
      <p class="players-count" data-field="players" aria-live="polite"></p>
      <p class="main-move"><button id="start" type="button" aria-keyshortcuts="Enter Space">\(say(.liveStart))</button> <span class="key-hint muted">\(say(.liveKeyHint))</span></p>
      <ul class="names" data-field="names"></ul>
      \(hasCards ? "<ul class=\"names class-roster\" data-field=\"class-roster\"></ul>" as HTML : nil)
      </section>
      <section id="question" hidden aria-labelledby="question-text">
      \(Self.questionHeader)
      <ol class="live-answers" data-field="answers"></ol>
      <p class="status main-move"><span data-field="answered" aria-live="polite"></span>
      <span><button id="close" type="button" class="secondary" aria-keyshortcuts="Enter Space">\(say(.liveEndQuestion))</button> <span class="key-hint muted">\(say(.liveKeyHint))</span></span></p>
      \(hasCards ? Self.cardGrid : nil)
      </section>
      <section id="closed" hidden aria-labelledby="closed-heading">
      <h1 id="closed-heading" class="live-question" data-field="text"></h1>
      <ol class="live-answers results" data-field="answers"></ol>
      <p class="explanation" data-field="explanation" hidden></p>
      <div class="leaderboard"><h2>\(say(.liveTopFive))</h2><ol class="standings" data-field="top"></ol>
      <p class="muted" data-field="hidden" hidden>\(say(.liveScoresHidden))</p></div>
      <p class="main-move"><button id="next" type="button" aria-keyshortcuts="Enter Space">\(say(.liveNext))</button> <span class="key-hint muted">\(say(.liveKeyHint))</span>
      <button id="reask" type="button" class="secondary">\(say(.liveReaskButton))</button></p>
      </section>
      <section id="over" hidden aria-labelledby="over-heading">
      <h1 id="over-heading">\(say(.livePodium))</h1>
      <ol class="standings podium" data-field="podium"></ol>
      <p class="main-move"><a class="button" href="\(SitePath.liveResults(pin, "csv"))" download>\(say(.liveDownloadCSV))</a>
      <a class="button secondary" href="\(SitePath.liveResults(pin, "json"))" download>JSON</a></p>
      </section>
      \(hasCards ? cardPanel(pin: pin) : nil)
      <details class="host-controls" id="host-controls"><summary>\(say(.liveControls))</summary>
      <p><button id="lock" type="button" class="secondary" aria-pressed="false">\(say(.liveLock))</button>
      <button id="hide" type="button" class="secondary" aria-pressed="false">\(say(.liveHideScores))</button>
      \(hasCards ? "<button id=\"guests\" type=\"button\" class=\"secondary\" aria-pressed=\"false\">\(say(.liveAllowGuests))</button>" as HTML : nil)
      <button id="end" type="button" class="secondary">\(say(.liveEndGame))</button></p>
      <h2 id="roster-heading">\(say(.livePlayersHeading))</h2>
      <ul class="names roster" data-field="roster" aria-labelledby="roster-heading"></ul>
      <h2 id="banned-heading">\(say(.liveBannedHeading))</h2>
      <ul class="names roster" data-field="banned" aria-labelledby="banned-heading"></ul>
      <p class="muted" data-field="nobody-banned">\(say(.liveNobodyBanned))</p>
      </details>
      <dialog id="confirm" aria-labelledby="confirm-text"><form method="dialog">
      <p id="confirm-text"></p>
      <p class="row"><button id="confirm-yes" value="yes"></button>
      <button id="confirm-ban" value="ban" hidden>\(say(.liveRemoveBanButton))</button>
      <button id="confirm-cancel" value="cancel" class="secondary">\(say(.liveCancel))</button></p>
      </form></dialog>
      <p id="connection" class="muted" role="status" aria-live="polite"></p>
      </div>
      """)
  }

  /// The top of the question section, the same on the projector and the phones: the
  /// fields the script fills as each question opens.
  private static let questionHeader: HTML = """
    <p class="status"><span data-field="progress"></span><span class="countdown" data-field="countdown" role="timer"></span></p>
    <p class="visually-hidden" data-field="announce" aria-live="polite"></p>
    <h1 id="question-text" class="live-question" data-field="text" tabindex="-1"></h1>
    <img class="live-image" data-field="image" alt="" hidden>
    """

  /// The join form's name: a nickname, or in a class's game the student's name picked from
  /// the class list (a `datalist`: typing filters it), each option with its card number for
  /// `{"student": CARD}`.
  private func joinName(_ setup: LiveGame.Setup) -> HTML {
    guard let students = setup.cardClass?.students else {
      return """
        <label for="name">\(say(.liveNickname))</label>
        <div class="row"><input id="name" name="name" type="text" maxlength="20" autocomplete="nickname" autocapitalize="words" required aria-describedby="join-error">
        """
    }
    let options = HTML.joined(
      students.map { student -> HTML in "<option value=\"\(student.name)\" data-student=\"\(student.card)\"></option>" }
    )
    return """
      <label for="name">\(say(.liveYourName))</label>
      <datalist id="class-list">\(options)</datalist>
      <div class="row"><input id="name" name="name" type="text" maxlength="40" list="class-list" autocomplete="off" autocapitalize="words" required aria-describedby="join-error">
      """
  }

  /// `/j/PIN`: a player's phone.
  func livePlayer(_ setup: LiveGame.Setup) -> HTML {
    page(
      title: setup.title, pageClass: "live live-player", header: false, scripts: ["live.js"],
      """
      <div id="live" data-role="player" data-pin="\(setup.pin)" data-api="\(SitePath.liveAPI(setup.pin))" \(words(Self.playerWords))>
      <p class="live-title"><strong>\(setup.title)</strong> <span class="muted">PIN \(setup.pin)</span></p>
      <p id="who" class="who" hidden><span id="who-name"></span> <button type="button" id="not-you" class="secondary small">\(say(.liveNotYou))</button></p>
      <noscript><p class="notice">\(say(.liveNeedsScript))</p></noscript>
      <section id="join" class="card" aria-labelledby="join-heading">
      <h1 id="join-heading">\(say(.liveJoinHeading))</h1>
      <form id="join-form">
      \(joinName(setup))
      <button type="submit">\(say(.liveJoinButton))</button></div>
      <p id="join-error" class="problems" role="alert" hidden></p>
      </form>
      </section>
      <section id="lobby" hidden aria-labelledby="lobby-heading">
      <h1 id="lobby-heading" data-field="name"></h1>
      <p>\(say(.liveWaiting))</p>
      <p class="muted" data-field="players" aria-live="polite"></p>
      </section>
      <section id="question" hidden aria-labelledby="question-text">
      \(Self.questionHeader)
      <p class="muted" data-field="multiple" hidden>\(say(setup.mandatory ? .livePickSeveral : .livePickSome))</p>
      <div class="live-answers buttons" data-field="answers" role="group" aria-labelledby="question-text"></div>
      <form id="number-form" class="number-form" hidden>
      <label for="number">\(say(.liveNumberLabel))</label>
      <div class="row"><input id="number" type="text" inputmode="decimal" autocomplete="off" maxlength="40" required>
      <button type="submit">\(say(.liveSend))</button></div>
      </form>
      <p><button id="send" type="button" hidden>\(say(.liveSend))</button></p>
      <p class="notice" data-field="taken" role="status" hidden>\(say(.liveAnswerTaken)) <span data-field="picked"></span></p>
      <p class="problems" data-field="answer-error" role="alert" hidden></p>
      </section>
      <section id="closed" hidden aria-labelledby="verdict">
      <h1 id="verdict" class="verdict" data-field="verdict" tabindex="-1"></h1>
      <p class="score" data-field="points"></p>
      <p data-field="correct"></p>
      <p class="explanation" data-field="explanation" hidden></p>
      <p data-field="standing"></p>
      <p class="muted">\(say(.liveWaitNext))</p>
      </section>
      <section id="over" hidden aria-labelledby="over-heading">
      <h1 id="over-heading">\(say(.liveGameOver))</h1>
      <p class="score" data-field="place"></p>
      <ol class="standings podium" data-field="podium"></ol>
      </section>
      <section id="gone" hidden aria-labelledby="gone-heading">
      <h1 id="gone-heading" data-field="gone"></h1>
      <p><a href="\(SitePath.pinEntry)">\(say(.liveJoinAnother))</a></p>
      </section>
      <p id="unsent" class="problems" role="alert" hidden></p>
      <p id="connection" class="muted" role="status" aria-live="polite"></p>
      </div>
      """)
  }

  /// `/j`: the PIN form (and a wrong PIN's page).
  func pinEntry(problem: PagePhrase?) -> HTML {
    let shown: HTML? = problem.map { "<p class=\"problems\" role=\"alert\">\(say($0))</p>" }
    return page(
      title: text(.liveJoinHeading), pageClass: "live live-player", header: false,
      """
      <section class="card" aria-labelledby="pin-heading">
      <h1 id="pin-heading">\(say(.liveJoinHeading))</h1>
      \(shown)
      <form method="get" action="\(SitePath.pinEntry)">
      <label for="pin">\(say(.livePINLabel))</label>
      <div class="row"><input id="pin" name="pin" type="text" inputmode="numeric" pattern="[0-9 ]*" maxlength="7" autocomplete="off" required>
      <button type="submit">\(say(.liveJoinButton))</button></div>
      </form>
      </section>
      """)
  }

  /// The topic page's form that starts a live game (for the teacher).
  func hostForm(_ topic: ServedTopic, csrf: String, classes: [String] = []) -> HTML {
    // A list's sets are one choice (its first set's number plays them in order).
    let units = topic.topic.playableUnits
    let sets = units.map { unit -> HTML in
      let name = topic.topic.name(of: unit, in: language)
      return "<option value=\"\(unit.number)\">\(name) (\(topic.topic.questionCount(of: unit)))</option>"
    }
    let allSets: HTML? = units.count > 1 ? "<option value=\"\">\(say(.liveAllSets))</option>" : nil
    // With classes to choose from, the scoring left as it is follows the class: accuracy
    // with one (as `qrquiz live --class`), speed without.
    let usual: HTML? = classes.isEmpty ? nil : "<option value=\"\" selected>\(say(.cardScoringUsual))</option>"
    return """
      <form class="card" id="host-form" method="post" action="\(SitePath.hostForm)">
      <h2>\(say(.liveHostGame))</h2>
      <input type="hidden" name="topic" value="\(topic.name)"><input type="hidden" name="csrf" value="\(csrf)">
      <div class="row"><label for="live-set">\(say(.liveSetLabel))</label><select id="live-set" name="set">\(allSets)\(sets)</select></div>
      <div class="row"><label for="live-scoring">\(say(.liveScoringLabel))</label><select id="live-scoring" name="scoring">
      \(usual)<option value="speed">\(say(.liveScoringSpeed))</option><option value="accuracy">\(say(.liveScoringAccuracy))</option>
      <option value="app">\(say(.liveScoringApp))</option></select></div>
      <div class="row"><label for="live-seconds">\(say(.liveSecondsLabel))</label>
      <input id="live-seconds" name="seconds" type="number" min="5" max="600" value="20" aria-describedby="live-seconds-own"></div>
      <p class="muted" id="live-seconds-own">\(say(.liveSecondsOwnKept))</p>
      \(classChoice(classes))
      <button type="submit">\(say(.liveHostButton))</button>
      </form>
      """
  }

  /// "speed scoring · 20 s a question · 10 questions".
  func scoringSummary(_ setup: LiveGame.Setup) -> HTML {
    let scoring: PagePhrase =
      switch setup.scoring {
      case .speed: .liveScoringSpeed
      case .accuracy: .liveScoringAccuracy
      case .app: .liveScoringApp
      }
    // Questions with their own time (Kahoot!'s "Time limit") keep it: said as it is.
    let own = setup.questions.filter { $0.seconds != nil }.count
    let seconds: [String: MessageArgument] = ["seconds": .number(Int(setup.seconds))]
    let time =
      own == 0
      ? say(.liveSecondsEach, seconds)
      : own == setup.questions.count ? say(.liveSecondsOwn) : say(.liveSecondsSomeOwn, seconds)
    return "\(say(scoring)) · \(time) · \(say(.questions, ["count": .number(setup.questions.count)]))"
  }

  static let hostWords: [PagePhrase] = [
    .livePlayersCount, .liveQuestionOf, .liveAnsweredOf, .liveLock, .liveUnlock, .liveHideScores, .liveShowScores,
    .liveReconnecting, .liveNoPlayersYet, .liveNext, .liveSeePodium, .liveTimeUp, .liveKickDone, .liveNoSuchPlayer,
    .liveCorrectMark, .liveRequestFailed, .secondsLeftAnnouncement, .liveEndConfirm, .liveEndConfirmButton,
    .liveRemoveConfirm, .liveRemoveButton, .liveUnbanConfirm, .liveUnbanButton, .liveUnbanDone, .liveRemoveName,
    .liveUnbanName, .liveTypeOnPhone, .liveRightCount, .liveWrongCount, .liveRightAnswerWas, .liveHereOf,
    .liveHereByPhone, .liveHereByCard, .liveNotHereYet, .liveGuest, .liveAllowGuests, .liveNoGuests, .liveAsksRejoin,
    .liveAllowRejoin, .liveDeclineRejoin, .liveReaskConfirm, .liveReaskButton,
  ]

  static let playerWords: [PagePhrase] = [
    .livePlayersCount, .liveQuestionOf, .liveYouAre, .liveRight, .liveWrong, .liveNoAnswer, .livePointsWon,
    .liveStanding, .liveStandingHidden, .liveFinalPlace, .liveKicked, .liveReconnecting, .liveNameTaken,
    .liveCannotJoin, .liveGameOver, .liveBadName, .liveTooManyTries, .liveNetworkError, .liveTooLate, .liveTimeUp,
    .liveNoSuchGame, .liveCorrectMark, .liveYourPick, .liveRightAnswerWas, .secondsLeftAnnouncement,
    .liveYouPicked, .liveLockedOut, .liveFull, .liveBannedOut, .liveNotANumber, .liveAskedTeacher, .liveReplaced,
    .liveNotOnRoster, .liveNotSentYet, .liveNotSentClosed, .liveDeclined,
  ]
}
