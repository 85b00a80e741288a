// The reference for Benchmarks/cards.py: libapriltag's own tag36h11 detector, one thread,
// on each photo's decoded grey pixels (libjpeg, outside the timing), as its authors ship it.
// usage: apriltag_detect DECIMATE RUNS FILE.jpg...
// prints one JSON line per photo: {"file", "decode_ms", "ms" (detection alone, the median of
// RUNS, wall clock), "cpu_ms" (the same, this thread's CPU time), "detections": [{"id", "hamming", "corners": [[x, y] x4]}]}, corners in libapriltag's
// order (bottom-left, bottom-right, top-right, top-left of the code upright).
#include <apriltag/apriltag.h>
#include <apriltag/tag36h11.h>
#include <jpeglib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static double cpu_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

// The pixels of a JPEG as grey, in `pixels` (malloc'd); 0 when it cannot be read.
static int read_jpeg(const char *path, uint8_t **pixels, int *width, int *height) {
  FILE *file = fopen(path, "rb");
  if (!file) return 0;
  struct jpeg_decompress_struct info;
  struct jpeg_error_mgr errors;
  info.err = jpeg_std_error(&errors);
  jpeg_create_decompress(&info);
  jpeg_stdio_src(&info, file);
  jpeg_read_header(&info, TRUE);
  info.out_color_space = JCS_GRAYSCALE;
  jpeg_start_decompress(&info);
  *width = (int)info.output_width;
  *height = (int)info.output_height;
  *pixels = malloc((size_t)*width * *height);
  while (info.output_scanline < info.output_height) {
    JSAMPROW row = *pixels + (size_t)info.output_scanline * *width;
    jpeg_read_scanlines(&info, &row, 1);
  }
  jpeg_finish_decompress(&info);
  jpeg_destroy_decompress(&info);
  fclose(file);
  return 1;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: apriltag_detect DECIMATE RUNS FILE.jpg...\n");
    return 2;
  }
  apriltag_family_t *family = tag36h11_create();
  apriltag_detector_t *detector = apriltag_detector_create();
  apriltag_detector_add_family_bits(detector, family, 2);
  detector->quad_decimate = (float)atof(argv[1]);
  detector->nthreads = 1;
  int runs = atoi(argv[2]);
  if (runs < 1) runs = 1;
  double *samples = malloc(sizeof(double) * runs);
  double *cpu_samples = malloc(sizeof(double) * runs);
  for (int index = 3; index < argc; index++) {
    double start = now_ms();
    uint8_t *pixels;
    int width, height;
    if (!read_jpeg(argv[index], &pixels, &width, &height)) {
      printf("{\"file\": \"%s\", \"error\": \"unreadable\"}\n", argv[index]);
      continue;
    }
    image_u8_t image = {.width = width, .height = height, .stride = width, .buf = pixels};
    double decoded = now_ms() - start;
    zarray_t *found = NULL;
    for (int run = 0; run < runs; run++) {
      if (found) apriltag_detections_destroy(found);
      double begin = now_ms(), begin_cpu = cpu_ms();
      found = apriltag_detector_detect(detector, &image);
      samples[run] = now_ms() - begin;
      cpu_samples[run] = cpu_ms() - begin_cpu;
    }
    qsort(samples, runs, sizeof(double), compare);
    qsort(cpu_samples, runs, sizeof(double), compare);
    printf("{\"file\": \"%s\", \"decode_ms\": %.2f, \"ms\": %.2f, \"cpu_ms\": %.2f, \"detections\": [", argv[index],
           decoded, samples[runs / 2], cpu_samples[runs / 2]);
    for (int i = 0; i < zarray_size(found); i++) {
      apriltag_detection_t *d;
      zarray_get(found, i, &d);
      printf("%s{\"id\": %d, \"hamming\": %d, \"corners\": [[%.2f, %.2f], [%.2f, %.2f], [%.2f, %.2f], [%.2f, %.2f]]}",
             i ? ", " : "", d->id, d->hamming, d->p[0][0], d->p[0][1], d->p[1][0], d->p[1][1], d->p[2][0],
             d->p[2][1], d->p[3][0], d->p[3][1]);
    }
    printf("]}\n");
    fflush(stdout);
    apriltag_detections_destroy(found);
    free(pixels);
  }
  apriltag_detector_destroy(detector);
  tag36h11_destroy(family);
  return 0;
}
