import Foundation
import QRQuiz
import QRQuizTestSupport
import Testing

@Suite struct TopicDocumentTests {
  @Test(arguments: [
    ("empty", [UInt8](), "empty input"),
    ("whitespace only", Array(" \n\t".utf8), "empty input"),
    ("not JSON", Array("{\"sets\": [".utf8), "not valid JSON"),
    ("trailing garbage", Array("{\"sets\":[]} x".utf8), "unexpected text after"),
    ("not UTF-8", [0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x7D], "not UTF-8 text (invalid byte at offset 2)"),
    ("lone surrogate", Array(#"{"sets":[],"x":"\ud800"}"#.utf8), "unpaired UTF-16 surrogate"),
    ("leading zero", Array(#"{"sets":[[{"question":"q","answers":["a","b"],"correct":01}]]}"#.utf8), "leading zeros"),
    ("number beyond Double", Array(#"{"sets":[],"x":1e400}"#.utf8), "out of range"),
    ("raw control character", Array("{\"sets\":[],\"x\":\"a\u{01}\"}".utf8), "control character"),
  ])
  func unreadableInputIsAClearError(_ label: String, _ bytes: [UInt8], _ message: String) {
    #expect {
      _ = try TopicDocument(bytes: bytes, sourceName: "x.json")
    } throws: { error in
      String(describing: error).contains(message)
    }
  }

  @Test func deepNestingIsRefusedWithoutOverflowingTheStack() {
    let deep = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
    #expect {
      _ = try TopicDocument(bytes: deep)
    } throws: { error in
      String(describing: error).contains("nested deeper than 64 levels")
    }
  }

  @Test func oversizedInputIsRefusedBeforeParsing() {
    let huge = [UInt8](repeating: UInt8(ascii: " "), count: TopicDocument.maximumSize + 1)
    #expect(throws: TopicDocument.Error.tooLarge(size: huge.count, limit: TopicDocument.maximumSize)) {
      _ = try TopicDocument(bytes: huge)
    }
  }

  @Test func syntaxErrorsNameLineAndColumn() {
    let error = #expect(throws: TopicDocument.Error.self) {
      _ = try TopicDocument(bytes: Array("{\n  \"sets\": [,]\n}".utf8))
    }
    #expect(error?.description == "not valid JSON: line 2, column 12: unexpected character ','")
  }

  @Test func byteOrderMarkIsSkipped() throws {
    let document = try TopicDocument(bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"sets":[]}"#.utf8))
    #expect(document.isValid)
  }

  @Test(arguments: [
    ("Social.json", #"{"options":{"name":"Named"},"sets":[]}"#, "Named"),
    ("dir/People.json", #"{"sets":[]}"#, "People"),
    ("My.Topic.json", #"{"options":{},"sets":[]}"#, "My.Topic"),
    (".hidden", #"{"sets":[]}"#, ".hidden"),
  ])
  func displayNameFallsBackToTheFileName(_ source: String, _ json: String, _ name: String) throws {
    #expect(try TopicDocument(bytes: Array(json.utf8), sourceName: source).displayName == name)
  }

  @Test(arguments: [
    (#"{"sets":[]}"#, [TopicWarning.Kind.missingName]),
    (#"{"options":{"name":"n","timePerSetInSeconds":0},"sets":[]}"#, [.noTimer]),
    (#"{"options":{"name":"n"},"sets":[[{"question":" ","answers":["a","b"],"correct":0}]]}"#, [.blankQuestion]),
    (#"{"options":{"name":"n"},"sets":[[{"question":"q","answers":["Yes","yes "],"correct":0}]]}"#, [.similarAnswers]),
    (
      #"{"options":{"name":"n"},"sets":[[{"question":"q","answers":["a","b"],"correct":0,"imageURL":""}]]}"#,
      [.imageURL]
    ),
    (
      #"{"options":{"name":"n"},"sets":[[{"question":"q","answers":["a","b"],"correct":0,"imageURL":"http://x.org/a.png"}]]}"#,
      [.imageURL]
    ),
    (
      #"{"options":{"name":"n"},"sets":[[{"question":"q","answers":["a","b"],"correct":0,"imageURL":"not a url"}]]}"#,
      [.imageURL]
    ),
    (
      #"{"options":{"name":"n"},"sets":[[{"question":"q","answers":["a","b"],"correct":0,"imageURL":"https://x.org/a.png"}]]}"#,
      []
    ),
  ])
  func lintWarningsNeverChangeTheVerdict(_ json: String, _ kinds: [TopicWarning.Kind]) throws {
    let document = try TopicDocument(bytes: Array(json.utf8))
    #expect(document.isValid)
    #expect(document.warnings.map(\.kind) == kinds)
  }
}

@Suite struct SampleTopicTests {
  @Test(arguments: Fixtures.sampleTopicNames)
  func appSamplesAreValid(_ name: String) throws {
    let document = try Fixtures.document(Fixtures.sampleTopic(name))
    #expect(document.isValid, "\(document.problems)")
  }

  @Test(arguments: Fixtures.sampleTopicNames)
  func normalisingIsIdempotentAndKeepsTheMeaning(_ name: String) throws {
    let original = try Fixtures.validTopic(Fixtures.sampleTopic(name)).topic
    let once = original.normalizedJSON
    let reread = try #require(try TopicDocument(bytes: Array(once.utf8)).topic)
    #expect(reread.normalizedJSON == once)
    #expect(reread.options == original.options)
    for (before, after) in zip(original.questions, reread.questions) {
      #expect(after.question == before.question)
      #expect(after.answers == before.answers)
      #expect(after.mergedCorrectAnswers == before.mergedCorrectAnswers)
      #expect(after.correct == nil)
      #expect(after.imageURL == before.imageURL)
    }
    #expect(!once.contains("\\/"))
  }

  @Test func normalizedFormIsCanonical() throws {
    let json =
      #"{"sets":[[{"imageURL":"https:\/\/a.org\/b.png","correctAnswers":[2,0],"correct":1,"answers":["x","y","z","w"],"question":"Q?"}]],"options":{"timePerSetInSeconds":30.0,"name":"N"}}"#
    let topic = try #require(try TopicDocument(bytes: Array(json.utf8)).topic)
    #expect(
      topic.normalizedJSON
        == #"{"options":{"name":"N","timePerSetInSeconds":30},"sets":[[{"question":"Q?","answers":["x","y","z","w"],"correctAnswers":[0,1,2],"imageURL":"https://a.org/b.png"}]]}"#
    )
  }

  @Test func normalizedStringsEscapeOnlyWhatJSONRequires() throws {
    let topic = Topic(sets: [[.init(question: "a\"b\\c\n\u{1}é/", answers: ["1", "2"], correct: 0)]])
    #expect(topic.normalizedJSON.contains(#""question":"a\"b\\c\n\u0001é/""#))
    // Runs between escapes are written whole; what a terminal would obey is escaped anywhere.
    let hostile = Topic(sets: [
      [.init(question: "\u{1B}[2J\u{202E}x\u{9B}\"", answers: ["\u{2028}", "é\t"], correct: 0)]
    ])
    #expect(hostile.normalizedJSON.contains(#""question":"\u001b[2J\u202ex\u009b\"","answers":["\u2028","é\t"]"#))
  }

  /// What a save keeps in memory instead of reading its file back must be what the read gives.
  @Test(arguments: Fixtures.sampleTopicNames)
  func theNormalizedTopicIsWhatItsJSONReadsAs(_ name: String) throws {
    let topic = try Fixtures.validTopic(Fixtures.sampleTopic(name)).topic
    #expect(try TopicDocument(bytes: Array(topic.normalizedJSON.utf8)).topic == topic.normalized)
  }

  @Test func theNormalizedTopicMergesAnswersAndDropsEmptyOptionsOnly() throws {
    let json = #"""
      {"options":{},"sets":[[{"question":"Q\u0000\ud83d\ude00?","answers":["x","y","z"],"correct":2,"correctAnswers":[1,0,1],
      "numericAnswer":{"value":-0.0,"tolerance":1e-7},"seconds":12.5,"explanation":"\u202e","created":"2026-01-02T03:04:05Z"},
      {"question":"R","answers":["a","b"],"correctAnswers":[1],"numericAnswer":{"value":1e300}}]]}
      """#
    let topic = try #require(try TopicDocument(bytes: Array(json.utf8)).topic)
    let normalized = topic.normalized
    #expect(normalized.options == nil && normalized.sets[0][0].correctAnswers == [0, 1, 2])
    #expect(normalized.sets[0][0].correct == nil && normalized.sets[0][1] == topic.sets[0][1])
    #expect(try TopicDocument(bytes: Array(topic.normalizedJSON.utf8)).topic == normalized)
    #expect(normalized.normalizedJSON == topic.normalizedJSON)
  }
}
