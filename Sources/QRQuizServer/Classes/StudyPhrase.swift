import QRQuiz

/// The words of studying on a student's own page (`/s/SECRET/review`: the cards due, the
/// four ratings and when each brings the card back) and of the class's memory in the
/// gradebook. A catalogue of its own beside ``HomeworkPhrase``, as the feature's pages are
/// its own; the intervals read as `qrquiz review` shows them ("10 min · 1 d · 3 d · 8 d").
public enum StudyPhrase: String, PhraseBook {
  // A student's review.
  case reviewTitle, reviewHeading, reviewCounts, reviewLink, reviewLinkNothing, reviewMissedNote, showAnswer, hideAnswer
  case answerLabel, rateLegend, rateAgain, rateHard, rateGood, rateEasy, rateIn, nothingDue, nextDueIn
  case backToResults, cannotRate, badRating, noSuchCard
  case intervalMinutes, intervalHours, intervalDays, intervalMonths, intervalYears
  // The gradebook's memory.
  case memoryHeading, memoryNote, memoryNobody, memoryStudentsCaption, memoryDueColumn, memoryOverdueColumn
  case memoryStudiedColumn, memoryRecallColumn, memoryQuestionsHeading, memoryQuestionColumn, memoryStudiedBy
  case memoryTopicColumn
  // The class's desired retention, set in the gradebook's memory.
  case retentionLabel, retentionNote, retentionSave, cannotSetRetention, badRetention, backToGradebook

  public static func catalogue(_ language: Language) -> [StudyPhrase: String] {
    switch language {
    case .english: english
    case .spanish: spanish
    }
  }

  static let english: [StudyPhrase: String] = [
    .reviewTitle: "Review",
    .reviewHeading: "Review · {name}, {class}",
    .reviewCounts: "{missed} missed in class · {due} due · {new} new",
    .reviewLink: "Review: {count, plural, one {# card} other {# cards}} to study now",
    .reviewLinkNothing: "Review: nothing to study now",
    .reviewMissedNote: "You missed this one in class",
    .showAnswer: "Show the answer",
    .hideAnswer: "Hide the answer",
    .answerLabel: "Answer",
    .rateLegend: "How well did you remember it?",
    .rateAgain: "Again",
    .rateHard: "Hard",
    .rateGood: "Good",
    .rateEasy: "Easy",
    .rateIn: "back in {interval}",
    .nothingDue: "Nothing to review now: well done.",
    .nextDueIn: "The next card is due in {interval}.",
    .backToResults: "Back to your results",
    .cannotRate: "The review was not saved",
    .badRating: "The rating must be 1 (again), 2 (hard), 3 (good) or 4 (easy).",
    .noSuchCard: "This card is not one of your class's.",
    .intervalMinutes: "{count} min",
    .intervalHours: "{count} h",
    .intervalDays: "{count} d",
    .intervalMonths: "{count} mo",
    .intervalYears: "{count} y",
    .memoryHeading: "The class's memory",
    .memoryNote:
      "Predicted by FSRS from the students' reviews on their own pages: what each student has due, and how likely they are to remember each question today.",
    .memoryNobody: "No student has reviewed yet: their own pages have a Review.",
    .memoryStudentsCaption: "Each student's cards",
    .memoryDueColumn: "Due",
    .memoryOverdueColumn: "Overdue",
    .memoryStudiedColumn: "Studied",
    .memoryRecallColumn: "Recall today",
    .memoryQuestionsHeading: "The questions to go over again",
    .memoryQuestionColumn: "Question",
    .memoryStudiedBy: "Studied by",
    .memoryTopicColumn: "Topic",
    .retentionLabel: "Desired retention",
    .retentionNote:
      "How likely a student should be to still remember a card when it comes back, from 0.70 to 0.97: higher brings the cards back sooner, so more reviews. FSRS's default is 0.90.",
    .retentionSave: "Save the retention",
    .cannotSetRetention: "The desired retention was not changed",
    .badRetention: "The desired retention must be a number from 0.70 to 0.97, not “{value}”.",
    .backToGradebook: "Back to the gradebook",
  ]

  static let spanish: [StudyPhrase: String] = [
    .reviewTitle: "Repaso",
    .reviewHeading: "Repaso · {name}, {class}",
    .reviewCounts:
      "{missed, plural, one {# fallada} other {# falladas}} en clase · "
      + "{due, plural, one {# pendiente} other {# pendientes}} · {new, plural, one {# nueva} other {# nuevas}}",
    .reviewLink: "Repaso: {count, plural, one {# tarjeta} other {# tarjetas}} para estudiar ahora",
    .reviewLinkNothing: "Repaso: nada que estudiar ahora",
    .reviewMissedNote: "Esta la fallaste en clase",
    .showAnswer: "Mostrar la respuesta",
    .hideAnswer: "Ocultar la respuesta",
    .answerLabel: "Respuesta",
    .rateLegend: "¿Cómo la recordabas?",
    .rateAgain: "Otra vez",
    .rateHard: "Difícil",
    .rateGood: "Bien",
    .rateEasy: "Fácil",
    .rateIn: "vuelve en {interval}",
    .nothingDue: "No hay nada que repasar ahora: ¡bien hecho!",
    .nextDueIn: "La próxima tarjeta toca dentro de {interval}.",
    .backToResults: "Volver a tus resultados",
    .cannotRate: "El repaso no se guardó",
    .badRating: "La valoración debe ser 1 (otra vez), 2 (difícil), 3 (bien) o 4 (fácil).",
    .noSuchCard: "Esta tarjeta no es de tu clase.",
    .intervalMinutes: "{count} min",
    .intervalHours: "{count} h",
    .intervalDays: "{count} d",
    .intervalMonths: "{count} meses",
    .intervalYears: "{count} años",
    .memoryHeading: "La memoria de la clase",
    .memoryNote:
      "Predicha por FSRS a partir de los repasos de los alumnos en sus propias páginas: lo que cada alumno tiene pendiente y la probabilidad de que recuerde cada pregunta hoy.",
    .memoryNobody: "Ningún alumno ha repasado todavía: sus propias páginas tienen un Repaso.",
    .memoryStudentsCaption: "Las tarjetas de cada alumno",
    .memoryDueColumn: "Pendientes",
    .memoryOverdueColumn: "Atrasadas",
    .memoryStudiedColumn: "Estudiadas",
    .memoryRecallColumn: "Recuerdo hoy",
    .memoryQuestionsHeading: "Las preguntas que repasar en clase",
    .memoryQuestionColumn: "Pregunta",
    .memoryStudiedBy: "Estudiada por",
    .memoryTopicColumn: "Tema",
    .retentionLabel: "Retención deseada",
    .retentionNote:
      "La probabilidad de que un alumno aún recuerde una tarjeta cuando vuelve, de 0,70 a 0,97: más alta trae antes las tarjetas, y son más repasos. La de FSRS por defecto es 0,90.",
    .retentionSave: "Guardar la retención",
    .cannotSetRetention: "La retención deseada no se cambió",
    .badRetention: "La retención deseada debe ser un número de 0,70 a 0,97, no «{value}».",
    .backToGradebook: "Volver al cuaderno de notas",
  ]
}
