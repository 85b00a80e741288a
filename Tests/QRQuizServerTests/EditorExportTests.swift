import Foundation
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizInterchange
@testable import QRQuizServer

/// The editor's downloads (issue 31): `GET /t/NAME/export/FORMAT` for the teacher, the
/// bytes `qrquiz export` writes with this server's pictures embedded, a safe file name,
/// and each format's notes through `GET /api/topics/NAME/exports` — sent straight to the
/// app, as the other API tests.
@Suite struct EditorExportTests {
  let library: TemporaryDirectory
  let cache: TemporaryDirectory
  let app: QuizWebApp
  let client: WebAppClient
  static let token = String(repeating: "7e", count: 16)
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

  var stored: TopicLibrary { TopicLibrary(directory: library.url) }

  /// What `qrquiz export` writes for `name`, its pictures found where the command finds
  /// them (the library's, the cache's).
  func expected(_ name: String, _ format: ExportFormat) throws -> TopicExporter.Exported {
    let topic = try stored.topic(named: name).topic
    let images = try ImageDiskCache(directory: cache.url)
    return TopicExporter.export(topic, to: format) { address in
      guard let url = URL(string: address) else { return nil }
      let parts = url.path.split(separator: "/").map(String.init)
      if parts.count == 2, parts[0] == "pictures", let bytes = stored.picture(named: parts[1]) {
        return ExportPicture(bytes: bytes)
      }
      return images.entry(for: url).flatMap { ExportPicture(bytes: $0.body) }
    }
  }

  @Test func eachFormatIsTheCommandsFileAsADownloadForTheTeacherOnly() async throws {
    for format in ExportFormat.allCases {
      let path = "/t/Capitals/export/\(format.rawValue)"
      let refused = await client.request("GET", path)
      #expect(refused.status == 403 && refused.headers["content-disposition"] == nil, "\(format)")
      let wrong = await client.request(
        "GET", path, headers: ["Authorization": "Bearer " + String(repeating: "0", count: 32)])
      #expect(wrong.status == 403)
      let download = await client.request("GET", path, headers: Self.teacher)
      #expect(download.status == 200, "\(format): \(download.status)")
      #expect(download.headers["content-type"] == format.mediaType)
      #expect(download.headers["cache-control"] == "no-store")
      let name = "Capitals.\(format.fileExtension)"
      #expect(download.headers["content-disposition"] == "attachment; filename=\"\(name)\"; filename*=UTF-8''\(name)")
      #expect(download.body == (try expected("Capitals", format)).bytes, "\(format)")
    }
    // The teacher's cookie opens it too (the editor's link); a format nobody writes is 404.
    let cookie = ["Cookie": "\(Credentials.teacherCookie)=\(Self.token)"]
    #expect(await client.request("GET", "/t/Capitals/export/gift", headers: cookie).status == 200)
    #expect(await client.request("GET", "/t/Capitals/export/docx", headers: Self.teacher).status == 404)
    #expect(await client.request("GET", "/t/Nothing/export/gift", headers: Self.teacher).status == 404)
  }

  @Test func theLibrarysPicturesAreEmbeddedAsTheCommandEmbedsThem() async throws {
    // A picture uploaded in the editor, given to Capitals' first question.
    let photo = try Fixtures.bytes("jpeg/photo-gps-6.jpg")
    let uploaded = await client.request("POST", "/api/images", headers: Self.teacher, body: photo)
    guard case .string(let url)? = try JSONParser.parse(uploaded.body)["url"] else {
      return #expect(Bool(false), "no picture: \(uploaded.text)")
    }
    let entry = try stored.topic(named: "Capitals")
    var topic = entry.topic.topic
    topic.sets[0][0].imageURL = url
    try stored.save(try ValidTopic(topic, defaultName: "Capitals"), name: "Capitals", replacing: .any)
    app.reload()
    let file = try #require(URL(string: url)).lastPathComponent
    let picture = try #require(stored.picture(named: file))

    let moodle = await client.request("GET", "/t/Capitals/export/moodle-xml", headers: Self.teacher)
    #expect(moodle.text.contains(Data(picture).base64EncodedString()), "the picture is not embedded")
    #expect(moodle.text.contains("@@PLUGINFILE@@/"))
    #expect(moodle.body == (try expected("Capitals", .moodleXML)).bytes)
    let qti = await client.request("GET", "/t/Capitals/export/qti", headers: Self.teacher)
    #expect(qti.body == (try expected("Capitals", .qti)).bytes)
    // The package holds the picture's bytes (stored, not deflated: a JPEG does not shrink).
    #expect(qti.body.count > picture.count)
    // The image cache's copy of an address a topic names is embedded as well.
    let hostile = await client.request("GET", "/t/Hostile/export/moodle-xml", headers: Self.teacher)
    let cat = try Fixtures.bytes("png/gray8.png")
    #expect(hostile.text.contains(Data(cat).base64EncodedString()))
    let exports = try JSONParser.parse(
      await client.request("GET", "/api/topics/Capitals/exports", headers: Self.teacher).body)
    guard case .array(let formats)? = exports["formats"] else { return #expect(Bool(false), "no formats") }
    #expect(!formats.contains { $0["notes"]?.compactText.contains("linked") == true })
  }

  @Test func theFileNameIsSafeWhateverTheTopicIsCalled() async throws {
    let hostile = await client.request("GET", "/t/Hostile/export/gift", headers: Self.teacher)
    let header = try #require(hostile.headers["content-disposition"])
    // <script>alert('name')</script>: the slash made _, the rest kept; nothing that ends
    // the quoted name or starts a header.
    #expect(
      header == "attachment; filename=\"<script>alert('name')<_script>.gift\"; "
        + "filename*=UTF-8''%3Cscript%3Ealert%28%27name%27%29%3C_script%3E.gift")
    let names: [(String, String)] = [
      ("Année 7 / Français", "Année 7 _ Français.xml"), ("..hidden", "hidden.xml"), ("  ", "topic.xml"),
      ("a\u{0}b\r\nc\u{202E}d", "a_b__c_d.xml"),
      (String(repeating: "n", count: 300), String(repeating: "n", count: 100) + ".xml"),
    ]
    for (title, file) in names {
      #expect(LibraryArea.fileName(title, format: .moodleXML) == file, "\(title)")
      let value = LibraryArea.attachment(title, format: .moodleXML)
      #expect(!value.unicodeScalars.contains { $0.value < 0x20 || $0.value > 0x7E }, "\(value)")
      #expect(value.components(separatedBy: "\"").count == 3, "\(value)")
    }
    #expect(
      LibraryArea.attachment("Année", format: .gift)
        == "attachment; filename=\"Ann_e.gift\"; filename*=UTF-8''Ann%C3%A9e.gift")
  }

  @Test func eachFormatSaysWhatItCannotHold() async throws {
    #expect(await client.request("GET", "/api/topics/Capitals/exports").status == 403)
    let answer = await client.request("GET", "/api/topics/Capitals/exports", headers: Self.teacher)
    #expect(answer.status == 200 && answer.headers["content-type"]?.hasPrefix("application/json") == true)
    guard case .array(let formats)? = try JSONParser.parse(answer.body)["formats"] else {
      return #expect(Bool(false), "no formats: \(answer.text)")
    }
    #expect(formats.map { $0["format"] } == ExportFormat.allCases.map { .string($0.rawValue) })
    for (format, entry) in zip(ExportFormat.allCases, formats) {
      let notes = try expected("Capitals", format).notes.map { JSONValue.string($0.description) }
      #expect(entry["notes"] == .array(notes), "\(format)")
      #expect(entry["href"] == .string("/t/Capitals/export/\(format.rawValue)"))
      #expect(entry["file"] == .string("Capitals.\(format.fileExtension)"))
    }
    // Aiken holds one right answer: "Which are in Spain?" (Madrid and Seville) is left out, named.
    let aiken = formats[3]
    #expect(aiken["leftOut"] == .number(1) && aiken["questions"] == .number(3))
    #expect(aiken["notes"]?.compactText.contains("Which are in Spain?") == true)
    #expect(formats[0]["leftOut"] == .number(0) && formats[0]["questions"] == .number(4))
    #expect(await client.request("GET", "/api/topics/Nothing/exports", headers: Self.teacher).status == 404)
  }

  @Test func theNotesSpeakTheLanguageOfTheEditorsPage() async throws {
    for (headers, language) in [
      (["Accept-Language": "es-ES,es;q=0.9"], Language.spanish),
      (["Accept-Language": "es", "Cookie": "\(RequestContext.languageCookie)=en"], .english),
    ] {
      let answer = await client.request(
        "GET", "/api/topics/Capitals/exports", headers: Self.teacher.merging(headers) { $1 })
      let body = try JSONParser.parse(answer.body)
      #expect(body["language"] == .string(language.rawValue))
      guard case .array(let formats)? = body["formats"] else {
        return #expect(Bool(false), "no formats: \(answer.text)")
      }
      for (format, entry) in zip(ExportFormat.allCases, formats) {
        let notes = try expected("Capitals", format).notes.map { JSONValue.string($0.text(in: language)) }
        #expect(entry["notes"] == .array(notes), "\(format)")
      }
    }
    let spanish = await client.request(
      "GET", "/api/topics/Capitals/exports", headers: Self.teacher.merging(["Accept-Language": "es"]) { $1 })
    #expect(spanish.text.contains("se omite: Aiken admite una sola respuesta correcta por pregunta"), "\(spanish.text)")
  }

  @Test func aTeacherDownloadsWithoutEditingOn() async throws {
    let plain = QuizWebApp(
      topics: .library(stored), configuration: .init(publicURL: "http://192.168.1.20:8080", teacherToken: Self.token))
    plain.reload()
    let download = await WebAppClient(app: plain).request("GET", "/t/Capitals/export/aiken", headers: Self.teacher)
    #expect(download.status == 200 && download.text.contains("ANSWER: A"))
  }
}
