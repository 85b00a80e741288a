internal import CQRQuizCards
import QRQuiz

/// libapriltag's detector for tag36h11, owned: made with its own copy of the family,
/// freed with it. Not thread-safe (libapriltag's detector keeps per-call state), so not
/// `Sendable`: one per thread.
final class TagDetector {
  /// A code libapriltag found.
  struct Detection {
    /// The tag36h11 code.
    var id: Int
    /// Bits it corrected.
    var hamming: Int
    /// How clearly the bits read (libapriltag's decision margin).
    var margin: Float
    /// The corners in pixels, in the tag's own order: bottom-left, bottom-right, top-right,
    /// top-left of the code drawn upright.
    var corners: [CardPoint]
  }

  /// How the detector looks for quads (libapriltag's own parameters).
  struct Tuning: Equatable {
    /// Quads are found on the image decimated by this much.
    var decimate: Float = 1
    /// Gaussian blur before quads are found (0: none).
    var sigma: Float = 0
    /// Quad edges snapped to the image's gradients (useful when decimating).
    var refineEdges = true
    /// Sharpening of the sampled bits.
    var sharpening = 0.25
    /// Edges shorter than this (in pixels) are not fitted with quads: a window that can hold
    /// only a marker of some size skips the clutter's small edges, the bulk of the work.
    var minimumEdge = 5
  }

  /// The most detections one call returns (a photo of a whole room holds far fewer).
  static let capacity = 2048

  private let handle: OpaquePointer
  private var tuning: Tuning?
  private var found = [CQRQuizCards_detection](repeating: CQRQuizCards_detection(), count: capacity)

  /// A detector correcting up to `bitsCorrected` bits per code.
  ///
  /// - Throws: ``CardLibraryError`` when libapriltag cannot be loaded (or memory runs out).
  init(bitsCorrected: Int) throws(CardLibraryError) {
    try CardLibraries.aprilTag()
    guard let handle = CQRQuizCards_detector_new(Int32(bitsCorrected)) else {
      // Loaded, so only memory can have run out.
      throw CardLibraryError(message: "libapriltag could not make a detector: out of memory")
    }
    self.handle = handle
  }

  deinit { CQRQuizCards_detector_free(handle) }

  /// The codes in `image` (or the part of it `region` covers, corners still in the whole
  /// image's pixels), found with `tuning`.
  func detect(in image: GrayImage, region: PixelRegion? = nil, tuning: Tuning) -> [Detection] {
    if self.tuning != tuning {
      CQRQuizCards_detector_configure(
        handle, tuning.decimate, tuning.sigma, tuning.refineEdges ? 1 : 0, tuning.sharpening,
        Int32(tuning.minimumEdge))
      self.tuning = tuning
    }
    let area = region ?? PixelRegion(x: 0, y: 0, width: image.width, height: image.height)
    guard area.width >= 16, area.height >= 16 else { return [] }
    let count = image.pixels.withUnsafeBufferPointer { pixels in
      found.withUnsafeMutableBufferPointer { output in
        CQRQuizCards_detect(
          handle, pixels.baseAddress! + area.y * image.width + area.x, Int32(area.width), Int32(area.height),
          Int32(image.width), output.baseAddress, Int32(output.count))
      }
    }
    return found.prefix(max(0, min(Int(count), Self.capacity))).map { detection in
      let corners = withUnsafeBytes(of: detection.corners) { Array($0.bindMemory(to: Double.self)) }
      return Detection(
        id: Int(detection.id), hamming: Int(detection.hamming), margin: detection.decision_margin,
        corners: (0..<4).map {
          CardPoint(x: corners[$0 * 2] + Double(area.x), y: corners[$0 * 2 + 1] + Double(area.y))
        })
    }
  }
}

@available(*, unavailable, message: "owns a libapriltag detector, which is not thread-safe")
extension TagDetector: Sendable {}
