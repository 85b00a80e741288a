import Foundation
import FoundationXML
import QRQuizTestSupport
import Testing

@testable import QRQuiz
@testable import QRQuizCLI

/// A topic's name under its QR code (`qrquiz encode --caption`), in process: a stranger's
/// text cleaned, wrapped and cut to the code's width, drawn by the image's own font with
/// its accents (and boxes, said, for what it lacks), escaped in SVG; the code still reads.
@Suite struct CaptionTests {
  let home: TemporaryDirectory

  init() throws { home = try TemporaryDirectory() }

  /// The People sample renamed `name`, written to `file`.
  func topic(named name: String, file: String) throws -> String {
    var object = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.sampleTopic("People"))) as? [String: Any])
    object["options"] = ["name": name]
    let path = home.path(file)
    try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func aNameIsCleanedOfControlsAndOverrides() {
    #expect(CaptionText.cleaned("\u{202E}evil\u{202C}\u{7}\n  <b>\tname\u{2066} ") == "evil <b> name")
    #expect(CaptionText.cleaned("👩‍🏫 Maths") == "👩‍🏫 Maths")  // joiners stay
    // A name of a million characters costs what a long one does.
    #expect(CaptionText.cleaned(String(repeating: "ab ", count: 1_000_000)).count == CaptionText.maximumLength)
  }

  @Test func aLongNameWrapsInTwoLinesAndEndsInAnEllipsis() {
    let count = { (text: String) in Double(text.count) }
    let lines = CaptionText.lines(
      "The extraordinarily long name of a topic about the kings of England", width: 20, maximumLines: 2,
      measure: count)
    #expect(lines == ["The extraordinarily", "long name of a topi…"])
    #expect(lines.allSatisfy { $0.count <= 20 })
    // A word wider than the line is broken between its characters.
    #expect(
      CaptionText.lines("Supercalifragilistic", width: 8, maximumLines: 2, measure: count) == ["Supercal", "ifragil…"])
    #expect(CaptionText.lines("Short", width: 20, maximumLines: 2, measure: count) == ["Short"])
    // Not even one character fits: no caption rather than one wider than the code.
    #expect(CaptionText.lines("Maths", width: 0.5, maximumLines: 2, measure: count).isEmpty)
  }

  @Test func theImageFontHasSpanishAndFrenchLettersAndShowsWhatItLacks() {
    #expect(BitmapFont.missingCharacters(in: "Geografía: ¿Dónde está Ñandú? Ça, Über, «Noël» — 1º").isEmpty)
    #expect(BitmapFont.missingCharacters(in: "数学 Ωmega 数") == ["数", "学", "Ω"])
    // An accent is drawn above its capital; a character the font lacks is a box, not blank.
    func ink(_ text: String, rows: Range<Int>) -> Int {
      var image = GrayImage(width: 12, height: BitmapFont.lineHeight * 2, filledWith: 255)
      BitmapFont.drawLine(text, into: &image, x: 0, y: 0, scale: 2)
      return rows.flatMap { y in (0..<image.width).map { image[$0, y] } }.filter { $0 == 0 }.count
    }
    #expect(ink("I", rows: 0..<4) == 0)
    #expect(ink("Í", rows: 0..<4) > 0)
    #expect(ink("Í", rows: 4..<18) == ink("I", rows: 4..<18))
    #expect(ink("数", rows: 4..<18) == 20 * 4)  // the box: 20 of its 35 pixels, 2 × 2 each
  }

  @Test func aCaptionedPNGSaysTheNameAndStillReads() async throws {
    let file = try topic(named: "Geografía de España", file: "geo.json")
    let plain = home.path("plain.png")
    let captioned = home.path("captioned.png")
    #expect(await QRQuizCLI.run(["encode", file, "-o", plain]) == .success)
    #expect(await QRQuizCLI.run(["encode", file, "--caption", "-o", captioned]) == .success)
    let without = try ImageDecoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: plain))))
    let with = try ImageDecoder.decode(Array(Data(contentsOf: URL(fileURLWithPath: captioned))))
    #expect(with.width == without.width && with.height > without.height)
    // The band under the code has ink, all of it within the code's width (margin 4, scale 8).
    let inked: [Int] = (without.height..<with.height).flatMap { y in (0..<with.width).filter { with[$0, y] < 128 } }
    #expect(!inked.isEmpty)
    #expect(inked.allSatisfy { $0 >= 32 && $0 < with.width - 32 })
    let symbols = QRCodeReader(timeLimit: .infinity).symbols(in: with)
    #expect(symbols.map(\.text) == [try Fixtures.validTopic(URL(fileURLWithPath: file)).normalizedJSON])
  }

  @Test func anSVGCaptionIsEscapedAndHeldToTheCodesWidth() async throws {
    let name = "<script>alert('x')</script> \"quotes\" & \u{202E}evil\u{202C} " + String(repeating: "W", count: 200)
    let file = try topic(named: name, file: "hostile.json")
    let output = home.path("hostile.svg")
    #expect(await QRQuizCLI.run(["encode", file, "--caption", "--svg", "-o", output]) == .success)
    let svg = try String(contentsOfFile: output, encoding: .utf8)
    let document = try SVGElements(svg)
    #expect(!document.names.contains("script"))
    let texts = document.texts
    #expect(texts.count == 2)
    #expect(texts[0].content.hasPrefix("<script>alert('x')</script"))
    #expect(texts[1].content.hasSuffix("…"))
    #expect(!svg.contains("\u{202E}"))
    // Each line is held (textLength) within the code itself: the sheet less its quiet zone.
    let width = try #require(Double(document.root["width"] ?? ""))
    for text in texts {
      let length = try #require(Double(text.attributes["textLength"] ?? ""))
      let centre = try #require(Double(text.attributes["x"] ?? ""))
      #expect(centre - length / 2 >= 32 && centre + length / 2 <= width - 32, "\(text.content)")
      #expect(text.attributes["lengthAdjust"] == "spacingAndGlyphs")
    }
  }

  @Test func aNameThePNGFontLacksIsDrawnAsBoxesAndTheSVGWritesIt() async throws {
    let file = try topic(named: "数学 Matemáticas", file: "cjk.json")
    let matrices = try TopicQREncoder().encode(try Fixtures.validTopic(URL(fileURLWithPath: file))).matrices
    let sheet = SymbolSheet(matrices: matrices, scale: 8, margin: 4, caption: "数学 Matemáticas")
    #expect(sheet.charactersMissingFromImage == ["数", "学"])
    #expect(sheet.imageCaption == [["数学 MATEMÁTICAS"]])
    #expect(try SVGElements(SVGRenderer.svg(sheet)).texts.map(\.content) == ["数学 Matemáticas"])
    var asSVG = sheet
    asSVG.caption = "Matemáticas"
    #expect(asSVG.charactersMissingFromImage.isEmpty)
  }

  @Test func severalSymbolsSayWhichPartEachIs() throws {
    var generator = TopicGenerator(seed: 7)
    let topic = try ValidTopic(generator.topic(atMost: 9_000, name: "Historia"))
    let matrices = try TopicQREncoder(maximumVersion: 12).encode(topic).matrices
    #expect(matrices.count > 2)
    let sheet = SymbolSheet(matrices: matrices, scale: 4, margin: 4, title: "Historia", caption: "Historia")
    let count = matrices.count
    #expect(sheet.imageCaption == (1...count).map { ["HISTORIA", "\($0) OF \(count)"] })
    #expect(sheet.textCaption == (1...count).map { ["Historia", "\($0) of \(count)"] })
    #expect(sheet.drawnTitle == nil)  // the captions say it
    // The parts, read from the captioned grid, give the topic back.
    var collector = TopicCollector()
    for symbol in QRCodeReader(timeLimit: .infinity).symbols(in: sheet.image()) {
      try collector.add(symbol, from: "grid")
    }
    let found = try collector.finish()
    guard case .topic(let read, _)? = found.first else {
      Issue.record("no topic in \(found)")
      return
    }
    #expect(read.normalizedJSON == topic.normalizedJSON)
  }

  @Test func captionMistakesAreUsageErrors() async throws {
    let file = try topic(named: "Maths", file: "maths.json")
    let other = try topic(named: "History", file: "history.json")
    #expect(await QRQuizCLI.run(["encode", file, other, "--caption=Both", "--out-dir", home.path("out")]) == .usage)
    #expect(await QRQuizCLI.run(["encode", file, "--caption", "--terminal"]) == .usage)
    #expect(await QRQuizCLI.run(["encode", file, "--caption=", "-o", home.path("x.png")]) == .usage)
    #expect(!FileManager.default.fileExists(atPath: home.path("x.png")))
    // --caption=TEXT: that text, for one topic.
    let output = home.path("given.svg")
    #expect(await QRQuizCLI.run(["encode", file, "--caption=Room 12 & Maths", "--svg", "-o", output]) == .success)
    #expect(
      try SVGElements(String(contentsOfFile: output, encoding: .utf8)).texts.map(\.content) == ["Room 12 & Maths"])
    let help = HelpText.help([QRQuizCommand.self, EncodeCommand.self], language: .english)
    #expect(help.contains("--caption[=TEXT]"))
    #expect(help.contains("off by default"))
  }
}

/// An SVG document parsed by Foundation's XML parser: it must be well-formed.
struct SVGElements {
  struct Text {
    var attributes: [String: String]
    var content: String
  }

  var names: [String] = []
  var root: [String: String] = [:]
  var texts: [Text] = []

  init(_ svg: String) throws {
    let collector = Collector()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = collector
    guard parser.parse() else {
      throw CLIError(.invalidInput, "not well-formed: \(parser.parserError.map { "\($0)" } ?? "")")
    }
    names = collector.names
    root = collector.root
    texts = collector.texts
  }

  private final class Collector: NSObject, XMLParserDelegate {
    var names: [String] = []
    var root: [String: String] = [:]
    var texts: [Text] = []
    var inText = false

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      if names.isEmpty { root = attributes }
      names.append(name)
      if name == "text" {
        texts.append(Text(attributes: attributes, content: ""))
        inText = true
      }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
      if name == "text" { inText = false }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      if inText { texts[texts.count - 1].content += string }
    }
  }
}
