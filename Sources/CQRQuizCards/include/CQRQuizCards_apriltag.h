#ifndef CQRQUIZCARDS_APRILTAG_H
#define CQRQUIZCARDS_APRILTAG_H

// Why this is C: libapriltag is loaded when the first card is read or drawn (a program
// that imports QRQuiz to read QR codes never loads it), and its detector, detections and
// arrays are C structures best walked here. Swift gets plain values: one detector handle,
// detections copied into an array it owns.

#include <stddef.h>
#include <stdint.h>

/// Loads libapriltag once; 1 when every function was found, else 0 with one line saying
/// why in `error` (not installed, or too old).
int CQRQuizCards_load_apriltag(char *error, size_t error_size);

/// A tag36h11 detector: libapriltag's detector with its own copy of the family (a family
/// may serve one detector only). Not thread-safe: one per thread.
typedef struct CQRQuizCards_detector CQRQuizCards_detector;

/// A new detector correcting up to `bits_corrected` (0–2) wrong bits per code, one thread;
/// NULL when libapriltag is not loaded or memory runs out. Free with
/// `CQRQuizCards_detector_free`.
CQRQuizCards_detector *CQRQuizCards_detector_new(int bits_corrected);
void CQRQuizCards_detector_free(CQRQuizCards_detector *detector);

/// The detector's tuning (libapriltag's own fields: see apriltag.h): quads found on the
/// image decimated by `decimate`, blurred by `sigma` (0: none), their edges snapped to
/// the gradients when `refine_edges`, codes read with `sharpening`; edges of fewer than
/// `min_cluster_pixels` pixels are not fitted with quads (libapriltag's default is 5).
void CQRQuizCards_detector_configure(CQRQuizCards_detector *detector, float decimate, float sigma, int refine_edges,
                                     double sharpening, int min_cluster_pixels);

/// One code found.
typedef struct {
  /// The tag36h11 code (0–586).
  int id;
  /// Bits corrected.
  int hamming;
  /// libapriltag's decision margin: how far the bits lay from the threshold.
  float decision_margin;
  /// The corners in pixels, x then y, in the tag's own order: bottom-left, bottom-right,
  /// top-right, top-left of the code as `apriltag_to_image` draws it upright.
  double corners[8];
} CQRQuizCards_detection;

/// Finds codes in `width`×`height` grey pixels (`stride` bytes a row, read only), copying at
/// most `capacity` into `detections`. Returns how many were found (more than `capacity`
/// when they did not fit), or -1 when memory ran out.
int CQRQuizCards_detect(CQRQuizCards_detector *detector, const uint8_t *pixels, int width, int height, int stride,
                        CQRQuizCards_detection *detections, int capacity);

/// The number of codes of tag36h11 (587), or -1 when libapriltag is not loaded.
int CQRQuizCards_code_count(void);

/// The cells of code `id` as libapriltag draws it upright (`apriltag_to_image`), white
/// border included: side × side bytes, 0 black, 255 white, row by row, into `cells`.
/// Returns the side (10 for tag36h11), or -1 when `id` is not a code, the buffer is too
/// small, or libapriltag is not loaded.
int CQRQuizCards_code_cells(int id, uint8_t *cells, size_t capacity);

#endif
