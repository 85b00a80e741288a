#include "CQRQuizCards_cairo.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo/cairo-pdf.h>
#include <cairo/cairo.h>

// cairo's header gives the types and constants at build time; its functions are looked
// up when the first card is drawn.
#define CAIRO_FUNCTIONS(X)                                                                                          \
  X(cairo_pdf_surface_create_for_stream) X(cairo_image_surface_create) X(cairo_surface_write_to_png_stream)        \
  X(cairo_surface_finish) X(cairo_surface_destroy) X(cairo_surface_status) X(cairo_create) X(cairo_destroy)        \
  X(cairo_status) X(cairo_status_to_string) X(cairo_show_page) X(cairo_set_source_rgb) X(cairo_rectangle)         \
  X(cairo_fill) X(cairo_paint) X(cairo_move_to) X(cairo_line_to) X(cairo_stroke) X(cairo_set_line_width)            \
  X(cairo_set_line_cap) X(cairo_select_font_face) X(cairo_set_font_size) X(cairo_text_extents) X(cairo_show_text) \
  X(cairo_save) X(cairo_restore) X(cairo_translate) X(cairo_rotate) X(cairo_new_path)
#define DECLARE(name) static __typeof__(&name) call_##name;
CAIRO_FUNCTIONS(DECLARE)

// The soname of the ABI the header describes (Debian's libcairo2).
static const char library_name[] = "libcairo.so.2";
static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[256];

static void load(void) {
  void *library = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    snprintf(load_error, sizeof load_error, "cairo is not installed (%s; on Debian: apt-get install libcairo2)",
             library_name);
    return;
  }
#define RESOLVE(name)                                                                                           \
  call_##name = (__typeof__(call_##name))dlsym(library, #name);                                                \
  if (call_##name == NULL) {                                                                                    \
    snprintf(load_error, sizeof load_error, "%s has no %s: cairo is too old", library_name, #name);            \
    return;                                                                                                     \
  }
  CAIRO_FUNCTIONS(RESOLVE)
}

static int loaded(void) {
  pthread_once(&load_once, load);
  return load_error[0] == '\0';
}

int CQRQuizCards_load_cairo(char *error, size_t error_size) {
  if (loaded()) return 1;
  snprintf(error, error_size, "%s", load_error);
  return 0;
}

struct CQRQuizCards_canvas {
  cairo_surface_t *surface;
  cairo_t *context;
  int is_png;
  // What the surface has written so far (a PDF writes as it goes, a PNG at the end).
  uint8_t *bytes;
  size_t length;
  size_t capacity;
  int out_of_memory;
};

static cairo_status_t append(void *closure, const unsigned char *data, unsigned int length) {
  CQRQuizCards_canvas *canvas = closure;
  if (canvas->length + length > canvas->capacity) {
    size_t capacity = canvas->capacity ? canvas->capacity : 64 * 1024;
    while (capacity < canvas->length + length) capacity *= 2;
    uint8_t *grown = realloc(canvas->bytes, capacity);
    if (grown == NULL) {
      canvas->out_of_memory = 1;
      return CAIRO_STATUS_WRITE_ERROR;
    }
    canvas->bytes = grown;
    canvas->capacity = capacity;
  }
  memcpy(canvas->bytes + canvas->length, data, length);
  canvas->length += length;
  return CAIRO_STATUS_SUCCESS;
}

static CQRQuizCards_canvas *canvas_with(CQRQuizCards_canvas *canvas, cairo_surface_t *surface) {
  canvas->surface = surface;
  canvas->context = call_cairo_create(surface);
  if (call_cairo_status(canvas->context) != CAIRO_STATUS_SUCCESS) {
    CQRQuizCards_canvas_free(canvas);
    return NULL;
  }
  call_cairo_set_line_cap(canvas->context, CAIRO_LINE_CAP_BUTT);
  return canvas;
}

CQRQuizCards_canvas *CQRQuizCards_canvas_pdf(double width, double height) {
  if (!loaded()) return NULL;
  CQRQuizCards_canvas *canvas = calloc(1, sizeof *canvas);
  if (canvas == NULL) return NULL;
  return canvas_with(canvas, call_cairo_pdf_surface_create_for_stream(append, canvas, width, height));
}

CQRQuizCards_canvas *CQRQuizCards_canvas_png(int width, int height) {
  if (!loaded()) return NULL;
  CQRQuizCards_canvas *canvas = calloc(1, sizeof *canvas);
  if (canvas == NULL) return NULL;
  canvas->is_png = 1;
  canvas = canvas_with(canvas, call_cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height));
  if (canvas == NULL) return NULL;
  call_cairo_set_source_rgb(canvas->context, 1, 1, 1);
  call_cairo_paint(canvas->context);
  return canvas;
}

void CQRQuizCards_canvas_free(CQRQuizCards_canvas *canvas) {
  if (canvas == NULL) return;
  if (canvas->context) call_cairo_destroy(canvas->context);
  if (canvas->surface) call_cairo_surface_destroy(canvas->surface);
  free(canvas->bytes);
  free(canvas);
}

void CQRQuizCards_fill_rectangles(CQRQuizCards_canvas *canvas, const double *rectangles, int count, double level) {
  // One path filled once: cells that touch merge, with no hairline seams between them.
  call_cairo_new_path(canvas->context);
  for (int index = 0; index < count; index++) {
    const double *rectangle = rectangles + index * 4;
    call_cairo_rectangle(canvas->context, rectangle[0], rectangle[1], rectangle[2], rectangle[3]);
  }
  call_cairo_set_source_rgb(canvas->context, level, level, level);
  call_cairo_fill(canvas->context);
}

void CQRQuizCards_stroke_line(CQRQuizCards_canvas *canvas, double x0, double y0, double x1, double y1, double width,
                              double level) {
  call_cairo_new_path(canvas->context);
  call_cairo_move_to(canvas->context, x0, y0);
  call_cairo_line_to(canvas->context, x1, y1);
  call_cairo_set_line_width(canvas->context, width);
  call_cairo_set_source_rgb(canvas->context, level, level, level);
  call_cairo_stroke(canvas->context);
}

static void select_font(CQRQuizCards_canvas *canvas, double size, int bold) {
  call_cairo_select_font_face(canvas->context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                              bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  call_cairo_set_font_size(canvas->context, size);
}

void CQRQuizCards_show_text(CQRQuizCards_canvas *canvas, const char *text, double size, int bold, double x, double y,
                            double angle, double align, double level) {
  select_font(canvas, size, bold);
  cairo_text_extents_t extents;
  call_cairo_text_extents(canvas->context, text, &extents);
  call_cairo_save(canvas->context);
  call_cairo_translate(canvas->context, x, y);
  call_cairo_rotate(canvas->context, angle);
  call_cairo_new_path(canvas->context);
  call_cairo_move_to(canvas->context, -extents.x_advance * align, 0);
  call_cairo_set_source_rgb(canvas->context, level, level, level);
  call_cairo_show_text(canvas->context, text);
  call_cairo_restore(canvas->context);
}

double CQRQuizCards_text_width(CQRQuizCards_canvas *canvas, const char *text, double size, int bold) {
  select_font(canvas, size, bold);
  cairo_text_extents_t extents;
  call_cairo_text_extents(canvas->context, text, &extents);
  return extents.x_advance;
}

void CQRQuizCards_next_page(CQRQuizCards_canvas *canvas) { call_cairo_show_page(canvas->context); }

int CQRQuizCards_canvas_finish(CQRQuizCards_canvas *canvas, uint8_t **bytes, size_t *length, char *error,
                               size_t error_size) {
  cairo_status_t status = call_cairo_status(canvas->context);
  if (status == CAIRO_STATUS_SUCCESS && canvas->is_png) {
    // Not finished first: a finished surface cannot be written.
    status = call_cairo_surface_write_to_png_stream(canvas->surface, append, canvas);
  } else if (status == CAIRO_STATUS_SUCCESS) {
    call_cairo_surface_finish(canvas->surface);
    status = call_cairo_surface_status(canvas->surface);
  }
  if (status != CAIRO_STATUS_SUCCESS || canvas->out_of_memory) {
    snprintf(error, error_size, "cairo: %s", canvas->out_of_memory ? "out of memory" : call_cairo_status_to_string(status));
    return 0;
  }
  *bytes = canvas->bytes;
  *length = canvas->length;
  canvas->bytes = NULL;
  canvas->length = canvas->capacity = 0;
  return 1;
}
