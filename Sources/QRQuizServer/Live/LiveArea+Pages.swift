import Foundation
import QRQuiz
import QRQuizClassroom
import QRQuizHTTP

/// The live games' pages: the host screen (for the projector), the players' page (for
/// phones), the PIN form, the join QR code, and the topic page's "Host a live game" form.
/// The pages are shells the script (`/static/live.js`) fills from the event stream.
extension LiveArea {
  /// POST `/live`: a game of the topic page's form, then its host screen.
  func hostFromForm(_ context: RequestContext, _ teacher: Teacher) async -> HTTPResponse {
    let fields = FormBody.parse(context.request.body)
    let className = fields["class"].flatMap { $0.isEmpty ? nil : $0 }
    // The scoring left as usual (empty) follows the class, as the API's and `qrquiz live`'s.
    let request = LiveGameRequest(
      topic: fields["topic"] ?? "", set: fields["set"].flatMap { Int($0) },
      scoring: fields["scoring"].flatMap(LiveScoring.init(rawValue:))
        ?? LiveScoring.defaultScoring(withClass: className != nil),
      seconds: min(max(fields["seconds"].flatMap(Double.init) ?? 20, 5), 600), maximumPlayers: 1000,
      className: className)
    do throws(JSONBody.Problem) {
      let room = try makeLiveGame(request, for: teacher)
      return .redirect(
        to: .host(room.pin),
        headers: [("Set-Cookie", site.cookie(Credentials.hostCookie(room.pin), room.setup.hostSecret, strict: true))])
    } catch {
      return .html(site.pages(context).error(.liveCannotStart, "\(error.message)"), status: error.status)
    }
  }

  /// GET `/host/PIN`: the host screen, for the holder of its cookie (the route's access
  /// moved a `?secret=` into the cookie).
  func hostPage(_ context: RequestContext, _ host: Host) -> HTTPResponse {
    let room = host.room
    return .html(
      site.pages(context).liveHost(
        room.setup, secret: host.secret, joinURL: room.joinURL, joinAddress: site.publicURL + SitePath.pinEntry.value,
        reachable: site.isPublicURLReachable))
  }

  /// GET `/j`: the PIN form; `?pin=` goes to its game.
  func pinPage(_ context: RequestContext) -> HTTPResponse {
    if let pin = context.request.query["pin"]?.filter(\.isNumber), !pin.isEmpty {
      return .redirect(to: .join(pin))
    }
    return .html(site.pages(context).pinEntry(problem: nil))
  }

  /// GET `/j/PIN`: a player's page. Gives the browser its identity (a banned player's
  /// browser stays out). A wrong PIN counts as a join attempt: PINs cannot be walked.
  func playerPage(_ context: RequestContext) -> HTTPResponse {
    let room: LiveRoom
    switch publicRoom(context) {
    case .success(let found): room = found
    case .failure(let refused): return refused.response
    }
    var headers: [(name: String, value: String)] = []
    if context.credentials.browser == nil {
      headers.append(("Set-Cookie", site.cookie(Credentials.browserCookie, Secret.make(), strict: false)))
    }
    return .html(site.pages(context).livePlayer(room.setup), headers: headers)
  }

  func joinQRPNG(_ context: RequestContext) -> HTTPResponse {
    joinCode(context) { .bytes(try $0.pngData(), type: "image/png", cache: "no-cache") }
  }

  func joinQRSVG(_ context: RequestContext) -> HTTPResponse {
    joinCode(context) { .bytes(Array(SVGRenderer.svg($0).utf8), type: "image/svg+xml", cache: "no-cache") }
  }

  private func joinCode(_ context: RequestContext, _ make: (SymbolSheet) throws -> HTTPResponse) -> HTTPResponse {
    let room: LiveRoom
    switch publicRoom(context) {
    case .success(let found): room = found
    case .failure(let refused): return refused.response
    }
    do {
      let matrix = try QRSymbolEncoder.encode(Array(room.joinURL.utf8), mode: .byte, level: .medium)
      return try make(SymbolSheet(matrices: [matrix], scale: 10, margin: 4))
    } catch {
      return .html(site.pages(context).error(.qrCodeFailed, "\(String(describing: error))"), status: 500)
    }
  }
}
