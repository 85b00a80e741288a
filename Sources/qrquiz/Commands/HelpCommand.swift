/// `qrquiz help`: the commands and the exit codes.
enum HelpCommand {
  static let text = """
    qrquiz: share quiz topics of the Questions app as QR codes

    usage:
      \(EncodeCommand.usage)
      \(DecodeCommand.usage)
      \(ValidateCommand.usage)
      \(NormalizeCommand.usage)
      qrquiz help

    exit codes:
      0   success
      1   invalid input: an invalid topic, a corrupt image, text that is not a topic
      2   usage error
      3   not found: a missing file, no QR code in an image
      4   network failure
      5   an output could not be written
      70  internal error

    """

  static func run(_ arguments: [String]) -> ExitCode {
    Console.out(text)
    return .success
  }
}
