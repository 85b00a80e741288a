import Foundation
import QRQuizHTTP
import QRQuizTestSupport
import Testing

/// Route groups declare a prefix, an access and a body limit once; handlers throw, and what
/// they throw is answered as it says (or as a 500 that shows nothing of it).
@Suite struct RouteGroupTests {
  struct Visitor: Sendable { var name: String }

  /// Admits a request with `?key=yes`, as `Visitor`; answers 403 itself otherwise.
  static let keyed = Access<RouteRequest, Visitor>("a key") { request in
    request.request.query["key"] == "yes"
      ? .admitted(Visitor(name: "keyed"))
      : .answered(
        HTTPResponse(status: 403, headers: [], body: Array("no key\n".utf8)))
  }

  struct Refusal: HTTPResponseError {
    var response: HTTPResponse { HTTPResponse(status: 409, headers: [], body: Array("refused\n".utf8)) }
  }

  struct Secret: Error {}

  func router() -> Router<RouteRequest> {
    var router = Router()
    router.group("/things/{id}/", access: .anyone) { thing in
      thing.add(.get, "", "a thing", .immediate { request in Self.text("thing \(request[parameter: "id"])") })
      thing.add(.get, ".json", "a thing as JSON", .immediate { _ in Self.text("{}") })
      thing.group(access: Self.keyed, bodyLimit: .kibibytes(1)) { owner in
        owner.add(.post, "/rename", "renames it", .immediate { _, visitor in Self.text("by \(visitor.name)") })
        owner.add(.post, "/refuse", "always refused", .immediate { _, _ in throw Refusal() })
        owner.add(.post, "/fail", "fails inside", .deferred { _, _ in throw Secret() })
        owner.add(.post, "/big", "takes more", bodyLimit: .kibibytes(64), .immediate { _, _ in Self.text("ok") })
      }
    }
    return router
  }

  static func text(_ text: String) -> HTTPResponse { HTTPResponse(status: 200, headers: [], body: Array(text.utf8)) }

  func answer(_ router: Router<RouteRequest>, _ method: String, _ target: String) async -> HTTPResponse {
    let parts = target.split(separator: "?", maxSplits: 1)
    var query: [String: String] = [:]
    if parts.count == 2 {
      for pair in parts[1].split(separator: "&") {
        let field = pair.split(separator: "=", maxSplits: 1)
        query[String(field[0])] = field.count == 2 ? String(field[1]) : ""
      }
    }
    let request = HTTPRequest(method: method, path: String(parts[0]), query: query)
    switch router.answer(request) {
    case .now(let response): return response
    case .later(_, let work): return await work()
    default:
      Issue.record("an answer that is neither now nor later")
      return HTTPResponse(status: 0, headers: [], body: [])
    }
  }

  @Test func aGroupsPrefixAccessAndBodyLimitAreEachRoutes() async {
    let router = router()
    #expect(await answer(router, "GET", "/things/7").body == Array("thing 7".utf8))
    #expect(await answer(router, "GET", "/things/7.json").body == Array("{}".utf8))
    #expect(await answer(router, "POST", "/things/7/rename").status == 403, "the inner group's access")
    #expect(await answer(router, "POST", "/things/7/rename?key=yes").body == Array("by keyed".utf8))
    #expect(router.bodyLimit(method: "POST", path: "/things/7/rename") == 1024)
    #expect(router.bodyLimit(method: "POST", path: "/things/7/big") == 65536)
    #expect(router.bodyLimit(method: "GET", path: "/things/7") == BodyLimit.standard.bytes)
    // The table documents each route with its full path and its access.
    #expect(router.documentation.contains("| POST | `/things/{id}/rename` | renames it | a key |"))
    #expect(router.documentation.contains("| GET, HEAD | `/things/{id}.json` | a thing as JSON | anyone |"))
  }

  @Test func whatAHandlerThrowsIsAnsweredAsItSaysOrAsA500ThatShowsNothing() async {
    let router = router()
    let refused = await answer(router, "POST", "/things/7/refuse?key=yes")
    #expect(refused.status == 409 && refused.body == Array("refused\n".utf8))
    let failed = await answer(router, "POST", "/things/7/fail?key=yes")
    #expect(failed.status == 500)
    #expect(!String(decoding: failed.body, as: UTF8.self).contains("Secret"))
  }
}
