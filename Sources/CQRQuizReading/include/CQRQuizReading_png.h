#ifndef CQRQUIZREADING_PNG_H
#define CQRQUIZREADING_PNG_H

// Why this is C: libpng's classic API reports errors with longjmp, and Swift code
// must never be jumped over. The simplified `png_image` API (used from Swift for
// reading) cannot write 1-bit images, which keep QR PNGs small, so writing lives here,
// with setjmp around every libpng call.

#include <stddef.h>
#include <stdint.h>

/// Encodes a greyscale image as PNG into a malloc'd buffer.
///
/// `rows` holds `height` rows of `row_bytes` each, already packed for `bit_depth`
/// (1: eight pixels per byte, most significant bit first, 1 = white; 8: one byte per pixel).
/// On success returns 0 and sets `*out_data` (free with `CQRQuizReading_png_free`) and `*out_size`.
/// On failure returns -1 and writes libpng's message into `message`.
int CQRQuizReading_png_write_gray(const uint8_t *rows, uint32_t width, uint32_t height,
                          size_t row_bytes, int bit_depth, int compression_level,
                          uint8_t **out_data, size_t *out_size,
                          char *message, size_t message_capacity);

/// Encodes 8-bit RGB (`channels` 3) or RGBA (4) pixels, row by row with no padding, as PNG
/// into a malloc'd buffer (no chunk but the image's: no text, no time, no metadata). Returns
/// 0 or -1 as `CQRQuizReading_png_write_gray`.
int CQRQuizReading_png_write_color(const uint8_t *pixels, uint32_t width, uint32_t height, int channels,
                           int compression_level, uint8_t **out_data, size_t *out_size, char *message,
                           size_t message_capacity);

/// Frees a buffer returned by `CQRQuizReading_png_write_gray` or `CQRQuizReading_png_write_color`.
void CQRQuizReading_png_free(uint8_t *data);

#endif
