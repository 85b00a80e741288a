#include "CQRQuizCLI_chafa.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "chafa_abi.h"

// libchafa is loaded the first time an image is drawn (chafa_abi.h says why); without it,
// the terminal simply gets no images.
#define DECLARE(name, result, arguments) static result(*call_##name) arguments;
CQRQuizCLI_CHAFA_FUNCTIONS(DECLARE)
static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded;

static void load(void) {
  void *library = dlopen("libchafa.so.0", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) return;
  // g_string_free comes from glib, which libchafa brings: dlsym searches its dependencies.
#define RESOLVE(name, result, arguments)                                                                       \
  call_##name = (result(*) arguments)dlsym(library, #name);                                                   \
  if (call_##name == NULL) return;
  CQRQuizCLI_CHAFA_FUNCTIONS(RESOLVE)
  loaded = 1;
}

static int chafa_loaded(void) {
  pthread_once(&load_once, load);
  return loaded;
}

static CQRQuizCLI_chafa_term_info *detect(const char *const *envp) {
  CQRQuizCLI_chafa_term_db *db = call_chafa_term_db_get_default();
  return call_chafa_term_db_detect(db, (char **)envp);
}

static int canvas_mode(CQRQuizCLI_chafa_term_info *info) {
  if (call_chafa_term_info_have_seq(info, CQRQuizCLI_CHAFA_TERM_SEQ_SET_COLOR_FGBG_DIRECT))
    return CQRQuizCLI_CHAFA_CANVAS_MODE_TRUECOLOR;
  if (call_chafa_term_info_have_seq(info, CQRQuizCLI_CHAFA_TERM_SEQ_SET_COLOR_FGBG_256))
    return CQRQuizCLI_CHAFA_CANVAS_MODE_INDEXED_240;
  if (call_chafa_term_info_have_seq(info, CQRQuizCLI_CHAFA_TERM_SEQ_SET_COLOR_FGBG_16))
    return CQRQuizCLI_CHAFA_CANVAS_MODE_INDEXED_16;
  return CQRQuizCLI_CHAFA_CANVAS_MODE_FGBG;
}

static int pixel_mode(CQRQuizCLI_chafa_term_info *info) {
  if (call_chafa_term_info_have_seq(info, CQRQuizCLI_CHAFA_TERM_SEQ_BEGIN_KITTY_IMMEDIATE_IMAGE_V1))
    return CQRQuizCLI_CHAFA_PIXEL_MODE_KITTY;
  if (call_chafa_term_info_have_seq(info, CQRQuizCLI_CHAFA_TERM_SEQ_BEGIN_ITERM2_IMAGE))
    return CQRQuizCLI_CHAFA_PIXEL_MODE_ITERM2;
  if (call_chafa_term_info_have_seq(info, CQRQuizCLI_CHAFA_TERM_SEQ_BEGIN_SIXELS))
    return CQRQuizCLI_CHAFA_PIXEL_MODE_SIXELS;
  return CQRQuizCLI_CHAFA_PIXEL_MODE_SYMBOLS;
}

CQRQuizCLI_terminal_images CQRQuizCLI_chafa_capability(const char *const *envp) {
  if (!chafa_loaded()) return CQRQuizCLI_TERMINAL_NO_IMAGES;
  CQRQuizCLI_chafa_term_info *info = detect(envp);
  CQRQuizCLI_terminal_images result = CQRQuizCLI_TERMINAL_NO_IMAGES;
  if (pixel_mode(info) != CQRQuizCLI_CHAFA_PIXEL_MODE_SYMBOLS)
    result = CQRQuizCLI_TERMINAL_PIXELS;
  else if (canvas_mode(info) != CQRQuizCLI_CHAFA_CANVAS_MODE_FGBG)
    result = CQRQuizCLI_TERMINAL_SYMBOLS;
  call_chafa_term_info_unref(info);
  return result;
}

char *CQRQuizCLI_chafa_draw(const uint8_t *rgba, int width, int height, int rowstride, int columns, int rows,
                        const char *const *envp, int *used_columns, int *used_rows) {
  if (width <= 0 || height <= 0 || columns <= 0 || rows <= 0 || !chafa_loaded()) return NULL;
  CQRQuizCLI_chafa_term_info *info = detect(envp);
  int pixels = pixel_mode(info);
  int fit_columns = columns, fit_rows = rows;
  // Cells are about twice as tall as wide.
  call_chafa_calc_canvas_geometry(width, height, &fit_columns, &fit_rows, 0.5f, 0, 0);
  CQRQuizCLI_chafa_canvas_config *config = call_chafa_canvas_config_new();
  call_chafa_canvas_config_set_geometry(config, fit_columns, fit_rows);
  call_chafa_canvas_config_set_canvas_mode(config, canvas_mode(info));
  call_chafa_canvas_config_set_pixel_mode(config, pixels);
  CQRQuizCLI_chafa_canvas *canvas = call_chafa_canvas_new(config);
  char *copy = NULL;
  if (canvas) {
    call_chafa_canvas_draw_all_pixels(canvas, CQRQuizCLI_CHAFA_PIXEL_RGBA8_UNASSOCIATED, rgba, width, height,
                                      rowstride);
    CQRQuizCLI_glib_string *printed = call_chafa_canvas_print(canvas, info);
    if (printed) {
      copy = malloc(printed->len + 1);
      if (copy) memcpy(copy, printed->str, printed->len + 1);
      call_g_string_free(printed, 1);
    }
    call_chafa_canvas_unref(canvas);
  }
  call_chafa_canvas_config_unref(config);
  call_chafa_term_info_unref(info);
  *used_columns = fit_columns;
  *used_rows = fit_rows;
  return copy;
}
