extension Topic {
  /// The topic as its QR codes hold it: without the QRQuiz keys that only QRQuiz's own
  /// front ends use (edit times, question times, explanations, made-up choices). The app ignores them, and
  /// a code has no room to spare.
  public var forQRCode: Topic {
    var topic = withoutEditTimes
    for set in topic.sets.indices {
      for question in topic.sets[set].indices {
        topic.sets[set][question].seconds = nil
        topic.sets[set][question].explanation = nil
        topic.sets[set][question].madeUpAnswers = nil
      }
    }
    return topic
  }
}
