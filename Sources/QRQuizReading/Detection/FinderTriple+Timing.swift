extension FinderTriple {
  /// Whether the image shows a symbol's timing patterns between the finders: along the
  /// row from the top-left finder to the top-right one, and along the column to the
  /// bottom-left one, three modules in from their centres, light and dark alternate about
  /// once a module, with no run much longer than a module. A cheap look (a few hundred
  /// pixels) before a triple is read: three finders of different codes on a sheet, or
  /// look-alikes in a busy picture, have the codes' quiet zones or the picture between
  /// them, whose long runs the timing pattern never has.
  ///
  /// A triple that fails it may still be a symbol (blur merges the modules, a steep angle
  /// bends the line off the row): it is read after those that pass, not dropped.
  func showsTimingPatterns(in image: BinaryImage) -> Bool {
    guard let (dimension, _) = estimatedDimension(in: image) else { return false }
    let span = Double(dimension - 7)
    let right = (topRight - topLeft) / span
    let down = (bottomLeft - topLeft) / span
    // Between the separators: columns (and rows) 8 to dimension − 9, which a line a little
    // off the timing row still finds, where near the finders it would run along a
    // separator.
    let modules = dimension - 16
    return Self.alternates(
      image, from: topLeft + right * 4.5 + down * 3, to: topRight - right * 4.5 + down * 3, modules: modules)
      && Self.alternates(
        image, from: topLeft + down * 4.5 + right * 3, to: bottomLeft - down * 4.5 + right * 3, modules: modules)
  }

  /// Whether the pixels from `start` to `end` alternate as `modules` modules of a timing
  /// pattern do: about that many runs of light and dark, of which two in three modules'
  /// worth are half a module to under two long, and none over three. Random data has
  /// about half as many runs as modules, only half of them a module long; noise adds runs
  /// of a pixel or two, which do not count.
  private static func alternates(_ image: BinaryImage, from start: Point, to end: Point, modules: Int) -> Bool {
    let distance = length(end - start)
    guard distance.isFinite, distance >= Double(modules), distance < 20_000 else { return false }
    let steps = Int(distance)
    let step = (end - start) / Double(steps)
    let module = distance / Double(modules)
    var runs = 0
    var regular = 0
    var run = 1.0
    var wasDark = image.isDark(at: start)
    for index in 1...steps + 1 {
      let dark = index <= steps && image.isDark(at: start + step * Double(index))
      if index <= steps, dark == wasDark {
        run += 1
        if run > 3 * module + 1 { return false }
        continue
      }
      runs += 1
      if run >= module / 2, run < 2 * module { regular += 1 }
      run = 1
      wasDark = dark
    }
    return Double(runs) >= 0.75 * Double(modules) && Double(runs) <= 1.3 * Double(modules) + 2
      && Double(regular) >= 0.65 * Double(modules)
  }
}
