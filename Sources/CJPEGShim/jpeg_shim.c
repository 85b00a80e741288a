#include "jpeg_shim.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

typedef struct {
  struct jpeg_error_mgr base;
  jmp_buf jump;
  char *message;
  size_t message_capacity;
  int truncated;
} error_manager;

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
  memset(errors, 0, sizeof *errors);
  decoder->err = jpeg_std_error(&errors->base);
  errors->base.error_exit = on_error_exit;
  errors->base.emit_message = on_message;
  errors->message = message;
  errors->message_capacity = message_capacity;
}

static int start(struct jpeg_decompress_struct *decoder, const uint8_t *data, size_t size,
                 int scale_denominator) {
  jpeg_create_decompress(decoder);
  jpeg_mem_src(decoder, data, (unsigned long)size);
  jpeg_read_header(decoder, TRUE);
  decoder->out_color_space = JCS_GRAYSCALE;
  decoder->scale_num = 1;
  decoder->scale_denom = (unsigned int)scale_denominator;
  jpeg_calc_output_dimensions(decoder);
  return 0;
}

int qrquiz_jpeg_dimensions(const uint8_t *data, size_t size, int scale_denominator,
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

int qrquiz_jpeg_decode_gray(const uint8_t *data, size_t size, int scale_denominator,
                            uint8_t *output, size_t capacity, char *message,
                            size_t message_capacity) {
  struct jpeg_decompress_struct decoder;
  error_manager errors;
  set_up(&decoder, &errors, message, message_capacity);
  if (setjmp(errors.jump)) {
    jpeg_destroy_decompress(&decoder);
    return -1;
  }
  start(&decoder, data, size, scale_denominator);
  size_t row_bytes = decoder.output_width;
  if (row_bytes * decoder.output_height > capacity) {
    strncpy(message, "output buffer too small", message_capacity - 1);
    jpeg_destroy_decompress(&decoder);
    return -1;
  }
  jpeg_start_decompress(&decoder);
  while (decoder.output_scanline < decoder.output_height) {
    JSAMPROW row = output + (size_t)decoder.output_scanline * row_bytes;
    jpeg_read_scanlines(&decoder, &row, 1);
  }
  jpeg_finish_decompress(&decoder);
  jpeg_destroy_decompress(&decoder);
  if (errors.truncated) {
    strncpy(message, "premature end of JPEG file", message_capacity - 1);
    return -1;
  }
  return 0;
}
