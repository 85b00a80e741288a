#include "CQRQuizCLI_chafa.h"

#include <chafa.h>
#include <stdlib.h>
#include <string.h>

static ChafaTermInfo *detect(const char *const *envp) {
  ChafaTermDb *db = chafa_term_db_get_default();
  return chafa_term_db_detect(db, (gchar **)envp);
}

static ChafaCanvasMode canvas_mode(ChafaTermInfo *info) {
  if (chafa_term_info_have_seq(info, CHAFA_TERM_SEQ_SET_COLOR_FGBG_DIRECT)) return CHAFA_CANVAS_MODE_TRUECOLOR;
  if (chafa_term_info_have_seq(info, CHAFA_TERM_SEQ_SET_COLOR_FGBG_256)) return CHAFA_CANVAS_MODE_INDEXED_240;
  if (chafa_term_info_have_seq(info, CHAFA_TERM_SEQ_SET_COLOR_FGBG_16)) return CHAFA_CANVAS_MODE_INDEXED_16;
  return CHAFA_CANVAS_MODE_FGBG;
}

static ChafaPixelMode pixel_mode(ChafaTermInfo *info) {
  if (chafa_term_info_have_seq(info, CHAFA_TERM_SEQ_BEGIN_KITTY_IMMEDIATE_IMAGE_V1)) return CHAFA_PIXEL_MODE_KITTY;
  if (chafa_term_info_have_seq(info, CHAFA_TERM_SEQ_BEGIN_ITERM2_IMAGE)) return CHAFA_PIXEL_MODE_ITERM2;
  if (chafa_term_info_have_seq(info, CHAFA_TERM_SEQ_BEGIN_SIXELS)) return CHAFA_PIXEL_MODE_SIXELS;
  return CHAFA_PIXEL_MODE_SYMBOLS;
}

CQRQuizCLI_terminal_images CQRQuizCLI_chafa_capability(const char *const *envp) {
  ChafaTermInfo *info = detect(envp);
  CQRQuizCLI_terminal_images result = CQRQuizCLI_TERMINAL_NO_IMAGES;
  if (pixel_mode(info) != CHAFA_PIXEL_MODE_SYMBOLS)
    result = CQRQuizCLI_TERMINAL_PIXELS;
  else if (canvas_mode(info) != CHAFA_CANVAS_MODE_FGBG)
    result = CQRQuizCLI_TERMINAL_SYMBOLS;
  chafa_term_info_unref(info);
  return result;
}

char *CQRQuizCLI_chafa_draw(const uint8_t *rgba, int width, int height, int rowstride, int columns, int rows,
                        const char *const *envp, int *used_columns, int *used_rows) {
  if (width <= 0 || height <= 0 || columns <= 0 || rows <= 0) return NULL;
  ChafaTermInfo *info = detect(envp);
  ChafaPixelMode pixels = pixel_mode(info);
  gint fit_columns = columns, fit_rows = rows;
  // Cells are about twice as tall as wide.
  chafa_calc_canvas_geometry(width, height, &fit_columns, &fit_rows, 0.5f, FALSE, FALSE);
  ChafaCanvasConfig *config = chafa_canvas_config_new();
  chafa_canvas_config_set_geometry(config, fit_columns, fit_rows);
  chafa_canvas_config_set_canvas_mode(config, canvas_mode(info));
  chafa_canvas_config_set_pixel_mode(config, pixels);
  ChafaCanvas *canvas = chafa_canvas_new(config);
  char *copy = NULL;
  if (canvas) {
    chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, rgba, width, height, rowstride);
    GString *printed = chafa_canvas_print(canvas, info);
    if (printed) {
      copy = malloc(printed->len + 1);
      if (copy) memcpy(copy, printed->str, printed->len + 1);
      g_string_free(printed, TRUE);
    }
    chafa_canvas_unref(canvas);
  }
  chafa_canvas_config_unref(config);
  chafa_term_info_unref(info);
  *used_columns = fit_columns;
  *used_rows = fit_rows;
  return copy;
}
