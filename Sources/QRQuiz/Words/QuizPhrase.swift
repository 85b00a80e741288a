/// The words of playing and making topics, shared by every front end (the terminal
/// player, the web player, the live game, `qrquiz new`, the web creator and editor): what
/// ``QuizSession``, ``QuizRules`` and ``TopicDraft`` decide, said the same way everywhere.
public enum QuizPhrase: String, PhraseBook {
  // Counting.
  case sets, questions, answers, points
  /// The name of a set without one of its own (`options.setNames`).
  case setNumber
  /// The name of a list of several sets without a name of its own.
  case listQuestions
  case questionProgress

  // Verdicts and help, from QuizRules.
  case verdictRight, verdictWrong, answerTaken, picksLeft, helpHidAnswer, helpButton

  // The end of a set.
  case timeRanOut, questionTimeRanOut, setFinished, questionsRight, pickCounts, playAgain, repeatsLeft

  // Moves QuizSession refuses.
  case refusedOver, refusedNoSuchAnswer, refusedAlreadyPicked, refusedHidden, refusedHelpNotOffered
  case refusedNotEnoughPoints, refusedNoMoreHelp, refusedWrongKind, refusedNotANumber

  // What TopicDraft finds wrong.
  case draftNameRequired, draftQuestionRequired, draftTooFewAnswers, draftEmptyAnswer, draftRepeatedAnswer
  case draftNoCorrectAnswer, draftAllCorrect, draftNoSuchAnswer, draftAnswerCountDiffers, draftEmptySet
  case draftNoQuestions, draftSecondsNotANumber, draftCountOutOfRange, draftTooManyAnswers
  case draftCorrectBeyondAppLimit, draftImageAddress
  /// Beside an answer an importer made up as a choice for the question's number.
  case draftMadeUpChoice
  /// Where a problem is: "Set 1, question 2: …".
  case draftProblemPlace

  public static func catalogue(_ language: Language) -> [QuizPhrase: String] {
    switch language {
    case .english: english
    case .spanish: spanish
    }
  }

  static let english: [QuizPhrase: String] = [
    .sets: "{count, plural, one {# set} other {# sets}}",
    .questions: "{count, plural, one {# question} other {# questions}}",
    .answers: "{count, plural, one {# answer} other {# answers}}",
    .points: "{count, plural, one {# point} other {# points}}",
    .setNumber: "Set {number}",
    .listQuestions: "Questions 1–{count}",
    .questionProgress: "Question {number}/{count}",
    .verdictRight: "Right! {points, plural, one {+# point} other {+# points}}",
    .verdictWrong: "Wrong. {points, plural, one {# point} other {# points}}",
    .answerTaken: "Answer taken.",
    .picksLeft: "{count, plural, one {Pick # more answer.} other {Pick # more answers.}}",
    .helpHidAnswer: "Help hid answer {answer} ({points} points).",
    .helpButton: "Help ({points} points)",
    .timeRanOut: "Time ran out.",
    .questionTimeRanOut: "Time's up for this question.",
    .setFinished: "Set finished.",
    .questionsRight: "{right}/{count} questions right",
    .pickCounts: "{correct} correct, {wrong} wrong, {help} help",
    .playAgain: "Play the set again",
    .repeatsLeft: "{count, plural, one {# repeat left} other {# repeats left}}",
    .refusedOver: "The set is over.",
    .refusedNoSuchAnswer: "There is no answer {answer}.",
    .refusedAlreadyPicked: "Answer {answer} is picked already.",
    .refusedHidden: "Answer {answer} was hidden by help.",
    .refusedHelpNotOffered: "No help for this question.",
    .refusedNotEnoughPoints: "Not enough points for help (it costs {points}).",
    .refusedNoMoreHelp: "No more help for this question.",
    .refusedWrongKind: "This question takes another kind of answer.",
    .refusedNotANumber: "Give a number.",
    .draftNameRequired: "The topic needs a name",
    .draftQuestionRequired: "The question text is required",
    .draftTooFewAnswers: "A question needs at least two answers",
    .draftEmptyAnswer: "Answer {answer} is empty",
    .draftRepeatedAnswer: "Answer {answer} repeats answer {earlier}",
    .draftNoCorrectAnswer: "Pick at least one correct answer",
    .draftAllCorrect: "At least one answer must be wrong",
    .draftNoSuchAnswer: "There is no answer {answer} to mark correct",
    .draftAnswerCountDiffers: "Every question of set {set} must have {expected} answers like the first",
    .draftEmptySet: "Set {set} has no questions",
    .draftNoQuestions: "The topic has no questions",
    .draftSecondsNotANumber: "Give the seconds as a number, such as 300",
    .draftCountOutOfRange: "Give a number from {lowest} to {highest}",
    .draftTooManyAnswers: "A question can have at most {highest} answers",
    .draftCorrectBeyondAppLimit:
      "Answer {answer} is marked correct, but the app can mark only answers 1 to {highest} correct",
    .draftImageAddress:
      "An image address starts with http:// or https:// and names a host (https://example.org/cat.jpg)",
    .draftMadeUpChoice: "made up by the import as a choice for {number}",
    .draftProblemPlace: "Set {set}, question {question}: {problem}",
  ]

  static let spanish: [QuizPhrase: String] = [
    .sets: "{count, plural, one {# serie} other {# series}}",
    .questions: "{count, plural, one {# pregunta} other {# preguntas}}",
    .answers: "{count, plural, one {# respuesta} other {# respuestas}}",
    .points: "{count, plural, one {# punto} other {# puntos}}",
    .setNumber: "Serie {number}",
    .listQuestions: "Preguntas 1–{count}",
    .questionProgress: "Pregunta {number}/{count}",
    .verdictRight: "¡Correcto! {points, plural, one {+# punto} other {+# puntos}}",
    .verdictWrong: "Incorrecto. {points, plural, one {# punto} other {# puntos}}",
    .answerTaken: "Respuesta registrada.",
    .picksLeft: "{count, plural, one {Elige # respuesta más.} other {Elige # respuestas más.}}",
    .helpHidAnswer: "La ayuda ocultó la respuesta {answer} ({points} puntos).",
    .helpButton: "Ayuda ({points} puntos)",
    .timeRanOut: "Se acabó el tiempo.",
    .questionTimeRanOut: "Se acabó el tiempo de esta pregunta.",
    .setFinished: "Serie terminada.",
    .questionsRight: "{right}/{count} preguntas acertadas",
    .pickCounts: "{correct} correctas, {wrong} incorrectas, {help} ayudas",
    .playAgain: "Jugar la serie otra vez",
    .repeatsLeft: "{count, plural, one {queda # repetición} other {quedan # repeticiones}}",
    .refusedOver: "La serie ha terminado.",
    .refusedNoSuchAnswer: "No hay respuesta {answer}.",
    .refusedAlreadyPicked: "La respuesta {answer} ya está elegida.",
    .refusedHidden: "La ayuda ocultó la respuesta {answer}.",
    .refusedHelpNotOffered: "Esta pregunta no tiene ayuda.",
    .refusedNotEnoughPoints: "No tienes puntos suficientes para la ayuda (cuesta {points}).",
    .refusedNoMoreHelp: "No queda más ayuda para esta pregunta.",
    .refusedWrongKind: "Esta pregunta se responde de otra forma.",
    .refusedNotANumber: "Escribe un número.",
    .draftNameRequired: "El tema necesita un nombre",
    .draftQuestionRequired: "Falta el texto de la pregunta",
    .draftTooFewAnswers: "Una pregunta necesita al menos dos respuestas",
    .draftEmptyAnswer: "La respuesta {answer} está vacía",
    .draftRepeatedAnswer: "La respuesta {answer} repite la respuesta {earlier}",
    .draftNoCorrectAnswer: "Marca al menos una respuesta correcta",
    .draftAllCorrect: "Al menos una respuesta debe ser incorrecta",
    .draftNoSuchAnswer: "No hay respuesta {answer} que marcar como correcta",
    .draftAnswerCountDiffers:
      "Todas las preguntas de la serie {set} deben tener {expected} respuestas, como la primera",
    .draftEmptySet: "La serie {set} no tiene preguntas",
    .draftNoQuestions: "El tema no tiene preguntas",
    .draftSecondsNotANumber: "Escribe los segundos como un número, por ejemplo 300",
    .draftCountOutOfRange: "Escribe un número del {lowest} al {highest}",
    .draftTooManyAnswers: "Una pregunta puede tener como mucho {highest} respuestas",
    .draftCorrectBeyondAppLimit:
      "La respuesta {answer} está marcada como correcta, pero la app solo puede marcar correctas de la 1 a la {highest}",
    .draftImageAddress:
      "Una dirección de imagen empieza por http:// o https:// y nombra un servidor (https://example.org/gato.jpg)",
    .draftMadeUpChoice: "inventada al importar como opción para {number}",
    .draftProblemPlace: "Serie {set}, pregunta {question}: {problem}",
  ]
}
