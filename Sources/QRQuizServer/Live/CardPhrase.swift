import QRQuiz

/// The words of answer cards in live games (`docs/CARDS.md`): the host screen's card grid
/// and scanning, the teacher's phone that scans, the class chosen for a game. A catalogue
/// of its own beside ``PagePhrase``, as the feature's pages are its own.
public enum CardPhrase: String, PhraseBook {
  // Making a game with a class.
  case cardClassLabel, cardNoClass, cardClassHelp, cardScoringUsual
  // The host screen.
  case cardPlayerName, cardPanelHeading, cardPanelSummary, cardUseCamera, cardStopCamera, cardCameraHelp
  case cardCameraOff, cardCameraOn, cardCameraFailed, cardCameraNeedsSecureAddress, cardUsePhone, cardPhoneHelp
  case cardPhoneCodeAlt, cardShowScannerLink, cardScannerLinkHelp, cardGridLabel, cardSeenOf, cardSeen, cardNotSeen,
    cardAllSeen
  // The teacher's phone.
  case cardScanTitle, cardTakePhoto, cardScanHelp, cardReading, cardRead, cardReadNone, cardNotCounted
  case cardPhotoFailed, cardPhotoFormat, cardBusy, cardSeenList, cardNotYetSeen
  // Cards read and not counted, and why.
  case cardNotAnAnswer, cardByPhone, cardHeldUpBefore, cardNotInGame, cardAsksNumber, cardOtherClass
  case cardBetweenLetters, cardTwoAnswers
  // Refusals.
  case cardNotScanner, cardNotScannerDetail, cardNoClassTitle, cardNoClassDetail

  public static func catalogue(_ language: Language) -> [CardPhrase: String] {
    switch language {
    case .english: english
    case .spanish: spanish
    }
  }

  static let english: [CardPhrase: String] = [
    .cardClassLabel: "Class",
    .cardNoClass: "None: anyone joins with a nickname",
    .cardClassHelp:
      "With a class, its students pick their names from its list on their phones, or hold up their answer cards if you printed them: one row per student in the results. A card is timed when the camera sees it: accuracy scoring is the fair choice, and the usual one with a class.",
    .cardScoringUsual: "Usual: accuracy with a class, else speed",
    .cardPlayerName: "{name} · card {card}",
    .cardPanelHeading: "Answer cards",
    .cardPanelSummary: "Scan cards",
    .cardUseCamera: "Use this computer's camera",
    .cardStopCamera: "Stop the camera",
    .cardCameraHelp:
      "Point the camera at the class: while a question is open, every card it sees counts, and the last answer seen before the question closes is the one that counts.",
    .cardCameraOff: "The camera is off.",
    .cardCameraOn: "Reading cards from the camera.",
    .cardCameraFailed: "The camera could not be opened: {reason}",
    .cardCameraNeedsSecureAddress:
      "Browsers open a camera only on https or on this computer's own address: scan with a phone instead.",
    .cardUsePhone: "Scan with a phone",
    .cardPhoneHelp:
      "Your phone takes photos of the room's cards at the scanner link, which this screen never shows (anyone who has it can read cards into the game). Open it on your own device: qrquiz live prints it in its terminal, and the library page's live games running give it behind Show scanner link.",
    .cardPhoneCodeAlt: "QR code of the scan page for the teacher's phone",
    .cardShowScannerLink: "Show scanner link",
    .cardScannerLinkHelp:
      "For your own phone, never the projector: anyone who has this link can read cards into the game. Open the code with your phone's camera, then close this.",
    .cardGridLabel: "Answer cards",
    .cardSeenOf: "{seen} of {count, plural, one {# card} other {# cards}} seen",
    .cardSeen: "card {card}: seen",
    .cardNotSeen: "card {card}: not yet",
    .cardAllSeen: "Every card is seen.",
    .cardScanTitle: "Read the answer cards",
    .cardTakePhoto: "Take a photo of the class",
    .cardScanHelp:
      "Take the photo from the front, with every card in it. A card counts for the open question; take another photo for the cards not yet seen, or of students who changed their answer.",
    .cardReading: "Reading the photo…",
    .cardRead: "{count, plural, one {# card read} other {# cards read}}, {new} new.",
    .cardReadNone: "No card in this photo: come closer, or hold the phone steady.",
    .cardNotCounted: "No question is open: cards are read but not counted.",
    .cardNotAnAnswer: "{count, plural, one {Card} other {Cards}} {cards}: this question's answers are {letters} only.",
    .cardByPhone: "{count, plural, one {Card {cards} answers} other {Cards {cards} answer}} by phone.",
    .cardHeldUpBefore:
      "{count, plural, one {Card {cards} still shows the last question's answer: lower it, then hold it up again.} other {Cards {cards} still show the last question's answer: lower them, then hold them up again.}}",
    .cardNotInGame: "{count, plural, one {Card {cards} is} other {Cards {cards} are}} not in this game.",
    .cardAsksNumber: "This question takes a number: cards cannot answer it.",
    .cardOtherClass: "{count, plural, one {# card} other {# cards}} of another class.",
    .cardBetweenLetters: "{count, plural, one {# card} other {# cards}} held between two letters: hold them straight.",
    .cardTwoAnswers: "{count, plural, one {# card} other {# cards}} seen twice with two answers.",
    .cardNotYetSeen: "Not yet seen: {cards}",
    .cardPhotoFormat:
      "This photo is not a JPEG or PNG. An iPhone may save HEIC: set Settings → Camera → Formats to Most Compatible.",
    .cardPhotoFailed: "The photo could not be read: {reason}",
    .cardBusy: "Still reading the last photo: try again in a moment.",
    .cardSeenList: "Seen: {cards}",
    .cardNotScanner: "Not the scan page's address",
    .cardNotScannerDetail:
      "Only the teacher's phone reads the cards: open the code under “Scan with a phone” on the host screen.",
    .cardNoClassTitle: "This game has no class",
    .cardNoClassDetail: "Answer cards are read in a game started with a class.",
  ]

  static let spanish: [CardPhrase: String] = [
    .cardClassLabel: "Clase",
    .cardNoClass: "Ninguna: cada cual entra con un apodo",
    .cardClassHelp:
      "Con una clase, su alumnado elige su nombre de la lista en el móvil, o levanta su tarjeta de respuesta si las imprimiste: una fila por alumno en los resultados. Una tarjeta cuenta desde que la cámara la ve: lo justo, y lo habitual con una clase, es puntuar por aciertos.",
    .cardScoringUsual: "Lo habitual: por aciertos con una clase; si no, por rapidez",
    .cardPlayerName: "{name} · tarjeta {card}",
    .cardPanelHeading: "Tarjetas de respuesta",
    .cardPanelSummary: "Leer tarjetas",
    .cardUseCamera: "Usar la cámara de este ordenador",
    .cardStopCamera: "Apagar la cámara",
    .cardCameraHelp:
      "Apunta la cámara a la clase: mientras una pregunta está abierta, cuenta cada tarjeta que ve, y vale la última respuesta vista antes de que se cierre.",
    .cardCameraOff: "La cámara está apagada.",
    .cardCameraOn: "Leyendo tarjetas con la cámara.",
    .cardCameraFailed: "No se pudo abrir la cámara: {reason}",
    .cardCameraNeedsSecureAddress:
      "Los navegadores solo abren la cámara en https o en la dirección de este mismo ordenador: lee las tarjetas con un móvil.",
    .cardUsePhone: "Leer con un móvil",
    .cardPhoneHelp:
      "Tu móvil hace fotos de las tarjetas de la clase en el enlace de lectura, que esta pantalla nunca muestra (quien lo tenga puede leer tarjetas en la partida). Ábrelo en tu propio dispositivo: qrquiz live lo escribe en su terminal, y la página de la biblioteca lo da en las partidas en curso tras Mostrar el enlace de lectura.",
    .cardPhoneCodeAlt: "Código QR de la página de lectura para el móvil del docente",
    .cardShowScannerLink: "Mostrar el enlace de lectura",
    .cardScannerLinkHelp:
      "Para tu propio móvil, nunca para el proyector: quien tenga este enlace puede leer tarjetas en la partida. Abre el código con la cámara del móvil y cierra esto después.",
    .cardGridLabel: "Tarjetas de respuesta",
    .cardSeenOf: "{seen} de {count, plural, one {# tarjeta vista} other {# tarjetas vistas}}",
    .cardSeen: "tarjeta {card}: vista",
    .cardNotSeen: "tarjeta {card}: aún no",
    .cardAllSeen: "Se han visto todas las tarjetas.",
    .cardScanTitle: "Leer las tarjetas de respuesta",
    .cardTakePhoto: "Hacer una foto de la clase",
    .cardScanHelp:
      "Haz la foto desde delante, con todas las tarjetas dentro. Una tarjeta cuenta para la pregunta abierta; haz otra foto para las que aún no se han visto o para quien cambió de respuesta.",
    .cardReading: "Leyendo la foto…",
    .cardRead: "{count, plural, one {# tarjeta leída} other {# tarjetas leídas}}, {new} nuevas.",
    .cardReadNone: "Ninguna tarjeta en esta foto: acércate o sujeta el móvil quieto.",
    .cardNotCounted: "No hay ninguna pregunta abierta: las tarjetas se leen pero no cuentan.",
    .cardNotAnAnswer:
      "{count, plural, one {Tarjeta} other {Tarjetas}} {cards}: las respuestas de esta pregunta son solo {letters}.",
    .cardByPhone:
      "{count, plural, one {La tarjeta {cards} responde} other {Las tarjetas {cards} responden}} con el móvil.",
    .cardHeldUpBefore:
      "{count, plural, one {La tarjeta {cards} sigue mostrando la respuesta de la pregunta anterior: bajadla y volved a levantarla.} other {Las tarjetas {cards} siguen mostrando la respuesta de la pregunta anterior: bajadlas y volved a levantarlas.}}",
    .cardNotInGame:
      "{count, plural, one {La tarjeta {cards} no está} other {Las tarjetas {cards} no están}} en esta partida.",
    .cardAsksNumber: "Esta pregunta pide un número: las tarjetas no pueden responderla.",
    .cardOtherClass: "{count, plural, one {# tarjeta} other {# tarjetas}} de otra clase.",
    .cardBetweenLetters:
      "{count, plural, one {# tarjeta sostenida} other {# tarjetas sostenidas}} entre dos letras: hay que ponerlas rectas.",
    .cardTwoAnswers: "{count, plural, one {# tarjeta vista} other {# tarjetas vistas}} dos veces con dos respuestas.",
    .cardNotYetSeen: "Aún sin ver: {cards}",
    .cardPhotoFormat:
      "Esta foto no es JPEG ni PNG. Un iPhone puede guardar HEIC: en Ajustes → Cámara → Formatos, elige Más compatible.",
    .cardPhotoFailed: "No se pudo leer la foto: {reason}",
    .cardBusy: "Aún se está leyendo la foto anterior: inténtalo de nuevo en un momento.",
    .cardSeenList: "Vistas: {cards}",
    .cardNotScanner: "No es la dirección de la página de lectura",
    .cardNotScannerDetail:
      "Solo el móvil del docente lee las tarjetas: abre el código de «Leer con un móvil» en la pantalla de la partida.",
    .cardNoClassTitle: "Esta partida no tiene clase",
    .cardNoClassDetail: "Las tarjetas de respuesta se leen en una partida iniciada con una clase.",
  ]
}
