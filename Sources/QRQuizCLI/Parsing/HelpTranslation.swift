import QRQuiz

/// The help of a command in another language: its abstract, its discussion, and each
/// argument's and option's line, by the name help shows (`--set`, `TOPIC`). The commands
/// a player or a teacher meets in their own language (`play`, `cards`, `new`) have one;
/// ``HelpText`` uses it when the locale asks for that language, and a test checks that it
/// covers every declaration.
struct HelpTranslation: Sendable {
  var abstract: String
  var discussion: String
  var lines: [String: String]

  /// ``Positional/topic``'s line, in Spanish.
  static let spanishTopic =
    "un archivo de tema, una URL http(s), el nombre de un tema guardado, - para la entrada estándar, o una imagen QR"

  /// The words around the help's sections, in Spanish.
  static let spanishFrame: [String: String] = [
    "usage": "uso", "arguments": "argumentos", "options": "opciones", "examples": "ejemplos",
    "show this help": "muestra esta ayuda", "default": "por omisión",
  ]
}

/// A command whose help exists in Spanish.
protocol SpanishHelp {
  static var spanishHelp: HelpTranslation { get }
}

extension PlayCommand: SpanishHelp {
  static let spanishHelp = HelpTranslation(
    abstract: "Juega un tema como lo hace la app Questions: un bloque con su tiempo, su ayuda y su puntuación, "
      + "o un cuestionario de muestra.",
    discussion: """
      TOPIC es un archivo de tema, una URL http(s), el nombre de un tema guardado, - para la
      entrada estándar, o una imagen con el código QR de un tema. Se elige un bloque (o --set N)
      y se juega con las opciones del tema: preguntas barajadas, una cuenta atrás para el bloque,
      una ayuda que oculta una respuesta incorrecta (-5 puntos, 2 como mucho por pregunta, con 3
      respuestas o más y una puntuación total de 5 o más), correcto o incorrecto tras cada
      respuesta, y todas las correctas por marcar cuando son obligatorias. Un bloque da 20 por
      respuesta correcta, -10 por una incorrecta y -5 por una ayuda; un bloque que no salió todo
      bien se puede repetir dos veces, con la puntuación total restaurada.

      En un terminal el juego ocupa la pantalla (teclas: 1-9 y letras eligen, h ayuda, q salir);
      con --plain, o si la entrada estándar no es un terminal, son líneas simples: una respuesta
      por línea (1, 2,3, h, q). Las estadísticas se guardan por perfil (qrquiz profile use): un
      bloque cuenta para los totales solo la primera vez que se completa (qrquiz stats).

      --sample 7,7,6 juega tantas preguntas al azar de cada bloque como un solo cuestionario, con
      resultados por categoría (los nombres de options.setNames, o Bloque N).

      Las palabras del juego siguen LC_ALL, LC_MESSAGES o LANG (es_ES.UTF-8: en español); el
      texto del tema nunca se traduce.
      """,
    lines: [
      "TOPIC": HelpTranslation.spanishTopic,
      "--set": "el bloque que se juega (desde 1); se pregunta si falta",
      "--sample": "preguntas al azar por bloque (7,7,6) o en total (20, repartidas), jugadas como un cuestionario",
      "--seed": "semilla para barajar y para la ayuda: la misma semilla juega igual",
      "--plain": "líneas simples, una respuesta por línea, incluso en un terminal",
      "--review": "lista las respuestas incorrectas tras los resultados",
      "--no-images": "no muestra las imágenes de las preguntas",
      "--profile": "juega como este perfil (por omisión: el que está en uso)",
      "--cache-dir": "la caché de imágenes",
      "--max-size": "lo más que guarda la caché; las imágenes usadas hace más tiempo se van primero",
      "--timeout": "para cada descarga, redirecciones incluidas",
      "--concurrency": "descargas a la vez",
      "--allow-http": "descarga también por http (servidores locales); si no, solo https",
      "--offline": "usa solo la caché; nunca la red",
    ])
}

extension CardsCommand: SpanishHelp {
  static let spanishHelp = HelpTranslation(
    abstract: "Repasa un bloque como tarjetas: una pregunta y, al girar la tarjeta, su respuesta.",
    discussion: """
      Teclas (pantalla completa): espacio o Intro gira la tarjeta, → o n siguiente, ← o p
      anterior, s baraja, q sale. En líneas simples (--plain, o si la entrada estándar no es un
      terminal): una orden por línea, t girar, n siguiente, p anterior, s barajar, q salir.
      Las palabras siguen LC_ALL, LC_MESSAGES o LANG; el texto del tema nunca se traduce.
      """,
    lines: [
      "TOPIC": HelpTranslation.spanishTopic,
      "--set": "el bloque (desde 1)",
      "--seed": "semilla para barajar",
      "--plain": "líneas simples, una orden por línea",
      "--timeout": "para cada descarga, redirecciones incluidas",
    ])
}

extension NewCommand: SpanishHelp {
  static let spanishHelp = HelpTranslation(
    abstract:
      "Escribe un tema nuevo paso a paso, comprobado al escribir, y guárdalo, escríbelo o muestra su código QR.",
    discussion: """
      Pregunta el nombre y las opciones (entre corchetes, lo que la app hace por omisión), el
      número de bloques y luego cada pregunta, sus respuestas, cuáles son correctas y la URL de
      una imagen. Un problema se dice donde se escribe ("La respuesta 3 repite la respuesta 1")
      y la pregunta vuelve. En cualquier momento: /back vuelve un paso atrás, /list muestra el
      tema hasta ahora, /done termina. Sin terminal, lee una respuesta por línea de la entrada
      estándar; el fin de la entrada termina. En un terminal, Ctrl-D pregunta si conservar lo
      que hay; Ctrl-C no escribe nada. Las palabras siguen LC_ALL, LC_MESSAGES o LANG.
      """,
    lines: [
      "--output": "escribe el tema aquí",
      "--save": "guarda el tema en la biblioteca de temas",
      "--terminal": "muestra al final el código QR del tema en el terminal",
      "--plain": "sin preguntas al final: salida estándar salvo con -o o --save",
    ])
}
