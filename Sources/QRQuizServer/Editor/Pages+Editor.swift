import QRQuiz
import QRQuizHTTP

/// The topic editor's page: a shell the script fills with the topic (it reads and saves
/// through the API). The words the script needs are in the page, in its language.
extension Pages {
  /// `/edit/NAME` (or `/new` when `name` is nil); `removed`: the topic was deleted, and the
  /// page offers its versions.
  /// `secure`: the server's address is https (so are the pictures added here, which the
  /// app loads only then).
  func editor(
    name: String?, title: String?, csrf: String, reachable: Bool, secure: Bool = false, removed: Bool = false
  ) -> HTML {
    let heading: HTML = name == nil ? say(.newTopic) : say(.editTopic, ["name": .text(title ?? name ?? "")])
    let unreachable: HTML? =
      reachable
      ? nil
      : "<p class=\"notice\">\(say(.picturesUnreachable, markup: ["option": "<code>--host 0.0.0.0</code>"]))</p>"
    let removedNotice: HTML? = removed ? "<p class=\"notice\" id=\"removed\">\(say(.topicRemoved))</p>" : nil
    return page(
      title: name == nil ? text(.newTopic) : text(.editTopic, ["name": .text(title ?? name ?? "")]),
      scripts: ["editor.js"],
      """
      <div id="editor-root" data-name="\(name ?? "")" data-csrf="\(csrf)" data-removed="\(removed ? "true" : "false")" \
      data-form-token-header="\(Credentials.formTokenHeader)" \(words(Self.editorWords)) \(words([QuizPhrase.draftMadeUpChoice]))>
      <h1>\(heading)</h1>
      \(unreachable)
      \(removedNotice)
      <noscript><p class="notice">\(say(.editorNeedsScript))</p></noscript>
      <form id="editor" novalidate hidden></form>
      <div class="savebar" id="savebar" hidden>
      <div id="problems" class="problems" role="alert" hidden></div>
      <p id="status" role="status" aria-live="polite"></p>
      <p id="undo-bar" hidden><button type="button" id="undo" class="secondary"></button></p>
      <div id="conflict" class="notice" role="alertdialog" aria-labelledby="conflict-text" hidden>
      <p id="conflict-text">\(say(.changedSinceOpened))</p>
      <button type="button" id="conflict-reload" class="secondary">\(say(.reloadTheirs))</button>
      <button type="button" id="conflict-keep" class="secondary">\(say(.keepEditing))</button>
      <button type="button" id="conflict-overwrite" class="secondary">\(say(.saveMineOver))</button>
      </div>
      <section id="merge" class="notice" aria-labelledby="merge-heading" hidden>
      <h2 id="merge-heading">\(say(.mergeHeading))</h2>
      <div id="merge-list"></div>
      <p><button type="button" id="merge-save">\(say(.mergeSave))</button></p>
      </section>
      <p><button type="button" id="save">\(say(.saveTopic))</button>
      <a class="button secondary" id="view" href="#" hidden>\(say(.viewTopic))</a>
      <button type="button" id="delete" class="secondary danger" hidden>\(say(.deleteTopic))</button></p>
      </div>
      <section id="versions" class="card" aria-labelledby="versions-heading" hidden>
      <h2 id="versions-heading">\(say(.versionsHeading))</h2>
      <p class="muted">\(say(.versionsNote))</p>
      <ol id="version-list"></ol>
      <div id="version-view" class="version-view" hidden></div>
      </section>
      <section id="exports" class="card" aria-labelledby="exports-heading" hidden>
      <h2 id="exports-heading">\(say(.exportsHeading))</h2>
      <p class="muted">\(say(.exportsNote))</p>
      <ul id="export-list" class="exports"></ul>
      </section>
      <dialog id="drawing" aria-labelledby="drawing-heading">
      <div class="drawing-layout">
      <div class="drawing-head">
      <h2 id="drawing-heading">\(say(.drawingHeading))</h2>
      <div class="drawing-about" id="drawing-about">
      <p class="muted" id="drawing-help">\(say(.drawingHelp))</p>
      \(secure ? nil : "<p class=\"notice\" id=\"drawing-https\">\(say(.drawingNotHTTPS))</p>" as HTML)
      </div>
      </div>
      <canvas id="canvas" width="800" height="600" aria-describedby="drawing-help" role="img" aria-label="\(text(.drawingHeading))"></canvas>
      <div class="drawing-tools">
      <div class="row" id="line-tools" hidden><span>\(say(.selectedLine))</span>
      \(colourButtons("line-colour"))
      <button type="button" id="line-delete" class="secondary">\(say(.deleteLine))</button></div>
      <div class="row" id="pen-tools"><span>\(say(.penColour))</span>\(colourButtons("pen-colour"))</div>
      <p id="drawing-empty" class="problems" role="alert" hidden>\(say(.drawingEmpty))</p>
      <p><button type="button" id="drawing-undo" class="secondary">\(say(.undoLine))</button>
      <button type="button" id="drawing-clear" class="secondary">\(say(.clearDrawing))</button>
      <button type="button" id="drawing-save">\(say(.useDrawing))</button>
      <button type="button" id="drawing-cancel" class="secondary">\(say(.cancel))</button></p>
      </div>
      </div>
      </dialog>
      </div>
      """)
  }

  /// The drawing's four colours, as buttons with names (never colour alone).
  private func colourButtons(_ group: String) -> HTML {
    let colours: [(String, PagePhrase)] = [
      ("#1d2430", .colourBlack), ("#c0392b", .colourRed), ("#1f5fcc", .colourBlue), ("#1e7b34", .colourGreen),
    ]
    return HTML.joined(
      colours.map { colour, name -> HTML in
        "<button type=\"button\" class=\"swatch\" data-group=\"\(group)\" data-colour=\"\(colour)\" aria-pressed=\"false\">\(say(name))</button>"
      }, separator: " ")
  }

  static let editorWords: [PagePhrase] = [
    .topicLegend, .nameLabel, .secondsPerSetLabel, .randomOrderOption, .helpOption, .verdictsOption,
    .mandatoryOption, .setLegend, .setNameLabel, .questionLegend, .questionLabel, .answersLegend, .answerLabel,
    .answerIsCorrect, .imageURLLabel, .numericLegend, .numericValueLabel, .numericToleranceLabel, .addAnswer,
    .addQuestion, .addSet, .moveUp, .moveDown, .deleteItem, .duplicateQuestion, .moveToSet, .takePhoto,
    .choosePicture, .drawPicture, .removePicture, .pictureAlt, .createdAt, .changedAt, .notYetSaved, .saving,
    .saved, .savedAs, .problemsFound, .nameTakenChooseAnother, .pageOutOfDate, .networkFailed, .uploading,
    .pictureTooLarge, .restoreVersion, .viewVersion, .restored, .confirmDeleteTopic, .confirmClearDrawing,
    .confirmDeleteSet, .unsavedChanges, .savedVersion, .noVersions, .warningsFound, .questionDeleted,
    .questionRestored, .undoDelete, .pictureNotHTTPS,
    .exportMoodleXML, .exportQTI, .exportGIFT, .exportAiken, .exportQTI21, .exportQTI12, .exportCartridge,
    .exportAllQuestions, .exportSomeQuestions,
    .exportNotesLabel, .versionViewHeading, .versionSame, .versionChanged, .versionRemoved, .versionNow,
    .versionAdded, .rightMark, .mergeHeading, .mergeQuestion, .keepMine, .keepTheirs,
    .rightAnswersCount, .listAnd, .moreRightAnswersLine, .moreRightAnswersConfirm,
  ]
}
