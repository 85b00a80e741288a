import QRQuiz
import QRQuizClassroom
import QRQuizHTTP

/// The pages' parts for answer cards in live games (`docs/CARDS.md`): the class picked for
/// a game, the host screen's card grid and scanning panel, and the teacher's phone that
/// photographs the room.
extension Pages {
  /// A phrase of answer cards, as markup.
  func say(_ phrase: CardPhrase, _ arguments: [String: MessageArgument] = [:]) -> HTML {
    HTML.phrase(phrase, in: language, arguments)
  }

  /// A phrase of answer cards as plain text (a title, an attribute).
  func text(_ phrase: CardPhrase, _ arguments: [String: MessageArgument] = [:]) -> String {
    phrase.text(in: language, arguments)
  }

  /// An error's page with answer cards' words.
  func error(_ title: CardPhrase, _ detail: HTML) -> HTML {
    page(
      title: text(title),
      """
      <div class="card"><h1>\(say(title))</h1><p>\(detail)</p>
      <p><a href="/">\(say(.allTopics))</a></p></div>
      """)
  }

  /// The words a script needs, as `data-w-NAME` attributes (as ``words(_:)`` for the
  /// pages' own phrases).
  func words(_ phrases: [CardPhrase]) -> HTML {
    HTML.joined(
      phrases.map { phrase -> HTML in
        "data-w-\(phrase.rawValue.lowercased())=\"\(CardPhrase.catalogue(language)[phrase] ?? CardPhrase.catalogue(.english)[phrase] ?? "")\""
      },
      separator: " ")
  }

  /// The host form's choice of a class (none when the teacher has no class yet): its
  /// roster, whose students pick their names on phones, or hold up cards if printed.
  func classChoice(_ classes: [String]) -> HTML? {
    guard !classes.isEmpty else { return nil }
    let options = classes.map { name -> HTML in "<option value=\"\(name)\">\(name)</option>" }
    return """
      <div class="row"><label for="live-class">\(say(.cardClassLabel))</label><select id="live-class" name="class" aria-describedby="live-class-help">
      <option value="">\(say(.cardNoClass))</option>\(HTML.joined(options, separator: ""))</select></div>
      <p class="muted" id="live-class-help">\(say(.cardClassHelp))</p>
      """
  }

  /// The host screen's grid of the class's cards for the open question: seen or not yet,
  /// never what they answered.
  static let cardGrid: HTML = """
    <div class="card-grid-panel" data-field="cards" hidden>
    <h2 id="card-grid-heading" data-field="cards-heading"></h2>
    <p class="muted" data-field="cards-count" aria-live="polite"></p>
    <ol class="card-grid" data-field="card-grid" aria-labelledby="card-grid-heading"></ol>
    </div>
    """

  /// The host screen's panel that reads cards: this computer's camera, or a phone. The
  /// screen is the projector's: it never carries the scanners' secret (nor its QR code),
  /// only where the teacher's own device finds it (``scannerLink(pin:address:)``).
  func cardPanel(pin: String) -> HTML {
    """
    <details class="card-panel" id="card-panel"><summary>\(say(.cardPanelSummary))</summary>
    <p class="muted">\(say(.cardCameraHelp))</p>
    <p class="row"><button id="card-camera-toggle" type="button" aria-pressed="false">\(say(.cardUseCamera))</button>
    <span id="card-camera-status" role="status" aria-live="polite">\(say(.cardCameraOff))</span></p>
    <video id="card-camera" class="card-camera" muted playsinline hidden></video>
    <h3>\(say(.cardUsePhone))</h3>
    <p class="muted">\(say(.cardPhoneHelp))</p>
    </details>
    """
  }

  /// `/scan/PIN`: the teacher's phone taking photos of the room's cards.
  func liveScanner(_ setup: LiveGame.Setup, cardClass: LiveCardClass, secret: String) -> HTML {
    page(
      title: text(.cardScanTitle), pageClass: "live live-player", header: false, scripts: ["live.js"],
      """
      <div id="live" data-role="scanner" data-api="\(SitePath.liveAPI(setup.pin))" data-secret="\(secret)" \(words(Self.scannerWords))>
      <p class="live-title"><strong>\(setup.title)</strong> <span class="muted">· \(cardClass.name) · PIN \(setup.pin)</span></p>
      <section id="scan" class="card" aria-labelledby="scan-heading">
      <h1 id="scan-heading">\(say(.cardScanTitle))</h1>
      <p class="muted">\(say(.cardScanHelp))</p>
      <label for="card-photo">\(say(.cardTakePhoto))</label>
      <input id="card-photo" type="file" accept="image/*" capture="environment">
      <p class="notice" data-field="result" role="status" aria-live="polite" hidden></p>
      <p data-field="seen"></p>
      <p data-field="not-seen"></p>
      </section>
      <p id="connection" class="muted" role="status" aria-live="polite"></p>
      </div>
      """)
  }

  static let scannerWords: [CardPhrase] = [
    .cardReading, .cardRead, .cardReadNone, .cardNotCounted, .cardPhotoFailed, .cardPhotoFormat, .cardBusy,
    .cardSeenList, .cardNotYetSeen, .cardNotAnAnswer, .cardByPhone, .cardHeldUpBefore, .cardNotInGame, .cardAsksNumber,
    .cardOtherClass, .cardBetweenLetters, .cardTwoAnswers,
  ]

  static let hostCardWords: [CardPhrase] = [
    .cardPlayerName, .cardGridLabel, .cardSeenOf, .cardSeen, .cardNotSeen, .cardAllSeen, .cardUseCamera,
    .cardStopCamera, .cardCameraOff, .cardCameraOn, .cardCameraFailed, .cardCameraNeedsSecureAddress,
    .cardHeldUpBefore,
  ]

  /// The scanners' link for the teacher's own device (the library page's running games),
  /// closed until the teacher asks for it: anyone who has it can read cards into the game.
  func scannerLink(pin: String, address: String) -> HTML {
    """
    <details class="scanner-link"><summary>\(say(.cardShowScannerLink))</summary>
    <p class="muted">\(say(.cardScannerLinkHelp))</p>
    <p><img src="\(SitePath.liveAPI(pin))/scanner.svg" alt="\(text(.cardPhoneCodeAlt))" width="240" height="240"></p>
    <p class="scanner-address"><a href="\(address)">\(address)</a></p>
    </details>
    """
  }
}
