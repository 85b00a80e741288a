import Foundation
import QRQuiz

/// Playing in the browser: `/play/NAME` (choose a set), `/play/NAME/N` (start set N),
/// `/game/ID` (the play: GET shows it, POST acts on it, then the page is shown again).
extension QuizWebApp {
  func playRoute(_ rest: String, _ request: HTTPRequest) -> HTTPResponse {
    guard request.method == "GET" || request.method == "HEAD" else { return Reply.methodNotAllowed("GET, HEAD") }
    if let topic = shelf.topic(named: rest) { return Reply.html(Pages.setChoice(topic)) }
    // NAME/N: the name is everything before the last slash.
    guard let slash = rest.lastIndex(of: "/"), let topic = shelf.topic(named: String(rest[..<slash])),
      let number = Int(rest[rest.index(after: slash)...]), topic.setSizes.indices.contains(number - 1)
    else { return Reply.notFound("No topic or set is served under this name.") }
    let now = Date()
    do {
      var session = try QuizSession(topic: topic.topic, set: number - 1, totalScore: 0)
      session.start(at: now)
      let id = plays.start(PlayRoom.Play(session: session, topicName: topic.name, set: number - 1, lastUsed: now))
      return Reply.redirect("/game/\(id)")
    } catch {
      return Reply.error(422, "Cannot play this set", error.description)
    }
  }

  func gameRoute(_ id: String, _ request: HTTPRequest) -> HTTPResponse {
    let now = Date()
    switch request.method {
    case "GET", "HEAD":
      let page = plays.update(id, now: now) { play -> String in
        _ = play.session.checkTime(at: now)
        let image = imageSource(for: play.session.currentQuestion?.imageURL)
        let page =
          play.session.isOver
          ? Pages.result(play, id: id) : Pages.question(play, id: id, imageSource: image, now: now)
        // A message is shown once.
        play.message = nil
        return page
      }
      return page.map { Reply.html($0) } ?? expired()
    case "POST":
      let fields = FormBody.parse(request.body)
      let found = plays.update(id, now: now) { play -> Bool in
        act(on: &play, fields, now: now)
        return true
      }
      return found == nil ? expired() : Reply.redirect("/game/\(id)")
    default:
      return Reply.methodNotAllowed("GET, HEAD, POST")
    }
  }

  private func expired() -> HTTPResponse {
    Reply.error(404, "This play is over", "It ended or was not used for hours. Start the set again from its topic.")
  }

  /// Applies one posted action with the app's rules, leaving a message for the next page.
  private func act(on play: inout PlayRoom.Play, _ fields: [String: String], now: Date) {
    let verdicts = play.session.options.showCorrectIncorrectAnswer
    do {
      if let answer = fields["answer"].flatMap({ Int($0) }) {
        let pick = try play.session.pick(answer, at: now)
        let more = pick.finishesQuestion ? "" : " Pick \(play.session.picksNeeded) more."
        play.message =
          verdicts
          ? (pick.isCorrect ? ("Right!" + more, "right") : ("Wrong." + more, "wrong")) : ("Answer taken." + more, "")
      } else if fields["action"] == "number" {
        guard let number = fields["number"].flatMap(NumericAnswer.parse) else {
          play.message = ("Give a number.", "wrong")
          return
        }
        let right = try play.session.answer(number: number, at: now)
        play.message = verdicts ? (right ? ("Right!", "right") : ("Wrong.", "wrong")) : ("Answer taken.", "")
      } else if fields["action"] == "help" {
        let hidden = try play.session.useHelp(at: now)
        play.message = ("Help hid answer \(hidden + 1) (−5 points).", "")
      } else if fields["action"] == "repeat" {
        play.session.repeatSet(at: now)
        play.session.start(at: now)
        play.message = nil
      }
    } catch {
      play.message = (Self.sentence(error.description), "wrong")
    }
  }

  /// `text` with a capital first letter and a full stop.
  static func sentence(_ text: String) -> String {
    guard let first = text.first else { return text }
    return first.uppercased() + text.dropFirst() + (text.hasSuffix(".") ? "" : ".")
  }
}
