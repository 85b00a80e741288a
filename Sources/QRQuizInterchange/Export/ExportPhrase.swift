import QRQuiz

/// The words of an export's notes (``ExportNote``), one catalogue per language: the
/// editor's page and `qrquiz export` say what a format cannot hold in their reader's
/// language. `{format}` is the format's own name ("Moodle XML"), never translated, as
/// the topic's keys (`timePerSetInSeconds`) are not.
public enum ExportPhrase: String, PhraseBook {
  // The shape of a note.
  case notKept, leftOut, changed, pictureLinked, pictureLeftOut, charactersReplaced, question
  // What is not kept, and why.
  case notKeptTimer, notKeptOrder, notKeptHelp, notKeptVerdicts, notKeptSetGroups, notKeptSeconds
  case notKeptExplanation, notKeptAnyRightMoodle, notKeptAnyRightQTI, notKeptSets, notKeptPictures, theSets
  // Why a question is left out.
  case leftOutPercent, leftOutArrow, leftOutSeveralRight, leftOutTooManyAnswers, leftOutMultilineAnswer
  case leftOutBlankLine, leftOutAnswerLikeLine, leftOutGrades
  // How a question was written otherwise.
  case changedNotAllNumbers, changedNoTypedNumbers, changedNumberNotKept

  public static func catalogue(_ language: Language) -> [ExportPhrase: String] {
    switch language {
    case .english: english
    case .spanish: spanish
    }
  }

  static let english: [ExportPhrase: String] = [
    .notKept: "{what}: not kept: {why}",
    .leftOut: "{question}: left out: {why}",
    .changed: "{question}: {how}",
    .pictureLinked: "{question}: its picture is linked ({url}), not embedded: it is not on this machine",
    .pictureLeftOut:
      "{question}: its picture ({url}) is left out: only pictures at http(s) addresses are linked, and it is not on "
      + "this machine",
    .charactersReplaced:
      "{count, plural, one {# control character} other {# control characters}} that XML cannot hold written as �",
    .question: "set {set}, question {question} (\"{text}\")",
    .notKeptTimer: "{format} holds questions, not a quiz's timer (set it in the quiz)",
    .notKeptOrder: "{format} holds no question order setting (set it in the quiz)",
    .notKeptHelp: "{format} has no help that hides a wrong answer",
    .notKeptVerdicts: "{format} leaves when to show the verdict to the quiz",
    .notKeptSetGroups: "{format} has no way to say that sets are parts of one list",
    .notKeptSeconds:
      "{format} has no time per question ({count, plural, one {# question} other {# questions}} had one)",
    .notKeptExplanation: "{format} has no place for it ({count, plural, one {# question} other {# questions}} had one)",
    .notKeptAnyRightMoodle: "a Moodle question with several right answers asks for every one of them",
    .notKeptAnyRightQTI: "QTI's match_correct scoring asks for every right answer and no other",
    .notKeptSets: "{format} holds one list: the {count} sets are written one after another",
    .notKeptPictures: "{format} has no pictures ({count, plural, one {# question} other {# questions}} had one)",
    .theSets: "the sets",
    .leftOutPercent: "GIFT reads an answer that starts with % as a weight",
    .leftOutArrow: "GIFT reads an answer with -> as a matching question",
    .leftOutSeveralRight: "Aiken has one right answer a question",
    .leftOutTooManyAnswers: "Aiken has answers A to Z",
    .leftOutMultilineAnswer: "Aiken has answers of one line",
    .leftOutBlankLine: "Aiken reads a blank line as the end of a question",
    .leftOutAnswerLikeLine: "a line of its text reads as an answer or an ANSWER: line",
    .leftOutGrades: "Moodle's grades cannot share 100% between {count} right answers",
    .changedNotAllNumbers: "written as its choices: not every choice is a number",
    .changedNoTypedNumbers: "written as its choices: Aiken has no typed numbers",
    .changedNumberNotKept: "asked as its choices (the typed number is not kept)",
  ]

  static let spanish: [ExportPhrase: String] = [
    .notKept: "{what}: no se conserva: {why}",
    .leftOut: "{question}: se omite: {why}",
    .changed: "{question}: {how}",
    .pictureLinked: "{question}: su imagen va enlazada ({url}), no incluida: no está en este equipo",
    .pictureLeftOut:
      "{question}: su imagen ({url}) se omite: solo se enlazan imágenes con direcciones http(s), y no está en este "
      + "equipo",
    .charactersReplaced:
      "{count, plural, one {# carácter de control} other {# caracteres de control}} que XML no admite escritos como �",
    .question: "serie {set}, pregunta {question} («{text}»)",
    .notKeptTimer: "{format} guarda preguntas, no el temporizador de un cuestionario (ponlo en el cuestionario)",
    .notKeptOrder: "{format} no guarda el orden de las preguntas (elígelo en el cuestionario)",
    .notKeptHelp: "{format} no tiene una ayuda que oculte una respuesta incorrecta",
    .notKeptVerdicts: "{format} deja al cuestionario cuándo mostrar si la respuesta es correcta",
    .notKeptSetGroups: "{format} no puede indicar que varias series forman una sola lista",
    .notKeptSeconds:
      "{format} no tiene tiempo por pregunta ({count, plural, one {# pregunta lo tenía} other {# preguntas lo tenían}})",
    .notKeptExplanation:
      "{format} no tiene sitio para ella ({count, plural, one {# pregunta la tenía} other {# preguntas la tenían}})",
    .notKeptAnyRightMoodle: "una pregunta de Moodle con varias respuestas correctas las pide todas",
    .notKeptAnyRightQTI: "la puntuación match_correct de QTI pide todas las respuestas correctas y ninguna otra",
    .notKeptSets: "{format} guarda una sola lista: las {count} series se escriben una tras otra",
    .notKeptPictures:
      "{format} no tiene imágenes ({count, plural, one {# pregunta la tenía} other {# preguntas la tenían}})",
    .theSets: "las series",
    .leftOutPercent: "GIFT lee una respuesta que empieza por % como un peso",
    .leftOutArrow: "GIFT lee una respuesta con -> como una pregunta de emparejar",
    .leftOutSeveralRight: "Aiken admite una sola respuesta correcta por pregunta",
    .leftOutTooManyAnswers: "Aiken admite respuestas de la A a la Z",
    .leftOutMultilineAnswer: "Aiken admite respuestas de una sola línea",
    .leftOutBlankLine: "Aiken lee una línea en blanco como el final de una pregunta",
    .leftOutAnswerLikeLine: "una línea de su texto se lee como una respuesta o una línea ANSWER:",
    .leftOutGrades: "las notas de Moodle no pueden repartir el 100 % entre {count} respuestas correctas",
    .changedNotAllNumbers: "escrita con sus opciones: no todas las opciones son números",
    .changedNoTypedNumbers: "escrita con sus opciones: Aiken no tiene respuestas numéricas",
    .changedNumberNotKept: "preguntada con sus opciones (no se conserva el número escrito)",
  ]
}
