import Foundation
import QRQuiz
import QRQuizTestSupport
import Testing

@testable import QRQuizCLI
@testable import QRQuizFiles

/// One meaning for a topic argument, in process: a file, a saved topic's name (loosely,
/// with "did you mean"), a QR code image, a URL, told apart by one resolver; every command
/// that takes a topic declares it the one way and resolves it the one way.
@Suite struct TopicArgumentTests {
  let home: TemporaryDirectory
  let library: TopicLibrary

  init() throws {
    home = try TemporaryDirectory()
    library = TopicLibrary(directory: home.url.appendingPathComponent("topics"))
    _ = try library.save(try Fixtures.sampleValidTopic("People").named("Geography"), name: "Geography")
  }

  @Test func aFileASavedNameAndAQRImageAreTheSameTopic() async throws {
    let file = Fixtures.sampleTopic("People").path
    let fromFile = try TopicArgument(file, library: library)
    #expect(fromFile.place == .file(file))
    let topic = try await fromFile.topic(reader: TopicReader())

    // A saved name as people type it: case and accents aside.
    for typed in ["Geography", "geography", "GEOGRAPHY"] {
      let saved = try TopicArgument(typed, library: library)
      #expect(saved.place == .saved(name: "Geography", file: library.directory.path + "/Geography.json"), "\(typed)")
      #expect(try await saved.topic(reader: TopicReader()).normalizedJSON == topic.normalizedJSON)
      #expect(saved.label == typed)
    }

    // The sample's QR code, read from its image.
    let image = Fixtures.sampleImage("People").path
    let fromImage = try await TopicArgument(image, library: library).topic(reader: TopicReader())
    #expect(fromImage.normalizedJSON == topic.normalizedJSON)
  }

  @Test func aNameNoSavedTopicHasSaysSoWithTheNearestOne() throws {
    #expect {
      try TopicArgument("Geograhpy", library: library)
    } throws: { error in
      guard let error = error as? CLIError else { return false }
      return error.code == .notFound
        && error.message
          == "Geograhpy: no such file, and no saved topic by that name; did you mean Geography? (see qrquiz topics list)"
    }
  }

  @Test func aPathToNoFileOrToAFolderIsAFileError() throws {
    let missing = home.path("missing.json")
    #expect(throws: TopicError.file(FileSystemError(path: missing, operation: .read, code: ENOENT))) {
      try TopicArgument(missing, library: library)
    }
    #expect(throws: TopicError.file(FileSystemError(path: home.url.path, operation: .read, code: EISDIR))) {
      try TopicArgument(home.url.path, library: library)
    }
  }

  @Test func standardInputAndURLsAreToldApartByTheirSpelling() throws {
    #expect(try TopicArgument("-", library: library).place == .standardInput)
    #expect(try TopicArgument("-", library: library).label == "stdin")
    let url = "https://example.org/topics/quiz.json"
    #expect(try TopicArgument(url, library: library).place == .url(URL(string: url)!))
  }

  @Test func anInvalidTopicIsADocumentWithItsProblems() async throws {
    let broken = home.path("broken.json")
    try Data(#"{"sets":[[]]}"#.utf8).write(to: URL(fileURLWithPath: broken))
    let document = try await TopicArgument(broken, library: library).document(reader: TopicReader())
    #expect(!document.isValid)
    await #expect(throws: TopicError.self) {
      try await TopicArgument(broken, library: library).topic(reader: TopicReader())
    }
  }

  @Test func everyCommandTakingATopicDeclaresItTheOneWay() {
    let tree = CommandTree(root: QRQuizCommand.self)
    var takers: Set<String> = []
    for node in tree.nodes {
      for argument in node.arguments where argument.valueName == "TOPIC" {
        takers.insert(node.name)
        let help = argument.arity == .many ? Positional.topic.many : Positional.topic.one
        #expect(argument.help == help, "\(node.name)")
        #expect(argument.completion == .file, "\(node.name)")
      }
    }
    let expected = [
      "validate", "normalize", "encode", "play", "cards", "prefetch", "live", "topics add",
    ].map { "qrquiz " + $0 }
    #expect(takers.isSuperset(of: expected), "\(takers)")
    // serve takes a folder as well, and says the same of topics.
    let serve = tree.nodes.first { $0.name == "qrquiz serve" }?.arguments.first
    #expect(serve?.help.hasSuffix(Positional.topic.many) == true)
  }

  /// `normalize geography` failed where `play geography` worked: every command now takes
  /// a saved topic's name, run here in process with a data folder of the test's own.
  @Test func commandsRunInProcessTakeASavedTopicsName() async throws {
    let data = home.url
    let normalized = home.path("geography.min.json")
    let code = await Directories.$dataOverride.withValue(data) {
      #expect(await QRQuizCLI.run(["validate", "geography"]) == .success)
      #expect(await QRQuizCLI.run(["encode", "geography", "-o", home.path("geography.png")]) == .success)
      #expect(
        await QRQuizCLI.run(["prefetch", "geography", "--offline", "--cache-dir", home.path("cache")]) == .success)
      return await QRQuizCLI.run(["normalize", "geography", "-o", normalized])
    }
    #expect(code == .success)
    let expected = try library.find("Geography").topic.normalizedJSON + "\n"
    #expect(try String(contentsOfFile: normalized, encoding: .utf8) == expected)
    // The code written is the topic again, read back as an image.
    let fromImage = try await TopicArgument(home.path("geography.png"), library: library).topic(reader: TopicReader())
    #expect(fromImage.normalizedJSON + "\n" == expected)
    // A name nobody saved fails the same way in every command.
    for command in ["validate", "normalize", "encode", "prefetch"] {
      let missing = await Directories.$dataOverride.withValue(data) {
        await QRQuizCLI.run([command, "Geograhpy"] + (command == "encode" ? ["-o", home.path("x.png")] : []))
      }
      #expect(missing == .notFound, "\(command)")
    }
  }
}
