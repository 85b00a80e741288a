#include "CQRQuizReading_png.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  uint8_t *data;
  size_t size;
  size_t capacity;
  char *message;
  size_t message_capacity;
} write_state;

static void copy_message(write_state *state, const char *text) {
  if (state->message_capacity == 0) return;
  strncpy(state->message, text, state->message_capacity - 1);
  state->message[state->message_capacity - 1] = '\0';
}

static void on_error(png_structp png, png_const_charp text) {
  copy_message((write_state *)png_get_error_ptr(png), text);
  png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
  (void)png;
  (void)text;  // Warnings do not stop a write; nothing to report.
}

static void on_write(png_structp png, png_bytep bytes, size_t length) {
  write_state *state = (write_state *)png_get_io_ptr(png);
  if (state->size + length > state->capacity) {
    size_t capacity = state->capacity ? state->capacity : 4096;
    while (capacity < state->size + length) capacity *= 2;
    uint8_t *grown = realloc(state->data, capacity);
    if (grown == NULL) png_error(png, "out of memory while writing PNG");
    state->data = grown;
    state->capacity = capacity;
  }
  memcpy(state->data + state->size, bytes, length);
  state->size += length;
}

static void on_flush(png_structp png) { (void)png; }

/// Writes `height` rows of `row_bytes` as a PNG of `color_type` at `bit_depth`, with
/// `filter` (a PNG_FILTER_ mask), into a malloc'd buffer.
static int write_png(const uint8_t *rows, uint32_t width, uint32_t height, size_t row_bytes, int bit_depth,
                     int color_type, int filter, int compression_level, uint8_t **out_data, size_t *out_size,
                     char *message, size_t message_capacity) {
  // `volatile`: these are read after a longjmp back into this frame.
  write_state *volatile state = calloc(1, sizeof(write_state));
  if (state == NULL) return -1;
  state->message = message;
  state->message_capacity = message_capacity;

  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, state, on_error, on_warning);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  if (png == NULL || info == NULL) {
    copy_message(state, "cannot create libpng write structures");
    png_destroy_write_struct(&png, &info);
    free(state);
    return -1;
  }
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    free(state->data);
    free(state);
    return -1;
  }
  png_set_write_fn(png, state, on_write, on_flush);
  png_set_IHDR(png, info, width, height, bit_depth, color_type, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, filter);
  png_set_compression_level(png, compression_level);
  png_write_info(png, info);
  for (uint32_t y = 0; y < height; y++) {
    png_write_row(png, rows + (size_t)y * row_bytes);
  }
  png_write_end(png, info);
  png_destroy_write_struct(&png, &info);

  *out_data = state->data;
  *out_size = state->size;
  free(state);
  return 0;
}

int CQRQuizReading_png_write_gray(const uint8_t *rows, uint32_t width, uint32_t height,
                          size_t row_bytes, int bit_depth, int compression_level,
                          uint8_t **out_data, size_t *out_size,
                          char *message, size_t message_capacity) {
  // QR modules are flat runs of one value: no filter compresses them best.
  return write_png(rows, width, height, row_bytes, bit_depth, PNG_COLOR_TYPE_GRAY, PNG_FILTER_NONE,
                   compression_level, out_data, out_size, message, message_capacity);
}

int CQRQuizReading_png_write_color(const uint8_t *pixels, uint32_t width, uint32_t height, int channels,
                           int compression_level, uint8_t **out_data, size_t *out_size, char *message,
                           size_t message_capacity) {
  if (channels != 3 && channels != 4) return -1;
  // Pictures and drawings: libpng chooses a filter per row, as every PNG writer does.
  return write_png(pixels, width, height, (size_t)width * (size_t)channels, 8,
                   channels == 4 ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB, PNG_ALL_FILTERS, compression_level,
                   out_data, out_size, message, message_capacity);
}

void CQRQuizReading_png_free(uint8_t *data) { free(data); }
