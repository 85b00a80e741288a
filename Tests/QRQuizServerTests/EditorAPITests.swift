import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizCLI
@testable import QRQuizServer

/// The topic editor's API, every endpoint and status, sent straight to the app: reads for
/// anyone, writes for the teacher with the version they read, the same problems as
/// `qrquiz validate --json`, every version kept, pictures made safe.
@Suite struct EditorAPITests {
  let library: TemporaryDirectory
  let cache: TemporaryDirectory
  let app: QuizWebApp
  let client: WebAppClient
  static let token = String(repeating: "5a", count: 16)
  static let teacher = ["Authorization": "Bearer \(token)"]

  init() throws {
    (library, cache) = try LiveLibrary.make()
    app = QuizWebApp(
      topics: .library(TopicLibrary(directory: library.url)),
      configuration: .init(
        publicURL: "http://192.168.1.20:8080", teacherToken: Self.token, allowsEditing: true,
        imageCache: try ImageDiskCache(directory: cache.url)))
    app.reload()
    client = WebAppClient(app: app)
  }

  func send(
    _ method: String, _ path: String, _ body: String? = nil, _ headers: [String: String] = [:], teacher: Bool = true
  ) async -> WebAppClient.Response {
    await client.request(
      method, path, headers: (teacher ? Self.teacher : [:]).merging(headers) { $1 }, body: Array((body ?? "").utf8))
  }

  func json(_ response: WebAppClient.Response) throws -> JSONValue { try JSONParser.parse(response.body) }

  var stored: TopicLibrary { TopicLibrary(directory: library.url) }

  static let rivers =
    #"{"options":{"name":"Rivers"},"sets":[[{"question":"Longest river?","answers":["Nile","Danube","Rhine"],"correct":0}]]}"#

  @Test func topicsAreListedAndReadWithTheirETag() async throws {
    let list = try json(await send("GET", "/api/topics", teacher: false))
    guard case .array(let topics) = list else { return #expect(Bool(false), "not a list") }
    #expect(
      topics.contains { $0["name"] == .string("Capitals") && $0["sets"] == .number(2) && $0["questions"] == .number(4) }
    )
    let topic = await send("GET", "/api/topics/Capitals", teacher: false)
    let tag = try #require(topic.headers["etag"])
    let entry = try stored.topic(named: "Capitals")
    #expect(topic.status == 200 && tag == entry.etag)
    #expect(topic.text == entry.topic.normalizedJSON + "\n")
    #expect(await send("GET", "/api/topics/Capitals", nil, ["If-None-Match": tag], teacher: false).status == 304)
    #expect(await send("GET", "/api/topics/Nope", teacher: false).status == 404)
  }

  @Test func writesNeedTheTeacherAndEditingOn() async throws {
    #expect(await send("PUT", "/api/topics/Rivers", Self.rivers, ["If-None-Match": "*"], teacher: false).status == 401)
    let wrong = ["Authorization": "Bearer " + String(repeating: "0", count: 32), "If-None-Match": "*"]
    #expect(await send("PUT", "/api/topics/Rivers", Self.rivers, wrong, teacher: false).status == 403)
    let off = QuizWebApp(
      topics: .library(stored), configuration: .init(publicURL: "http://x", teacherToken: Self.token))
    off.reload()
    let refused = await WebAppClient(app: off).request(
      "PUT", "/api/topics/Rivers", headers: Self.teacher.merging(["If-None-Match": "*"]) { $1 },
      body: Array(Self.rivers.utf8))
    #expect(refused.status == 403 && refused.text.contains("--allow-edit"))
    #expect((try? stored.topic(named: "Rivers")) == nil)
  }

  @Test func aSaveNeedsTheVersionItEditsAndKeepsTheOneItReplaces() async throws {
    #expect(await send("PUT", "/api/topics/Rivers", Self.rivers).status == 428)
    let created = await send("PUT", "/api/topics/Rivers", Self.rivers, ["If-None-Match": "*"])
    #expect(created.status == 201 && created.headers["location"] == "/api/topics/Rivers")
    let first = try #require(created.headers["etag"])
    #expect(await send("PUT", "/api/topics/Rivers", Self.rivers, ["If-None-Match": "*"]).status == 412)
    let edited = Self.rivers.replacingOccurrences(of: "Longest river?", with: "The longest river?")
    let updated = await send("PUT", "/api/topics/Rivers", edited, ["If-Match": first])
    #expect(updated.status == 200)
    let second = try #require(updated.headers["etag"])
    #expect(second != first)
    // A second editor who opened the first version is told, and nothing changes.
    let late = await send("PUT", "/api/topics/Rivers", Self.rivers, ["If-Match": first])
    #expect(late.status == 412 && late.text.contains("changed since you opened it"))
    #expect((try stored.topic(named: "Rivers")).etag == second)
    // The version replaced is kept, and can be read and restored.
    let versions = try json(await send("GET", "/api/topics/Rivers/versions", teacher: false))
    guard case .array(let list) = versions, case .string(let id)? = list.first?["version"] else {
      return #expect(Bool(false), "no versions: \(versions.compactText)")
    }
    #expect(
      list.count == 1
        && list[0]["saved"].map { if case .string(let t) = $0 { EditTime.date(t) != nil } else { false } } == true)
    let old = await send("GET", "/api/topics/Rivers/versions/\(id)", teacher: false)
    #expect(old.status == 200 && old.text.contains("Longest river?") && !old.text.contains("The longest"))
    #expect(await send("GET", "/api/topics/Rivers/versions/1234-nope", teacher: false).status == 404)
    #expect(await send("GET", "/api/topics/Rivers/versions/..%2F..%2FRivers", teacher: false).status == 404)
    #expect(await send("POST", "/api/topics/Rivers/versions/\(id)/restore", teacher: false).status == 401)
    let restored = await send("POST", "/api/topics/Rivers/versions/\(id)/restore")
    #expect(restored.status == 200)
    #expect((try stored.topic(named: "Rivers")).topic.topic.questions[0].question == "Longest river?")
    #expect(stored.versions(of: "Rivers").count == 2)
  }

  @Test func aDeletedTopicIsKeptAndCanBeRestored() async throws {
    let tag = try #require(await send("GET", "/api/topics/Capitals", teacher: false).headers["etag"])
    #expect(await send("DELETE", "/api/topics/Capitals").status == 428)
    #expect(await send("DELETE", "/api/topics/Capitals", nil, ["If-Match": "\"stale\""]).status == 412)
    #expect(await send("DELETE", "/api/topics/Capitals", nil, ["If-Match": tag], teacher: false).status == 401)
    #expect(await send("DELETE", "/api/topics/Capitals", nil, ["If-Match": tag]).status == 204)
    #expect(await send("GET", "/api/topics/Capitals", teacher: false).status == 404)
    #expect(await send("DELETE", "/api/topics/Capitals", nil, ["If-Match": tag]).status == 404)
    #expect(stored.removedNames() == ["Capitals"])
    let versions = try json(await send("GET", "/api/topics/Capitals/versions", teacher: false))
    guard case .array(let list) = versions, case .string(let id)? = list.last?["version"] else {
      return #expect(Bool(false), "no versions")
    }
    let restored = await send("POST", "/api/topics/Capitals/versions/\(id)/restore")
    #expect(restored.status == 201)
    #expect(await send("GET", "/api/topics/Capitals", teacher: false).status == 200)
    #expect(await send("GET", "/api/topics/Never/versions", teacher: false).status == 404)
  }

  @Test func anInvalidTopicGetsValidatesProblemsAndNothingIsWritten() async throws {
    let broken = #"{"options":{"name":"Broken"},"sets":[[{"question":"","answers":["a"],"correct":3}],[]]}"#
    let before = try stored.topic(named: "Capitals").etag
    let refused = await send("PUT", "/api/topics/Capitals", broken, ["If-Match": before])
    #expect(refused.status == 422)
    // Exactly what qrquiz validate --json says of the same bytes.
    let document = try TopicDocument(bytes: Array(broken.utf8), sourceName: "Capitals")
    let validate = try JSONParser.parse(Array(ValidationReport.json(file: "Capitals", document: document).utf8))
    #expect(try json(refused)["problems"] == validate["problems"])
    guard case .array(let problems)? = try json(refused)["problems"] else {
      Issue.record("no problems listed: \(refused.text)")
      return
    }
    let paths = problems.compactMap { problem -> String? in
      if case .string(let path)? = problem["path"] { path } else { nil }
    }
    #expect(paths.contains("sets[0][0].question"))
    #expect(try stored.topic(named: "Capitals").etag == before)
    #expect(stored.versions(of: "Capitals").isEmpty)
    // Bytes that are no topic at all: a problem at the root.
    for body in ["", "{", "[1, 2]", "\u{FFFE}", #"{"sets":[],"options":{"timePerSetInSeconds":"x"}}"#] {
      let response = await send("PUT", "/api/topics/Capitals", body, ["If-Match": before])
      #expect(response.status == 422, "\(body): \(response.status)")
    }
  }

  @Test func namesThatAreNoTopicsNameAreRefused() async {
    for name in ["..", ".hidden", "a%00b", String(repeating: "n", count: 300), "x.json", "a%5Cb"] {
      let response = await send("PUT", "/api/topics/\(name)", Self.rivers, ["If-None-Match": "*"])
      #expect(response.status == 400 || response.status == 404, "\(name): \(response.status)")
    }
    #expect(stored.names().sorted() == ["Capitals", "Hostile", "People", "Social"])
    // The same questions under a new name: refused, naming where they are.
    let twin = try? String(contentsOf: library.url.appendingPathComponent("Capitals.json"), encoding: .utf8)
    let response = await send("PUT", "/api/topics/Twin", twin ?? "", ["If-None-Match": "*"])
    #expect(response.status == 409 && response.text.contains("Capitals"))
  }

  @Test func questionsAreDatedByTheServer() async throws {
    let created = await send("PUT", "/api/topics/Rivers", Self.rivers, ["If-None-Match": "*"])
    let first = try stored.topic(named: "Rivers").topic.topic.questions[0]
    let written = try #require(first.created)
    #expect(first.modified == nil && EditTime.date(written) != nil)
    // A client's made-up times are not taken: a question the server has not seen is new.
    var topic = try stored.topic(named: "Rivers").topic.topic
    topic.sets[0].append(
      Topic.Question(
        question: "Widest?", answers: ["Amazon", "Nile", "Congo"], correct: 0, created: "2001-01-01T00:00:00Z"))
    topic.sets[0][0].answers[2] = "Rhône"
    let updated = await send(
      "PUT", "/api/topics/Rivers", topic.normalizedJSON, ["If-Match": try #require(created.headers["etag"])])
    #expect(updated.status == 200)
    let questions = try stored.topic(named: "Rivers").topic.topic.questions
    #expect(questions[0].created == written && questions[0].modified != nil)
    #expect(questions[1].created != "2001-01-01T00:00:00Z" && questions[1].created != nil)
    // The QR code leaves the times out; the JSON the app downloads keeps them.
    let symbols = try TopicQREncoder().encode(try stored.topic(named: "Rivers").topic)
    #expect(!symbols.matrices.isEmpty)
    #expect(!(try stored.topic(named: "Rivers").topic.topic.withoutEditTimes.normalizedJSON.contains("created")))
    #expect((await send("GET", "/t/Rivers.json", teacher: false)).text.contains("\"created\""))
  }

  @Test func aPhotoIsUprightAndLosesItsMetadata() async throws {
    let photo = try Fixtures.bytes("jpeg/photo-gps-6.jpg")
    #expect(String(decoding: photo, as: UTF8.self).contains("QRQuizPhone"))
    let uploaded = await client.request(
      "POST", "/api/images", headers: Self.teacher.merging(["Content-Type": "image/jpeg"]) { $1 }, body: photo)
    #expect(uploaded.status == 201, "\(uploaded.text)")
    guard case .string(let url)? = try json(uploaded)["url"] else { return #expect(Bool(false), "no url") }
    #expect(url.hasPrefix("http://192.168.1.20:8080/pictures/") && url.hasSuffix(".jpg"))
    let path = String(url.dropFirst("http://192.168.1.20:8080".count))
    let served = await client.request("GET", path)
    #expect(served.status == 200 && served.headers["content-type"] == "image/jpeg")
    #expect(served.headers["cache-control"]?.contains("immutable") == true)
    // Upright: 320 × 200 as the photo was taken, the red corner at the top left.
    let image = try ImageDecoder.decodeRGBA(served.body)
    #expect(image.width == 320 && image.height == 200)
    let corner = image.pixels[10 * image.width + 10]
    #expect(corner & 0xFF > 150 && (corner >> 16) & 0xFF < 90, "\(String(corner, radix: 16))")
    // Nothing of the file's own: no EXIF, no GPS, no maker, no comment.
    let text = String(decoding: served.body, as: UTF8.self)
    for trace in ["Exif", "QRQuizPhone", "taken at home"] { #expect(!text.contains(trace), "\(trace)") }
    #expect(!served.body.indices.dropLast().contains { served.body[$0] == 0xFF && served.body[$0 + 1] == 0xE1 })
    // The pages show it: the editor's topics may name it with any host.
    #expect(app.pictures.imageSource(for: url)?.value == path)
    #expect(app.pictures.imageSource(for: "https://elsewhere.example" + path)?.value == path)
    #expect(
      app.pictures.imageSource(for: "http://192.168.1.20:8080/pictures/00000000000000000000000000000000.jpg") == nil)
  }

  @Test func aDrawingStaysAPNG() async throws {
    let png = try Fixtures.bytes("png/rgba8-transparent.png")
    let uploaded = await client.request("POST", "/api/images", headers: Self.teacher, body: png)
    #expect(uploaded.status == 201)
    guard case .string(let url)? = try json(uploaded)["url"] else {
      Issue.record("no url: \(uploaded.status) \(uploaded.text)")
      return
    }
    #expect(url.hasSuffix(".png"))
    // Served as a PNG that keeps its transparency, which a JPEG would have lost.
    let served = await client.request("GET", String(url.dropFirst("http://192.168.1.20:8080".count)))
    #expect(served.status == 200 && served.headers["content-type"] == "image/png")
    let alphas = Set(try ImageDecoder.decodeRGBA(served.body).pixels.map { $0 >> 24 })
    #expect(alphas.contains(0) && alphas.contains(255), "\(alphas.count) levels of alpha")
  }

  @Test func whatIsNoPictureIsRefusedAndNothingIsStored() async throws {
    var bomb = PNGBuilder.header(width: 100, height: 100)
    // A zTXt chunk that inflates to 64 MiB of zeros (a 64 KB file).
    let text = Array("Comment".utf8) + [0, 0] + Zlib.compress([UInt8](repeating: 0, count: 64 << 20))
    bomb.insert(contentsOf: Self.chunk("zTXt", text), at: 33)
    var truncated = try Fixtures.bytes("jpeg/upright.jpg")
    truncated.removeLast(truncated.count / 2)
    let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#.utf8)
    let cases: [(String, [UInt8], [String: String], Int)] = [
      ("huge header", PNGBuilder.header(width: 60_000, height: 60_000), [:], 413),
      ("truncated JPEG", truncated, [:], 422),
      ("zTXt bomb", bomb, [:], 422),
      ("SVG", svg, ["Content-Type": "image/svg+xml"], 415),
      ("SVG as PNG", svg, ["Content-Type": "image/png"], 415),
      ("GIF", Array("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8), [:], 415),
      ("text", Array("hello".utf8), [:], 415),
      ("12 MiB", [UInt8](repeating: 0xFF, count: 12 << 20), [:], 413),
    ]
    // Each is refused by its own limit, not by running out of time: the sizes before any
    // pixel or body byte is kept (413), the bomb's inflation cut at 1 MiB (its message
    // says so; inflating its 64 MiB would still end in 422, but only after the work).
    for (name, body, headers, status) in cases {
      let response = await client.request(
        "POST", "/api/images", headers: Self.teacher.merging(headers) { $1 }, body: body)
      #expect(response.status == status, "\(name): \(response.status) \(response.text)")
      if name == "zTXt bomb" { #expect(response.text.contains("more than 1 MiB"), "\(response.text)") }
    }
    #expect(!FileManager.default.fileExists(atPath: stored.picturesDirectory.path))
    #expect(app.bodyLimit(method: "POST", path: "/api/images") == 8 << 20)
    #expect(app.bodyLimit(method: "PUT", path: "/api/topics/Capitals") == 4 << 20)
  }

  /// A PNG chunk: length, type, data, CRC.
  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let length = UInt32(data.count)
    let body = Array(type.utf8) + data
    let crc = Zlib.crc32(body)
    return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + body
      + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
  }

  @Test func theDrawingSaysTheAppsHTTPSRuleOnlyOnAnHTTPServer() async throws {
    let session = ["Cookie": "\(Credentials.teacherCookie)=\(Self.token)"]
    let plain = await client.request("GET", "/edit/Capitals", headers: session)
    #expect(plain.status == 200 && plain.text.contains(#"id="drawing-https""#))
    #expect(plain.text.contains("--tls-cert") && plain.text.contains("docs/SERVE.md"))
    let secure = QuizWebApp(
      topics: .library(stored),
      configuration: .init(publicURL: "https://quiz.school.example", teacherToken: Self.token, allowsEditing: true))
    secure.reload()
    let page = await WebAppClient(app: secure).request("GET", "/edit/Capitals", headers: session)
    #expect(page.status == 200 && !page.text.contains(#"id="drawing-https""#))
  }

  @Test func theTeacherFindsHostAndEditWhereTheyLookAndSpanishNamesThemeApart() async throws {
    let session = ["Cookie": "\(Credentials.teacherCookie)=\(Self.token)"]
    let library = await client.request("GET", "/", headers: session)
    #expect(library.text.contains(#"<a href="/t/Capitals#host-form">Host a live game</a>"#))
    #expect(library.text.contains(#"class="library-tools teacher-tools""#))
    let share = await client.request("GET", "/t/Capitals", headers: session)
    #expect(share.text.contains(#"id="edit-link" href="/edit/Capitals""#) && share.text.contains(#"id="host-form""#))
    let visitor = await client.request("GET", "/t/Capitals")
    #expect(!visitor.text.contains("edit-link") && !visitor.text.contains("teacher-tools"))
    #expect(!(await client.request("GET", "/")).text.contains("#host-form"))
    // In Spanish the header's theme is "Apariencia", and "Tema" is a topic only.
    let spanish = await client.request("GET", "/", headers: ["Cookie": "qrquiz_lang=es"])
    #expect(spanish.text.contains("<span>Apariencia:</span>") && !spanish.text.contains("Tema:"))
  }

  @Test func theEditorPagesEscapeEveryTopicString() async throws {
    let session = ["Cookie": "\(Credentials.teacherCookie)=\(Self.token)"]
    let page = await client.request("GET", "/edit/Hostile", headers: session)
    #expect(page.status == 200)
    #expect(!page.text.contains("<script>alert") && page.text.contains("&lt;script&gt;alert"))
    // A deleted topic's page offers its versions; one never saved is 404.
    #expect(await client.request("GET", "/edit/Nothing", headers: session).status == 404)
    let library = await client.request("GET", "/", headers: session)
    #expect(library.text.contains("/edit/Capitals") && library.text.contains("/edit/Capitals/delete"))
  }
}
