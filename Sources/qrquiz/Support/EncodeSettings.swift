import QRQuiz

/// `qrquiz encode`'s options, parsed and checked once for all topics.
struct EncodeSettings: Sendable {
  enum Output: Sendable { case png, svg, terminal }
  enum Layout: String, Sendable { case grid, files }

  var encoder: TopicQREncoder
  var scale: Int
  var margin: Int
  var output: Output
  var layout: Layout

  var fileExtension: String { output == .svg ? "svg" : "png" }

  init(_ parsed: Arguments) throws(CLIError) {
    var level = QRErrorCorrection.low
    if let letter = parsed.value("--ec") {
      guard let chosen = QRErrorCorrection(letter: letter) else {
        throw .usage("--ec must be L, M, Q or H, not '\(letter)'")
      }
      level = chosen
    }
    var format = TopicQREncoder.Format.auto
    if let name = parsed.value("--format") {
      guard let chosen = TopicQREncoder.Format(rawValue: name) else {
        throw .usage("--format must be auto, json or compact, not '\(name)'")
      }
      format = chosen
    }
    layout = .grid
    if let name = parsed.value("--layout") {
      guard let chosen = Layout(rawValue: name) else { throw .usage("--layout must be grid or files, not '\(name)'") }
      layout = chosen
    }
    guard !(parsed.has("--svg") && parsed.has("--terminal")) else {
      throw .usage("choose --svg or --terminal, not both")
    }
    output = parsed.has("--terminal") ? .terminal : parsed.has("--svg") ? .svg : .png
    let maximumVersion = try parsed.integer(
      "--max-version", in: 1...40, default: TopicQREncoder.defaultMaximumVersion)
    encoder = TopicQREncoder(level: level, maximumVersion: maximumVersion, format: format)
    scale = try parsed.integer("--scale", in: 1...100, default: 8)
    margin = try parsed.integer("--margin", in: 0...100, default: 4)
  }
}
