import Foundation
import QRQuiz
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

@testable import QRQuizInterchange

/// Exports checked by tools that are not QRQuiz's: QTI packages opened by Python's zipfile
/// and validated by xmllint against 1EdTech's QTI 3.0 schemas (Fixtures/qti-schemas, no
/// network), Moodle XML checked for the rules of Moodle's importer (Fixtures/moodle_rules.py)
/// and parsed by xmllint; on every sample topic, on a topic with pictures embedded,
/// several right answers, numbers and times, and on one whose names and pictures are
/// written to break the XML (`a---b`, `javascript:`): no picture but an http(s) one or a
/// file of the package is ever shown.
@Suite(.tags(.endToEnd), .skippedInFastRuns, .blocksItsThread) struct ExportValidationTests {
  let scratch: TemporaryDirectory

  init() throws { scratch = try TemporaryDirectory() }

  /// The sample topics and the awkward one, its picture on this machine.
  func topics() throws -> [(name: String, topic: ValidTopic)] {
    var awkward = TopicFixtures.awkward.topic
    awkward.sets[0][0].seconds = 20
    awkward.sets[2][0].seconds = 90
    return try Fixtures.sampleTopicNames.map { ($0, try Fixtures.sampleValidTopic($0)) }
      + [("Awkward", try ValidTopic(awkward)), ("Hostile", TopicFixtures.hostile)]
  }

  func export(_ format: ExportFormat) throws -> [String] {
    let png = try Fixtures.bytes("png/rgb8.png")
    return try topics().map { name, topic in
      let exported = TopicExporter.export(topic, to: format) {
        $0.hasSuffix("map.png") ? ExportPicture(bytes: png) : nil
      }
      let path = scratch.path("\(name).\(format.fileExtension)")
      try Data(exported.bytes).write(to: URL(fileURLWithPath: path))
      return path
    }
  }

  @Test func qtiPackagesAreValidAgainstTheQTI3Schemas() throws {
    let packages = try export(.qti)
    let opened = try ProcessRunner.tool(
      "python3", [Fixtures.url("qti_package.py").path, scratch.path("open")] + packages)
    #expect(opened.status == 0, "\(opened.stderr)")
    let lines = String(decoding: opened.stdout, as: UTF8.self).split(separator: "\n")
    func files(_ kind: String) -> [String] {
      lines.filter { $0.hasPrefix(kind + " ") }.map { String($0.dropFirst(kind.count + 1)) }
    }
    let schemas = Fixtures.url("qti-schemas/qtiv3p0")
    // The schemas do refuse what breaks them: a copy of an item without its choices'
    // identifiers, checked in the same run (the item schema takes seconds to load).
    let item = try #require(files("item").first)
    let broken = scratch.path("broken-item.xml")
    try String(contentsOfFile: item, encoding: .utf8).replacingOccurrences(of: " identifier=\"C1\"", with: "")
      .write(toFile: broken, atomically: true, encoding: .utf8)
    // One run per schema: the item schema is large, loaded once for every item.
    let items = try ProcessRunner.tool(
      "xmllint",
      ["--noout", "--nonet", "--schema", schemas.appendingPathComponent("imsqti_asiv3p0_sbacv1p0_v1p0.xsd").path]
        + files("item") + files("test") + [broken])
    #expect(items.stderr.components(separatedBy: " validates").count - 1 == files("item").count + files("test").count)
    #expect(items.stderr.components(separatedBy: "fails to validate").count - 1 == 1, "\(items.stderr)")
    #expect(items.stderr.contains("\(broken) fails to validate") && items.stderr.contains("'identifier' is required"))
    #expect(items.status != 0)
    let manifests = try ProcessRunner.tool(
      "xmllint",
      ["--noout", "--nonet", "--schema", schemas.appendingPathComponent("imsqtiv3p0_imscpv1p2_v1p0.xsd").path]
        + files("manifest"))
    #expect(manifests.status == 0, "\(manifests.stderr)")
    #expect(files("manifest").count == packages.count && files("item").count > 20)
  }

  /// QTI 2.1 packages, QTI 1.2 files and Common Cartridges: opened by Python's zipfile
  /// (every CRC, the manifest's files and the package's the same, every picture shown in
  /// the package or at an https address) and parsed by xmllint. Their schemas (1EdTech's
  /// QTI 2.1 XSD, 500 KB with MathML 2 and APIP beside it; the CC 1.1 and its QTI profile's)
  /// are not in the repository: see docs/EXPORT.md. The QTI 1.2 files are validated
  /// against IMS's QTI 1.2.1 DTD in the next test.
  @Test func qti21QTI12AndCartridgesOpenAndParse() throws {
    let packages = try export(.qti21)
    let opened = try ProcessRunner.tool(
      "python3", [Fixtures.url("qti_package.py").path, scratch.path("open21")] + packages)
    #expect(opened.status == 0, "\(opened.stderr)")
    let files = String(decoding: opened.stdout, as: UTF8.self).split(separator: "\n").map {
      String($0.split(separator: " ", maxSplits: 1)[1])
    }
    #expect(files.count > 20)
    let cartridges = try export(.imscc)
    var extracted: [String] = []
    for cartridge in cartridges {
      let folder = scratch.path("cc-" + URL(fileURLWithPath: cartridge).lastPathComponent)
      let unzip = try ProcessRunner.tool("python3", ["-m", "zipfile", "-e", cartridge, folder])
      #expect(unzip.status == 0, "\(unzip.stderr)")
      extracted += [folder + "/imsmanifest.xml", folder + "/QUIZ/assessment.xml"]
    }
    let parsed = try ProcessRunner.tool("xmllint", ["--noout", "--nonet"] + files + extracted + (try export(.qti12)))
    #expect(parsed.status == 0, "\(parsed.stderr)")
  }

  /// Every QTI 1.2 file and every cartridge's assessment valid against IMS's QTI 1.2.1
  /// DTD (Fixtures/qti-schemas/qtiv1p2p1). The DTD is older than the namespaced binding
  /// Canvas reads, so the root's `xmlns` and `xsi:schemaLocation` are taken off the copy
  /// validated (a DTD cannot declare them); every element and attribute below is checked.
  @Test func qti12AndCartridgeAssessmentsAreValidAgainstTheQTI121DTD() throws {
    var files = try export(.qti12)
    for cartridge in try export(.imscc) {
      let folder = scratch.path("dtd-" + URL(fileURLWithPath: cartridge).lastPathComponent)
      let unzip = try ProcessRunner.tool("python3", ["-m", "zipfile", "-e", cartridge, folder])
      #expect(unzip.status == 0, "\(unzip.stderr)")
      files.append(folder + "/QUIZ/assessment.xml")
    }
    let bare = try files.enumerated().map { index, file in
      let text = try String(contentsOfFile: file, encoding: .utf8)
      let root = try #require(text.firstRange(of: /<questestinterop[^>]*>/), "\(file): no questestinterop")
      let path = scratch.path("bare-\(index).xml")
      try text.replacingCharacters(in: root, with: "<questestinterop>").write(
        toFile: path, atomically: true, encoding: .utf8)
      return path
    }
    // The DTD does refuse what breaks it: a copy whose choices lost their render_choice.
    let broken = scratch.path("broken.xml")
    try String(contentsOfFile: bare[0], encoding: .utf8).replacingOccurrences(
      of: "render_choice", with: "render_choices"
    )
    .write(toFile: broken, atomically: true, encoding: .utf8)
    let dtd = Fixtures.url("qti-schemas/qtiv1p2p1/ims_qtiasiv1p2p1.dtd").path
    let valid = try ProcessRunner.tool("xmllint", ["--noout", "--nonet", "--dtdvalid", dtd] + bare)
    #expect(valid.status == 0, "\(valid.stderr)")
    #expect(bare.count == 2 * (Fixtures.sampleTopicNames.count + 2))
    let refused = try ProcessRunner.tool("xmllint", ["--noout", "--nonet", "--dtdvalid", dtd, broken])
    #expect(refused.status != 0 && refused.stderr.contains("render_choices"), "\(refused.stderr)")
  }

  @Test func moodleXMLFollowsMoodlesRules() throws {
    let files = try export(.moodleXML)
    let rules = try ProcessRunner.tool("python3", [Fixtures.url("moodle_rules.py").path] + files)
    #expect(rules.status == 0, "\(String(decoding: rules.stdout, as: UTF8.self))")
    let parsed = try ProcessRunner.tool("xmllint", ["--noout", "--nonet"] + files)
    #expect(parsed.status == 0, "\(parsed.stderr)")
    // The rules do catch a grade Moodle does not list.
    let broken = try String(contentsOfFile: files[0], encoding: .utf8).replacingOccurrences(
      of: "fraction=\"100\"", with: "fraction=\"99\"")
    try broken.write(toFile: files[0], atomically: true, encoding: .utf8)
    #expect(try ProcessRunner.tool("python3", [Fixtures.url("moodle_rules.py").path, files[0]]).status == 1)
  }
}
