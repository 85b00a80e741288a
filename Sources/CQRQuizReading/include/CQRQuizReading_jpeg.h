#ifndef CQRQUIZREADING_JPEG_H
#define CQRQUIZREADING_JPEG_H

// Why this is C: libjpeg reports errors by calling error_exit, which must not return;
// the only safe way out is a longjmp, which Swift code must never be jumped over.
// These two calls keep every libjpeg call behind a setjmp.

#include <stddef.h>
#include <stdint.h>

/// Reads a JPEG's header and the size it decodes to at 1/`scale_denominator` (1, 2, 4
/// or 8; libjpeg scales in the DCT, so a reduced decode costs less time and memory).
/// Returns 0 on success; -1 with libjpeg's message otherwise.
int CQRQuizReading_jpeg_dimensions(const uint8_t *data, size_t size, int scale_denominator,
                           uint32_t *width, uint32_t *height, uint32_t *full_width,
                           uint32_t *full_height, char *message, size_t message_capacity);

/// Decodes a JPEG at 1/`scale_denominator` into `output` as 8-bit grey (`channels` 1) or
/// RGBA (`channels` 4); `output` holds `capacity` bytes (the size `CQRQuizReading_jpeg_dimensions`
/// gave, times the channels). A file that ends early is
/// an error, not a grey-filled image. Decoding stops after `max_scans` scans (0: no
/// limit) or after `time_limit_ms` milliseconds (0: none).
/// Returns 0 on success; -1 with libjpeg's message; -2 for too many scans; -3 for time.
int CQRQuizReading_jpeg_decode(const uint8_t *data, size_t size, int scale_denominator, int channels,
                       uint8_t *output, size_t capacity, int max_scans, int64_t time_limit_ms,
                       char *message, size_t message_capacity);

/// Encodes 8-bit RGB pixels (row by row, no padding) as a baseline JPEG of `quality`
/// (1–100) into a malloc'd buffer (free with `CQRQuizReading_jpeg_free`): the JFIF header and the
/// image, no EXIF or other marker (a photo's GPS position and camera stay behind).
/// Returns 0 on success; -1 with libjpeg's message.
int CQRQuizReading_jpeg_encode_rgb(const uint8_t *pixels, uint32_t width, uint32_t height, int quality,
                           uint8_t **out_data, size_t *out_size, char *message, size_t message_capacity);

/// Frees a buffer returned by `CQRQuizReading_jpeg_encode_rgb`.
void CQRQuizReading_jpeg_free(uint8_t *data);

#endif
