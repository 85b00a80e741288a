import QRQuiz

extension LiveGameStore {
  /// The results JSON saved with the finished game `stem` (``LiveGameRecord/id``): what a
  /// class's study deck reads of what was asked and answered (`ClassStudyDeck`); `nil`
  /// when there are none or they do not parse.
  public func results(stem: String) -> JSONValue? {
    let text = try? records.read { database throws(DatabaseError) in
      try database.value("SELECT results FROM live_games WHERE stem = \(stem)", as: String.self)
    }
    guard let text else { return nil }
    return try? JSONParser.parse(Array(text.utf8))
  }
}
