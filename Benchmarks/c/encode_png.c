// The reference for the in-process encode benchmark: the same libqrencode and libpng
// calls qrquiz makes (byte mode, 1-bit greyscale PNG to memory, zlib level 6), as plain C.
// usage: encode_png ITERATIONS SCALE MARGIN FILE...   prints the median ns per topic.
#include <png.h>
#include <qrencode.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct { unsigned char *data; size_t size, capacity; } buffer;

static void on_write(png_structp png, png_bytep bytes, size_t length) {
  buffer *b = png_get_io_ptr(png);
  if (b->size + length > b->capacity) {
    b->capacity = (b->size + length) * 2;
    b->data = realloc(b->data, b->capacity);
  }
  memcpy(b->data + b->size, bytes, length);
  b->size += length;
}
static void on_flush(png_structp png) { (void)png; }

static size_t encode(const unsigned char *json, int length, int scale, int margin, buffer *out) {
  QRcode *code = QRcode_encodeData(length, json, 0, QR_ECLEVEL_L);
  if (!code) { perror("QRcode_encodeData"); exit(1); }
  int side = (code->width + 2 * margin) * scale;
  size_t row_bytes = (side + 7) / 8;
  unsigned char *row = malloc(row_bytes);
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
  png_infop info = png_create_info_struct(png);
  if (setjmp(png_jmpbuf(png))) { fprintf(stderr, "libpng error\n"); exit(1); }
  out->size = 0;
  png_set_write_fn(png, out, on_write, on_flush);
  png_set_IHDR(png, info, side, side, 1, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
  png_set_compression_level(png, 6);
  png_write_info(png, info);
  memset(row, 0xFF, row_bytes);
  for (int y = 0; y < margin * scale; y++) png_write_row(png, row);
  for (int my = 0; my < code->width; my++) {
    memset(row, 0xFF, row_bytes);
    for (int mx = 0; mx < code->width; mx++) {
      if (!(code->data[my * code->width + mx] & 1)) continue;
      for (int k = 0; k < scale; k++) {
        int x = (mx + margin) * scale + k;
        row[x / 8] &= ~(0x80 >> (x % 8));
      }
    }
    for (int k = 0; k < scale; k++) png_write_row(png, row);
  }
  memset(row, 0xFF, row_bytes);
  for (int y = 0; y < margin * scale; y++) png_write_row(png, row);
  png_write_end(png, info);
  png_destroy_write_struct(&png, &info);
  free(row);
  QRcode_free(code);
  return out->size;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  if (argc < 5) { fprintf(stderr, "usage: encode_png ITERATIONS SCALE MARGIN FILE...\n"); return 2; }
  int iterations = atoi(argv[1]), scale = atoi(argv[2]), margin = atoi(argv[3]);
  int files = argc - 4;
  unsigned char **texts = calloc(files, sizeof *texts);
  int *lengths = calloc(files, sizeof *lengths);
  for (int i = 0; i < files; i++) {
    FILE *f = fopen(argv[4 + i], "rb");
    if (!f) { perror(argv[4 + i]); return 1; }
    texts[i] = malloc(1 << 20);
    lengths[i] = fread(texts[i], 1, 1 << 20, f);
    while (lengths[i] > 0 && texts[i][lengths[i] - 1] == '\n') lengths[i]--;
    fclose(f);
  }
  buffer out = {0};
  double *samples = calloc(iterations, sizeof *samples);
  size_t bytes = 0;
  for (int it = 0; it < iterations; it++) {
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (int i = 0; i < files; i++) bytes += encode(texts[i], lengths[i], scale, margin, &out);
    clock_gettime(CLOCK_MONOTONIC, &end);
    samples[it] = ((end.tv_sec - start.tv_sec) * 1e9 + (end.tv_nsec - start.tv_nsec)) / files;
  }
  qsort(samples, iterations, sizeof *samples, compare);
  printf("%.0f\n", samples[iterations / 2]);
  return bytes == 0;
}
