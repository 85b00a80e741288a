/// This build of QRQuiz.
public enum QRQuizVersion {
  /// The version, as `qrquiz --version` prints it.
  public static let string = "0.6.0"
}
