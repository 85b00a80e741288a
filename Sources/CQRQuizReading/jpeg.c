#include "CQRQuizReading_jpeg.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <jpeglib.h>
#include <jerror.h>

typedef struct {
  struct jpeg_error_mgr base;
  jmp_buf jump;
  char *message;
  size_t message_capacity;
  int truncated;
} error_manager;

/// Progress callbacks bound the work a hostile file can cause: the number of scans
/// (libjpeg-turbo's advice for progressive files, as `djpeg -maxscans`) and the time.
typedef struct {
  struct jpeg_progress_mgr base;
  int max_scans;
  int64_t deadline_ms;
  error_manager *errors;
} progress_manager;

static int64_t monotonic_ms(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

static void stop(error_manager *errors, const char *why, int code) {
  if (errors->message_capacity > 0) {
    strncpy(errors->message, why, errors->message_capacity - 1);
    errors->message[errors->message_capacity - 1] = '\0';
  }
  longjmp(errors->jump, code);
}

static void on_progress(j_common_ptr info) {
  progress_manager *progress = (progress_manager *)info->progress;
  j_decompress_ptr decoder = (j_decompress_ptr)info;
  if (progress->max_scans > 0 && decoder->input_scan_number > progress->max_scans)
    stop(progress->errors, "too many scans in a progressive JPEG", 2);
  if (progress->deadline_ms > 0 && monotonic_ms() > progress->deadline_ms)
    stop(progress->errors, "time limit", 3);
}

static void on_error_exit(j_common_ptr info) {
  error_manager *errors = (error_manager *)info->err;
  if (errors->message_capacity > 0) {
    char text[JMSG_LENGTH_MAX];
    errors->base.format_message(info, text);
    strncpy(errors->message, text, errors->message_capacity - 1);
    errors->message[errors->message_capacity - 1] = '\0';
  }
  longjmp(errors->jump, 1);
}

static void on_message(j_common_ptr info, int level) {
  error_manager *errors = (error_manager *)info->err;
  // Level -1 is a warning about corrupt data; premature end of file is the one that
  // leaves part of the image missing.
  if (level == -1 && errors->base.msg_code == JWRN_JPEG_EOF) errors->truncated = 1;
}

static void set_up(struct jpeg_decompress_struct *decoder, error_manager *errors, char *message,
                   size_t message_capacity) {
  // Zeroed first: an error inside jpeg_create_decompress (it runs after setjmp, as
  // libjpeg's example does) then reaches jpeg_destroy_decompress with no dangling pointers.
  memset(decoder, 0, sizeof *decoder);
  memset(errors, 0, sizeof *errors);
  decoder->err = jpeg_std_error(&errors->base);
  errors->base.error_exit = on_error_exit;
  errors->base.emit_message = on_message;
  errors->message = message;
  errors->message_capacity = message_capacity;
}

static int is_cmyk(const struct jpeg_decompress_struct *decoder) {
  return decoder->jpeg_color_space == JCS_CMYK || decoder->jpeg_color_space == JCS_YCCK;
}

/// One row of CMYK as grey (`channels` 1) or RGBA (4). Adobe's files (an APP14 marker:
/// Photoshop's, and most CMYK JPEGs there are) store each ink inverted, 255 for none;
/// others store the amount of ink, as libjpeg itself writes them. Each colour is the light
/// its ink leaves times the light black leaves: R = (1 − C)(1 − K), as Pillow and
/// ImageMagick convert; grey weighs R, G and B as libjpeg does (0.299, 0.587, 0.114).
static void convert_cmyk_row(const JSAMPLE *cmyk, uint8_t *output, JDIMENSION width, int channels,
                             int inverted) {
  for (JDIMENSION x = 0; x < width; x++) {
    unsigned light[4];
    for (int c = 0; c < 4; c++) light[c] = inverted ? cmyk[4 * x + c] : 255u - cmyk[4 * x + c];
    unsigned red = (light[0] * light[3] + 127) / 255;
    unsigned green = (light[1] * light[3] + 127) / 255;
    unsigned blue = (light[2] * light[3] + 127) / 255;
    if (channels == 1) {
      output[x] = (uint8_t)((red * 19595 + green * 38470 + blue * 7471 + 32768) >> 16);
    } else {
      output[4 * x] = (uint8_t)red;
      output[4 * x + 1] = (uint8_t)green;
      output[4 * x + 2] = (uint8_t)blue;
      output[4 * x + 3] = 255;
    }
  }
}

static int start(struct jpeg_decompress_struct *decoder, const uint8_t *data, size_t size,
                 int scale_denominator) {
  jpeg_create_decompress(decoder);
  jpeg_mem_src(decoder, data, (unsigned long)size);
  jpeg_read_header(decoder, TRUE);
  // libjpeg converts four-component files (CMYK, and YCCK, which it turns into CMYK) to
  // nothing else: they come out as CMYK, which convert_cmyk_row makes grey or RGBA.
  decoder->out_color_space = is_cmyk(decoder) ? JCS_CMYK : JCS_GRAYSCALE;
  decoder->scale_num = 1;
  decoder->scale_denom = (unsigned int)scale_denominator;
  jpeg_calc_output_dimensions(decoder);
  return 0;
}

int CQRQuizReading_jpeg_dimensions(const uint8_t *data, size_t size, int scale_denominator,
                           uint32_t *width, uint32_t *height, uint32_t *full_width,
                           uint32_t *full_height, char *message, size_t message_capacity) {
  struct jpeg_decompress_struct decoder;
  error_manager errors;
  set_up(&decoder, &errors, message, message_capacity);
  if (setjmp(errors.jump)) {
    jpeg_destroy_decompress(&decoder);
    return -1;
  }
  start(&decoder, data, size, scale_denominator);
  *width = decoder.output_width;
  *height = decoder.output_height;
  *full_width = decoder.image_width;
  *full_height = decoder.image_height;
  jpeg_destroy_decompress(&decoder);
  return 0;
}

int CQRQuizReading_jpeg_decode(const uint8_t *data, size_t size, int scale_denominator, int channels,
                       uint8_t *output, size_t capacity, int max_scans, int64_t time_limit_ms,
                       char *message, size_t message_capacity) {
  struct jpeg_decompress_struct decoder;
  error_manager errors;
  progress_manager progress;
  set_up(&decoder, &errors, message, message_capacity);
  memset(&progress, 0, sizeof progress);
  switch (setjmp(errors.jump)) {
  case 0:
    break;
  case 2:
    jpeg_destroy_decompress(&decoder);
    return -2;
  case 3:
    jpeg_destroy_decompress(&decoder);
    return -3;
  default:
    jpeg_destroy_decompress(&decoder);
    return -1;
  }
  start(&decoder, data, size, scale_denominator);
  int cmyk = is_cmyk(&decoder);
  if (channels == 4 && !cmyk) {
    decoder.out_color_space = JCS_EXT_RGBA;
    jpeg_calc_output_dimensions(&decoder);
  }
  progress.base.progress_monitor = on_progress;
  progress.max_scans = max_scans;
  progress.deadline_ms = time_limit_ms > 0 ? monotonic_ms() + time_limit_ms : 0;
  progress.errors = &errors;
  decoder.progress = &progress.base;
  size_t row_bytes = (size_t)decoder.output_width * (size_t)channels;
  if (row_bytes * decoder.output_height > capacity) {
    strncpy(message, "output buffer too small", message_capacity - 1);
    jpeg_destroy_decompress(&decoder);
    return -1;
  }
  jpeg_start_decompress(&decoder);
  // CMYK rows go through a row of libjpeg's own (freed with the decoder, on every path).
  JSAMPARRAY cmyk_row =
      cmyk ? (*decoder.mem->alloc_sarray)((j_common_ptr)&decoder, JPOOL_IMAGE, decoder.output_width * 4, 1)
           : NULL;
  while (decoder.output_scanline < decoder.output_height) {
    uint8_t *destination = output + (size_t)decoder.output_scanline * row_bytes;
    if (cmyk_row) {
      jpeg_read_scanlines(&decoder, cmyk_row, 1);
      convert_cmyk_row(cmyk_row[0], destination, decoder.output_width, channels, decoder.saw_Adobe_marker);
    } else {
      JSAMPROW row = destination;
      jpeg_read_scanlines(&decoder, &row, 1);
    }
  }
  jpeg_finish_decompress(&decoder);
  jpeg_destroy_decompress(&decoder);
  if (errors.truncated) {
    strncpy(message, "premature end of JPEG file", message_capacity - 1);
    return -1;
  }
  return 0;
}

int CQRQuizReading_jpeg_encode_rgb(const uint8_t *pixels, uint32_t width, uint32_t height, int quality,
                           uint8_t **out_data, size_t *out_size, char *message, size_t message_capacity) {
  struct jpeg_compress_struct encoder;
  error_manager errors;
  memset(&encoder, 0, sizeof encoder);
  memset(&errors, 0, sizeof errors);
  encoder.err = jpeg_std_error(&errors.base);
  errors.base.error_exit = on_error_exit;
  errors.base.emit_message = on_message;
  errors.message = message;
  errors.message_capacity = message_capacity;
  // `volatile`: read after a longjmp back into this frame.
  unsigned char *volatile buffer = NULL;
  unsigned long volatile size = 0;
  if (setjmp(errors.jump)) {
    jpeg_destroy_compress(&encoder);
    free(buffer);
    return -1;
  }
  jpeg_create_compress(&encoder);
  jpeg_mem_dest(&encoder, (unsigned char **)&buffer, (unsigned long *)&size);
  encoder.image_width = width;
  encoder.image_height = height;
  encoder.input_components = 3;
  encoder.in_color_space = JCS_RGB;
  jpeg_set_defaults(&encoder);
  jpeg_set_quality(&encoder, quality, TRUE);
  jpeg_start_compress(&encoder, TRUE);
  while (encoder.next_scanline < encoder.image_height) {
    JSAMPROW row = (JSAMPROW)(pixels + (size_t)encoder.next_scanline * width * 3);
    jpeg_write_scanlines(&encoder, &row, 1);
  }
  jpeg_finish_compress(&encoder);
  jpeg_destroy_compress(&encoder);
  *out_data = buffer;
  *out_size = size;
  return 0;
}

void CQRQuizReading_jpeg_free(uint8_t *data) { free(data); }
