import QRQuiz
import QRQuizClassroom

/// What a teacher asks for when making a game (the API's body, the topic page's form).
struct LiveGameRequest {
  var topic: String
  var set: Int?
  var scoring: LiveScoring
  var seconds: Double
  var maximumPlayers: Int
  /// The class whose students answer with answer cards, by name (`qrquiz class`).
  var className: String?

  init(topic: String, set: Int?, scoring: LiveScoring, seconds: Double, maximumPlayers: Int, className: String? = nil) {
    self.topic = topic
    self.set = set
    self.scoring = scoring
    self.seconds = seconds
    self.maximumPlayers = maximumPlayers
    self.className = className
  }

  init(_ body: JSONBody) throws(JSONBody.Problem) {
    topic = try body.required("topic", body.string)
    set = try body.integer("set")
    className = try body.string("class")
    let scoringName = try body.string("scoring") ?? LiveScoring.defaultScoring(withClass: className != nil).rawValue
    guard let scoring = LiveScoring(rawValue: scoringName) else {
      throw .init(status: 422, message: "scoring must be speed, accuracy or app", field: "scoring")
    }
    self.scoring = scoring
    seconds = try body.number("seconds") ?? 20
    guard LiveGame.Setup.secondsRange.contains(seconds) else {
      throw .init(status: 422, message: "seconds must be between 5 and 600", field: "seconds")
    }
    maximumPlayers = try body.integer("max_players") ?? 1000
    guard LiveGame.Setup.maximumPlayersRange.contains(maximumPlayers) else {
      throw .init(status: 422, message: "max_players must be between 1 and 10000", field: "max_players")
    }
  }
}

extension LiveScoring {
  /// The scoring of a game that does not say: speed, but accuracy for a game with a class
  /// answering by card (a card is timed when a camera or a photo sees it, not when the
  /// student holds it up, so speed would favour the phones and the cards photographed first).
  static func defaultScoring(withClass: Bool) -> LiveScoring { withClass ? .accuracy : .speed }
}
