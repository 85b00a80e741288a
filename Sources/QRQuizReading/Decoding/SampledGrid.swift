/// A symbol's modules as sampled from a photo: each module dark or light, and, when it was
/// decided from grey levels, how sure that decision is. The decoder treats the least sure
/// codewords as erasures when a block has more errors than it can correct blind.
package struct SampledGrid {
  package var matrix: QRMatrix
  /// Per module, row by row: 0 (a coin toss) to 255 (certain); nil when the modules were
  /// read from a thresholded image, which keeps no such measure.
  package var confidence: [UInt8]?

  package init(matrix: QRMatrix, confidence: [UInt8]? = nil) {
    self.matrix = matrix
    self.confidence = confidence
  }

  /// The grid mirrored across its main diagonal (see ``QRMatrix/transposed``).
  var transposed: SampledGrid {
    let size = matrix.size
    return SampledGrid(
      matrix: matrix.transposed,
      confidence: confidence.map { confidence in
        var mirrored = confidence
        for y in 0..<size { for x in 0..<size { mirrored[x * size + y] = confidence[y * size + x] } }
        return mirrored
      })
  }
}

extension SampledGrid {
  /// The modules decided from their grey `levels` (row by row, `size` a side; see
  /// ``ModuleGridMap/levels(in:)``), in the symbol's own grid rather than in pixels:
  ///
  /// 1. each module against the mean of the 7×7 modules around it, a first guess;
  /// 2. levels rescaled between the dark and the light modules' means around each module,
  ///    so that uneven light and low contrast leave dark near 0 and light near 1;
  /// 3. blur undone: blur mixes into each module's level a share of its neighbours'
  ///    colours. How much (across, down and diagonally) is fitted by least squares over
  ///    each part of the symbol from the first guesses, and each module is decided again
  ///    with its neighbours' shares taken out (decision feedback, twice). Where the fit
  ///    finds no blur this changes nothing; where it finds heavy blur it reads isolated
  ///    modules that a threshold alone loses.
  ///
  /// Confidence is how far a module's corrected level is from the midpoint.
  init(levels: [Float], size: Int, version: Int) {
    var light = ModuleNeighbourhood.firstGuess(levels, size: size)
    let normalised = ModuleNeighbourhood.normalised(levels, light: light, size: size)
    var corrected = normalised
    for _ in 0..<2 {
      corrected = BlurModel(fitting: normalised, light: light, size: size).corrected(normalised)
      for index in light.indices { light[index] = corrected[index] > 0.5 }
    }
    let confidence = corrected.map { UInt8(clamping: Int((min(1, abs($0 - 0.5) * 2) * 255).rounded())) }
    self.init(matrix: QRMatrix(size: size, version: version, modules: light.map { !$0 }), confidence: confidence)
  }
}
