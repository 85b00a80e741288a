extension QRCodeReader {
  /// Large photos are first scanned at about this many pixels (a 12 MP JPEG at half size
  /// in the DCT), which is several times faster and finds nearly every code; only when that
  /// finds nothing is the full resolution decoded and scanned.
  public static let fastScanPixels = 4_000_000

  /// Decodes an image file's bytes (PNG or JPEG) and scans it, all within ``timeLimit``.
  /// A colour photo in which nothing is found is located again in each colour channel,
  /// the most contrasting first (see `RGBAImage.channelsByContrast()`).
  ///
  /// - Throws: ``Error``: not a readable image, refused, or out of time.
  public func scan(imageData bytes: [UInt8], limits: ImageLimits = .default) throws(Error) -> Scan {
    let deadline = Deadline(seconds: timeLimit)
    let first = try decode(bytes, limits: limits, targetPixels: Self.fastScanPixels, deadline: deadline)
    // The last tries wait until the colour channels, if any, have been located.
    var scanned = try scan(first.image, deadline: deadline, fullSizeFollows: first.isReduced, lastTries: false)
    var scannedImage = first.image
    // Only a reduced decode is worth repeating at full size.
    if scanned.symbols.isEmpty, first.isReduced {
      let full = try decode(bytes, limits: limits, targetPixels: nil, deadline: deadline).image
      // Many small finders seen reduced (a sheet photographed whole): their module here.
      let moduleSize = scanned.smallFindersModule.map { $0 * Double(full.width) / Double(max(1, first.image.width)) }
      scannedImage = full
      scanned = try scan(full, deadline: deadline, moduleSize: moduleSize, lastTries: false)
    } else if first.isReduced, scanned.mayHoldMore, let gathering = scanned.gathering, !deadline.hasPassed {
      // What was read stands if the full size cannot be had in time.
      if case .success(let full) = Result(catching: { () throws(Error) in
        try decode(bytes, limits: limits, targetPixels: nil, deadline: deadline).image
      }) {
        scanned = readOnAtFullSize(full, reduced: first.image, gathering: gathering, deadline: deadline) ?? scanned
      }
    }
    guard scanned.symbols.isEmpty, !deadline.hasPassed else { return scanned }
    guard passes.contains(where: Self.locatingPasses.contains),
      let colour = try? ImageDecoder.decodeRGBA(bytes, limits: limits, targetPixels: Self.fastScanPixels)
    else { return scanLastTries(scannedImage, deadline: deadline) }
    // QRQuiz's own passes only: zbar's have had the image, and are the costly ones.
    // Measured on the captures (seeds 15 and 101): the blur-over-colour and ink-on-paper
    // photos read in the green, red and blue channel, one each, and in no other. Each
    // channel is located before the brightness's last tries, which cost most (1.2-1.5 s of
    // processor on the two hard captures read in a channel, Fixtures/hard-captures) and
    // read neither; then the last tries, the brightness's first.
    let reader = QRCodeReader(passes: passes.filter(Self.locatingPasses.contains), timeLimit: timeLimit)
    let channels = colour.channelsByContrast()
    for channel in channels {
      guard !deadline.hasPassed else { break }
      let found = try reader.scan(channel, deadline: deadline, lastTries: false)
      if !found.symbols.isEmpty { return found }
    }
    let last = scanLastTries(scannedImage, deadline: deadline)
    guard last.symbols.isEmpty else { return last }
    for channel in channels {
      guard !deadline.hasPassed else { break }
      let found = reader.scanLastTries(channel, deadline: deadline)
      if !found.symbols.isEmpty { return found }
    }
    return scanned
  }

  /// A photo read reduced that may hold more symbols (many codes, each too small at that
  /// size): read on at `full` size past those read.
  private func readOnAtFullSize(
    _ full: GrayImage, reduced: GrayImage, gathering: SymbolGathering, deadline: Deadline
  ) -> Scan? {
    var gathering = gathering.scaled(by: Double(full.width) / Double(max(1, reduced.width)))
    let more = readOn(full, wide: nil, gathering: &gathering, zbar: false, deadline: deadline)
    return Scan(symbols: Self.ordered(gathering.symbols), pass: .located, gathering: gathering, mayHoldMore: more)
  }

  /// The passes that locate symbols themselves rather than give the image to zbar.
  static let locatingPasses: Set<Pass> = [.located, .rectified]

  /// Reads an image file (PNG or JPEG) and scans it.
  ///
  /// - Throws: ``Error``: the file cannot be read, is not an image, is refused, or takes
  ///   too long.
  public func scan(contentsOfFile path: String, limits: ImageLimits = .default) throws(Error) -> Scan {
    let bytes: [UInt8]
    do {
      bytes = try ImageDecoder.read(path, limits: limits)
    } catch {
      throw .image(error)
    }
    return try scan(imageData: bytes, limits: limits)
  }

  private func decode(
    _ bytes: [UInt8], limits: ImageLimits, targetPixels: Int?, deadline: Deadline
  ) throws(Error) -> (image: GrayImage, isReduced: Bool) {
    guard !deadline.hasPassed else { throw .timeLimitExceeded(seconds: timeLimit) }
    do {
      return try ImageDecoder.decodeNotingReduction(
        bytes, limits: limits, targetPixels: targetPixels, timeLimit: deadline.remaining)
    } catch .timeLimitExceeded {
      throw .timeLimitExceeded(seconds: timeLimit)
    } catch {
      throw .image(error)
    }
  }
}
