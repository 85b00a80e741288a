/// `qrquiz help`: the commands and the exit codes.
enum HelpCommand {
  static let text = """
    qrquiz: share quiz topics of the Questions app as QR codes

    usage:
      \(EncodeCommand.usage)
      \(DecodeCommand.usage)
      \(ValidateCommand.usage)
      \(NormalizeCommand.usage)
      \(PrefetchCommand.usage)
      \(ImageCommand.usage)
      \(CacheCommand.usage)
      \(ProfileCommand.usage)
      \(TopicsCommand.usage)
      \(CommunityCommand.usage)
      qrquiz help

    exit codes:
      0   success
      1   invalid input: an invalid topic, a corrupt image, text that is not a topic
      2   usage error
      3   not found: a missing file, no QR code in an image, an image not cached (offline), a 404
      4   network failure (after retries)
      5   an output could not be written
      70  internal error

    files:
      image cache   --cache-dir, else $QRQUIZ_CACHE_DIR, else $XDG_CACHE_HOME/qrquiz, else ~/.cache/qrquiz
      profiles      $XDG_DATA_HOME/qrquiz, else ~/.local/share/qrquiz
      topics        $XDG_DATA_HOME/qrquiz/topics, else ~/.local/share/qrquiz/topics

    """

  static func run(_ arguments: [String]) -> ExitCode {
    Console.out(text)
    return .success
  }
}
