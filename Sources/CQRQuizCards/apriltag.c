#include "CQRQuizCards_apriltag.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include <apriltag/apriltag.h>
#include <apriltag/tag36h11.h>

// libapriltag's header gives the structures and the inline array helpers at build time;
// its functions are looked up when the first card is read or drawn.
#define APRILTAG_FUNCTIONS(X)                                                                                       \
  X(apriltag_detector_create) X(apriltag_detector_add_family_bits) X(apriltag_detector_destroy)                    \
  X(apriltag_detector_detect) X(apriltag_detections_destroy) X(apriltag_to_image) X(tag36h11_create)               \
  X(tag36h11_destroy)
#define DECLARE(name) static __typeof__(&name) call_##name;
APRILTAG_FUNCTIONS(DECLARE)

// The soname of the ABI the header describes (Debian's libapriltag3).
static const char library_name[] = "libapriltag.so.3";
static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[256];
// One family for drawing and counting codes, made once and never freed.
static apriltag_family_t *drawing_family;

static void load(void) {
  void *library = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    snprintf(load_error, sizeof load_error, "libapriltag is not installed (%s; on Debian: apt-get install libapriltag3)",
             library_name);
    return;
  }
#define RESOLVE(name)                                                                                           \
  call_##name = (__typeof__(call_##name))dlsym(library, #name);                                                \
  if (call_##name == NULL) {                                                                                    \
    snprintf(load_error, sizeof load_error, "%s has no %s: libapriltag is too old", library_name, #name);      \
    return;                                                                                                     \
  }
  APRILTAG_FUNCTIONS(RESOLVE)
  drawing_family = call_tag36h11_create();
  if (drawing_family == NULL) snprintf(load_error, sizeof load_error, "libapriltag: out of memory");
}

static int loaded(void) {
  pthread_once(&load_once, load);
  return load_error[0] == '\0';
}

int CQRQuizCards_load_apriltag(char *error, size_t error_size) {
  if (loaded()) return 1;
  snprintf(error, error_size, "%s", load_error);
  return 0;
}

struct CQRQuizCards_detector {
  apriltag_detector_t *detector;
  apriltag_family_t *family;
};

CQRQuizCards_detector *CQRQuizCards_detector_new(int bits_corrected) {
  if (!loaded()) return NULL;
  CQRQuizCards_detector *handle = calloc(1, sizeof *handle);
  if (handle == NULL) return NULL;
  handle->family = call_tag36h11_create();
  handle->detector = call_apriltag_detector_create();
  if (handle->family == NULL || handle->detector == NULL) {
    CQRQuizCards_detector_free(handle);
    return NULL;
  }
  call_apriltag_detector_add_family_bits(handle->detector, handle->family, bits_corrected);
  handle->detector->nthreads = 1;
  return handle;
}

void CQRQuizCards_detector_free(CQRQuizCards_detector *handle) {
  if (handle == NULL) return;
  if (handle->detector) call_apriltag_detector_destroy(handle->detector);
  if (handle->family) call_tag36h11_destroy(handle->family);
  free(handle);
}

void CQRQuizCards_detector_configure(CQRQuizCards_detector *handle, float decimate, float sigma, int refine_edges,
                                     double sharpening, int min_cluster_pixels) {
  handle->detector->qtp.min_cluster_pixels = min_cluster_pixels;
  handle->detector->quad_decimate = decimate;
  handle->detector->quad_sigma = sigma;
  handle->detector->refine_edges = refine_edges != 0;
  handle->detector->decode_sharpening = sharpening;
}

int CQRQuizCards_detect(CQRQuizCards_detector *handle, const uint8_t *pixels, int width, int height, int stride,
                        CQRQuizCards_detection *detections, int capacity) {
  // The detector only reads the image (at quad_decimate 1 and sigma 0 it thresholds it
  // into buffers of its own): the const is cast away for its structure's sake.
  image_u8_t image = {.width = width, .height = height, .stride = stride, .buf = (uint8_t *)pixels};
  zarray_t *found = call_apriltag_detector_detect(handle->detector, &image);
  if (found == NULL) return -1;
  int count = zarray_size(found);
  for (int index = 0; index < count && index < capacity; index++) {
    apriltag_detection_t *detection;
    zarray_get(found, index, &detection);
    detections[index].id = detection->id;
    detections[index].hamming = detection->hamming;
    detections[index].decision_margin = detection->decision_margin;
    for (int corner = 0; corner < 4; corner++) {
      detections[index].corners[corner * 2] = detection->p[corner][0];
      detections[index].corners[corner * 2 + 1] = detection->p[corner][1];
    }
  }
  call_apriltag_detections_destroy(found);
  return count;
}

int CQRQuizCards_code_count(void) { return loaded() ? (int)drawing_family->ncodes : -1; }

int CQRQuizCards_code_cells(int id, uint8_t *cells, size_t capacity) {
  if (!loaded() || id < 0 || (uint32_t)id >= drawing_family->ncodes) return -1;
  image_u8_t *image = call_apriltag_to_image(drawing_family, id);
  if (image == NULL) return -1;
  int side = image->width;
  int fits = image->height == side && (size_t)side * (size_t)side <= capacity;
  if (fits) {
    for (int row = 0; row < side; row++) memcpy(cells + (size_t)row * side, image->buf + (size_t)row * image->stride, side);
  }
  // image_u8_destroy is in libapriltag-utils, which is not needed otherwise: an image_u8
  // is a calloc'd structure and a calloc'd buffer, which is all it frees.
  free(image->buf);
  free(image);
  return fits ? side : -1;
}
