import Foundation
import QRQuiz
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuizClassroom
@testable import QRQuizServer

/// A download's file name from strangers' text (issue 50, item 8): a class named
/// `x"; filename*=UTF-8''grades.html; a="` saved its gradebook as `grades.html`. Every
/// download's `Content-Disposition` comes from one builder; read back here as a browser
/// reads it (RFC 6266: parameters, quoted-strings with their escapes, RFC 8187's
/// `filename*` preferred).
@Suite struct DownloadNameTests {
  /// The parameters of a `Content-Disposition` value, as RFC 6266 reads them; `nil` when
  /// it is not one (a parameter twice, an unterminated quote, a stray character).
  static func parameters(_ value: String) -> (type: String, parameters: [String: String])? {
    var rest = Substring(value)
    func skipSpaces() { rest = rest.drop { $0 == " " || $0 == "\t" } }
    func token() -> String {
      let text = rest.prefix { !"; =\"\t".contains($0) }
      rest = rest.dropFirst(text.count)
      return String(text)
    }
    let type = token().lowercased()
    var found: [String: String] = [:]
    skipSpaces()
    while !rest.isEmpty {
      guard rest.first == ";" else { return nil }
      rest = rest.dropFirst()
      skipSpaces()
      let name = token().lowercased()
      guard !name.isEmpty, rest.first == "=" else { return nil }
      rest = rest.dropFirst()
      var text = ""
      if rest.first == "\"" {
        rest = rest.dropFirst()
        var closed = false
        while let character = rest.first {
          rest = rest.dropFirst()
          if character == "\\", let escaped = rest.first {
            text.append(escaped)
            rest = rest.dropFirst()
          } else if character == "\"" {
            closed = true
            break
          } else {
            text.append(character)
          }
        }
        guard closed else { return nil }
      } else {
        text = token()
      }
      guard found[name] == nil else { return nil }
      found[name] = text
      skipSpaces()
    }
    return (type, found)
  }

  /// The name a browser saves as: `filename*` decoded when there is one, else `filename`.
  static func savedName(_ value: String) -> String? {
    guard let parsed = parameters(value) else { return nil }
    if let extended = parsed.parameters["filename*"] {
      guard extended.hasPrefix("UTF-8''") else { return nil }
      return extended.dropFirst("UTF-8''".count).removingPercentEncoding
    }
    return parsed.parameters["filename"]
  }

  static let hostileNames = [
    #"x"; filename*=UTF-8''grades.html; a=""#, #"a\"b"#, "semi;colon", "per%cent", "new\r\nSet-Cookie: x=1",
    "Ünïcode 7B 🎓", #"back\slash"#, "'quoted'", "..dots", "a\u{202E}lmth.csv",
  ]

  @Test func everyNameIsOneParameterAndSavedWithItsOwnExtension() {
    for name in Self.hostileNames {
      let value = ContentDisposition.attachment(stem: "qrquiz-gradebook-" + name, fileExtension: "csv")
      let parsed = Self.parameters(value)
      #expect(parsed?.type == "attachment", "\(value)")
      #expect(parsed.map { Set($0.parameters.keys) } == ["filename", "filename*"], "\(value)")
      #expect(parsed?.parameters["filename"]?.hasSuffix(".csv") == true, "\(value)")
      let saved = Self.savedName(value) ?? ""
      #expect(saved.hasPrefix("qrquiz-gradebook-") && saved.hasSuffix(".csv"), "\(name): \(saved)")
      #expect(!saved.contains("/") && !saved.unicodeScalars.contains { $0.properties.generalCategory == .control })
      // Nothing a header could be split at, nor any byte outside printable ASCII.
      #expect(!value.unicodeScalars.contains { $0.value < 0x20 || $0.value > 0x7E }, "\(value)")
    }
    #expect(
      ContentDisposition.attachment(stem: "Année", fileExtension: "gift")
        == "attachment; filename=\"Ann_e.gift\"; filename*=UTF-8''Ann%C3%A9e.gift")
  }

  @Test func aClassNamedToForgeTheFileNameDownloadsItsGradebookAsCSV() async throws {
    let server = try HomeworkServer()
    let hostile = Self.hostileNames[0]
    try server.classes.create(try ClassRoster(name: hostile, students: ["Ada Lovelace"]))
    let path = "/api/classes/\(hostile.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)/gradebook.csv"
    let download = await server.get(path, headers: HomeworkServer.teacher)
    try #require(download.status == 200, "\(download.text)")
    let value = try #require(download.headers["content-disposition"])
    // Before: `attachment; filename="qrquiz-gradebook-x"; filename*=UTF-8''grades.html; a=".csv"`.
    #expect(Self.savedName(value) == "qrquiz-gradebook-\(hostile).csv", "\(value)")
    #expect(
      Self.parameters(value)?.parameters["filename"] == "qrquiz-gradebook-x__ filename*=UTF-8''grades.html_ a=_.csv")
    // The other downloads come from the same builder.
    let code = try await server.assign()
    let results = await server.get("/api/assignments/\(code)/results.csv", headers: HomeworkServer.teacher)
    #expect(Self.savedName(results.headers["content-disposition"] ?? "") == "qrquiz-assignment-\(code).csv")
  }
}
