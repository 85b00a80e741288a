import QRQuiz

/// The words of the web pages, one catalogue per language. The play and creator words
/// every front end shares are ``QuizPhrase``; a topic's own text is never translated.
public enum PagePhrase: String, PhraseBook {
  // The frame.
  case siteTagline, navNewTopic, allTopics, languageSwitch
  // The library.
  case libraryTitle, searchLabel, searchPlaceholder, searchButton, topicCount, searchSummary, libraryEmpty
  case playLink, shareLink
  // A topic's share and projector pages.
  case playInBrowser, presentLink, linkCodeAlt, scanToDownload, topicCodeAlt, oneSymbol, denseSymbol, compactSymbols
  case filesLabel, linkCodeSVG, scanWithApp, unreachableAddress
  // Playing.
  case pickASet, timeLeft, scoreLabel, yourAnswer, answerButton, otherSets, cannotPlay, playOver, playOverDetail
  case tooManyPlays, tooManyPlaysDetail, serverFull, serverFullDetail
  case nextQuestion, seeResult, reviewTitle, yourAnswerWas, correctAnswerWas, noAnswer, everyQuestionRight
  // The creator.
  case newTopic, setsLabel, questionsPerSetLabel, answersPerQuestionLabel, nextButton, topicLegend, nameLabel
  case secondsPerSetLabel, noTimer, randomOrderOption, helpOption, verdictsOption, mandatoryOption, setLegend
  case questionLegend, questionLabel, answerLabel, correctLabel, answerIsCorrect, imageURLLabel, saveTopic
  case formRefused, formRefusedDetail, editingOff, editingOffDetail, notAllowed, notAllowedDetail
  // Errors.
  case notFound, nothingHere, noSuchTopic, noSuchSet, imageNotCached, methodNotAllowed, methodNotAllowedDetail
  case qrCodeFailed

  public static func catalogue(_ language: Language) -> [PagePhrase: String] {
    switch language {
    case .english: english
    case .spanish: spanish
    }
  }

  static let english: [PagePhrase: String] = [
    .siteTagline: "topics for the Questions app",
    .navNewTopic: "New topic",
    .allTopics: "All topics",
    .languageSwitch: "Español",
    .libraryTitle: "Topics",
    .searchLabel: "Search",
    .searchPlaceholder: "Search names, questions, answers",
    .searchButton: "Search",
    .topicCount: "{count, plural, one {# topic.} other {# topics.}}",
    .searchSummary: "{shown} of {count, plural, one {# topic matches} other {# topics match}} “{query}”.",
    .libraryEmpty: "No topics yet: save some with {command}.",
    .playLink: "Play",
    .shareLink: "Share",
    .playInBrowser: "Play in the browser",
    .presentLink: "Present",
    .linkCodeAlt: "QR code of the topic's address",
    .scanToDownload: "Scan with the Questions app to download the topic:",
    .topicCodeAlt: "QR code of the topic",
    .oneSymbol: "The whole topic in one QR code, as the app shares it.",
    .denseSymbol:
      "The whole topic in one QR code the app reads, but a dense one (version {version}): print or project it at least {centimetres} cm wide, or let phones scan the address code, which is small.",
    .compactSymbols:
      "Too large for one QR code the Questions app reads: {count, plural, one {# compact symbol} other {# compact symbols}}, which the app cannot read ({command} can). Phones with the app scan the address code instead.",
    .filesLabel: "Files:",
    .linkCodeSVG: "address QR (SVG)",
    .scanWithApp: "Scan with the Questions app · {address}",
    .unreachableAddress:
      "Phones cannot reach this address: it is this computer only. Start the server with {option} so the codes carry its network address.",
    .pickASet: "Pick a set to play.",
    .timeLeft: "Time left:",
    .scoreLabel: "Score {score}",
    .yourAnswer: "Your answer",
    .answerButton: "Answer",
    .otherSets: "Other sets",
    .cannotPlay: "Cannot play this set",
    .playOver: "This play is over",
    .playOverDetail: "It ended or was not used for hours. Start the set again from its topic.",
    .nextQuestion: "Next question",
    .seeResult: "See the result",
    .reviewTitle: "Questions to look at again",
    .yourAnswerWas: "Your answer: {answer}",
    .correctAnswerWas: "Correct: {answer}",
    .noAnswer: "none",
    .everyQuestionRight: "Every question was answered right.",
    .tooManyPlays: "Too many plays",
    .tooManyPlaysDetail: "This device has too many plays in progress. Finish one, then start again.",
    .serverFull: "The server is busy",
    .serverFullDetail: "It is running as many plays as it can. Try again when some have finished.",
    .newTopic: "New topic",
    .setsLabel: "Sets",
    .questionsPerSetLabel: "Questions per set",
    .answersPerQuestionLabel: "Answers per question",
    .nextButton: "Next",
    .topicLegend: "Topic",
    .nameLabel: "Name",
    .secondsPerSetLabel: "Seconds per set",
    .noTimer: "no timer",
    .randomOrderOption: "Questions in random order",
    .helpOption: "Help button",
    .verdictsOption: "Show whether an answer is right",
    .mandatoryOption: "All correct answers must be picked",
    .setLegend: "Set {number}",
    .questionLegend: "Question {number}",
    .questionLabel: "Question",
    .answerLabel: "Answer {number}",
    .correctLabel: "correct",
    .answerIsCorrect: "Answer {number} is correct",
    .imageURLLabel: "Image URL",
    .saveTopic: "Save topic",
    .formRefused: "Form refused",
    .formRefusedDetail: "The form did not come from this server's page: open {address} again.",
    .editingOff: "Editing is off",
    .editingOffDetail: "Start the server with qrquiz serve --allow-edit to create topics here.",
    .notAllowed: "Not allowed",
    .notAllowedDetail: "Creating topics needs the edit address qrquiz serve printed when it started.",
    .notFound: "Not found",
    .nothingHere: "There is nothing at this address.",
    .noSuchTopic: "No topic is served under this name.",
    .noSuchSet: "No topic or set is served under this name.",
    .imageNotCached: "This image is not in the server's image cache.",
    .methodNotAllowed: "Method not allowed",
    .methodNotAllowedDetail: "This address answers {methods}.",
    .qrCodeFailed: "Cannot make the QR code",
  ]

  static let spanish: [PagePhrase: String] = [
    .siteTagline: "temas para la app Questions",
    .navNewTopic: "Tema nuevo",
    .allTopics: "Todos los temas",
    .languageSwitch: "English",
    .libraryTitle: "Temas",
    .searchLabel: "Buscar",
    .searchPlaceholder: "Busca nombres, preguntas, respuestas",
    .searchButton: "Buscar",
    .topicCount: "{count, plural, one {# tema.} other {# temas.}}",
    .searchSummary: "{shown} de {count, plural, one {# tema coincide} other {# temas coinciden}} con «{query}».",
    .libraryEmpty: "Aún no hay temas: guarda alguno con {command}.",
    .playLink: "Jugar",
    .shareLink: "Compartir",
    .playInBrowser: "Jugar en el navegador",
    .presentLink: "Proyectar",
    .linkCodeAlt: "Código QR de la dirección del tema",
    .scanToDownload: "Escanéalo con la app Questions para descargar el tema:",
    .topicCodeAlt: "Código QR del tema",
    .oneSymbol: "El tema entero en un código QR, como lo comparte la app.",
    .denseSymbol:
      "El tema entero en un código QR que la app lee, pero denso (versión {version}): imprímelo o proyéctalo de al menos {centimetres} cm, o que los móviles escaneen el código de la dirección, que es pequeño.",
    .compactSymbols:
      "Demasiado grande para un código QR que lea la app Questions: {count, plural, one {# símbolo compacto} other {# símbolos compactos}}, que la app no puede leer ({command} sí). Los móviles con la app escanean el código de la dirección.",
    .filesLabel: "Archivos:",
    .linkCodeSVG: "QR de la dirección (SVG)",
    .scanWithApp: "Escanéalo con la app Questions · {address}",
    .unreachableAddress:
      "Los móviles no pueden llegar a esta dirección: es solo este ordenador. Inicia el servidor con {option} para que los códigos lleven su dirección de red.",
    .pickASet: "Elige una serie para jugar.",
    .timeLeft: "Tiempo restante:",
    .scoreLabel: "Puntuación {score}",
    .yourAnswer: "Tu respuesta",
    .answerButton: "Responder",
    .otherSets: "Otras series",
    .cannotPlay: "No se puede jugar esta serie",
    .playOver: "Esta partida ha terminado",
    .playOverDetail: "Terminó o lleva horas sin usarse. Empieza la serie otra vez desde su tema.",
    .nextQuestion: "Siguiente pregunta",
    .seeResult: "Ver el resultado",
    .reviewTitle: "Preguntas para repasar",
    .yourAnswerWas: "Tu respuesta: {answer}",
    .correctAnswerWas: "Correcta: {answer}",
    .noAnswer: "ninguna",
    .everyQuestionRight: "Todas las preguntas tienen la respuesta correcta.",
    .tooManyPlays: "Demasiadas partidas",
    .tooManyPlaysDetail: "Este dispositivo tiene demasiadas partidas en curso. Termina una y vuelve a empezar.",
    .serverFull: "El servidor está ocupado",
    .serverFullDetail: "Está llevando todas las partidas que puede. Inténtalo cuando terminen algunas.",
    .newTopic: "Tema nuevo",
    .setsLabel: "Series",
    .questionsPerSetLabel: "Preguntas por serie",
    .answersPerQuestionLabel: "Respuestas por pregunta",
    .nextButton: "Siguiente",
    .topicLegend: "Tema",
    .nameLabel: "Nombre",
    .secondsPerSetLabel: "Segundos por serie",
    .noTimer: "sin límite",
    .randomOrderOption: "Preguntas en orden aleatorio",
    .helpOption: "Botón de ayuda",
    .verdictsOption: "Mostrar si una respuesta es correcta",
    .mandatoryOption: "Hay que elegir todas las respuestas correctas",
    .setLegend: "Serie {number}",
    .questionLegend: "Pregunta {number}",
    .questionLabel: "Pregunta",
    .answerLabel: "Respuesta {number}",
    .correctLabel: "correcta",
    .answerIsCorrect: "La respuesta {number} es correcta",
    .imageURLLabel: "URL de la imagen",
    .saveTopic: "Guardar el tema",
    .formRefused: "Formulario rechazado",
    .formRefusedDetail: "El formulario no venía de una página de este servidor: abre {address} otra vez.",
    .editingOff: "La edición está desactivada",
    .editingOffDetail: "Inicia el servidor con qrquiz serve --allow-edit para crear temas aquí.",
    .notAllowed: "No permitido",
    .notAllowedDetail: "Para crear temas hace falta la dirección de edición que qrquiz serve mostró al empezar.",
    .notFound: "No encontrado",
    .nothingHere: "No hay nada en esta dirección.",
    .noSuchTopic: "No se sirve ningún tema con este nombre.",
    .noSuchSet: "No se sirve ningún tema ni serie con este nombre.",
    .imageNotCached: "Esta imagen no está en la caché de imágenes del servidor.",
    .methodNotAllowed: "Método no permitido",
    .methodNotAllowedDetail: "Esta dirección responde a {methods}.",
    .qrCodeFailed: "No se puede generar el código QR",
  ]
}
