#ifndef CQRQUIZCLI_CHAFA_ABI_H
#define CQRQUIZCLI_CHAFA_ABI_H

// The part of libchafa's ABI (soname libchafa.so.0) that chafa.c uses, written out here
// because chafa.c loads libchafa when the first image is drawn rather than linking it: it
// and glib cost every run of the command line start-up time, and most runs draw nothing.
// chafa.h itself cannot be included without glib's include paths (pkg-config flags a
// target may not carry without linking). The values are libchafa's own; a test compiles
// Tests/QRQuizTestSupport/Fixtures/chafa_abi_check.c against the installed chafa.h to prove it.

#include <stddef.h>
#include <stdint.h>

typedef struct CQRQuizCLI_chafa_term_db CQRQuizCLI_chafa_term_db;
typedef struct CQRQuizCLI_chafa_term_info CQRQuizCLI_chafa_term_info;
typedef struct CQRQuizCLI_chafa_canvas_config CQRQuizCLI_chafa_canvas_config;
typedef struct CQRQuizCLI_chafa_canvas CQRQuizCLI_chafa_canvas;

/// glib's GString, whose layout is glib's ABI.
typedef struct {
  char *str;
  size_t len;
  size_t allocated_len;
} CQRQuizCLI_glib_string;

/// ChafaTermSeq values.
enum {
  CQRQuizCLI_CHAFA_TERM_SEQ_SET_COLOR_FGBG_DIRECT = 33,
  CQRQuizCLI_CHAFA_TERM_SEQ_SET_COLOR_FGBG_256 = 36,
  CQRQuizCLI_CHAFA_TERM_SEQ_SET_COLOR_FGBG_16 = 39,
  CQRQuizCLI_CHAFA_TERM_SEQ_BEGIN_SIXELS = 40,
  CQRQuizCLI_CHAFA_TERM_SEQ_BEGIN_KITTY_IMMEDIATE_IMAGE_V1 = 43,
  CQRQuizCLI_CHAFA_TERM_SEQ_BEGIN_ITERM2_IMAGE = 47,
};

/// ChafaCanvasMode values.
enum {
  CQRQuizCLI_CHAFA_CANVAS_MODE_TRUECOLOR = 0,
  CQRQuizCLI_CHAFA_CANVAS_MODE_INDEXED_240 = 2,
  CQRQuizCLI_CHAFA_CANVAS_MODE_INDEXED_16 = 3,
  CQRQuizCLI_CHAFA_CANVAS_MODE_FGBG = 5,
};

/// ChafaPixelMode values.
enum {
  CQRQuizCLI_CHAFA_PIXEL_MODE_SYMBOLS = 0,
  CQRQuizCLI_CHAFA_PIXEL_MODE_SIXELS = 1,
  CQRQuizCLI_CHAFA_PIXEL_MODE_KITTY = 2,
  CQRQuizCLI_CHAFA_PIXEL_MODE_ITERM2 = 3,
};

/// ChafaPixelType's RGBA8_UNASSOCIATED.
enum { CQRQuizCLI_CHAFA_PIXEL_RGBA8_UNASSOCIATED = 4 };

/// The functions, by name and type (glib's gint and gboolean are int, gchar char).
#define CQRQuizCLI_CHAFA_FUNCTIONS(X)                                                                          \
  X(chafa_term_db_get_default, CQRQuizCLI_chafa_term_db *, (void))                                            \
  X(chafa_term_db_detect, CQRQuizCLI_chafa_term_info *, (CQRQuizCLI_chafa_term_db *, char **))                \
  X(chafa_term_info_have_seq, int, (const CQRQuizCLI_chafa_term_info *, int))                                 \
  X(chafa_term_info_unref, void, (CQRQuizCLI_chafa_term_info *))                                              \
  X(chafa_calc_canvas_geometry, void, (int, int, int *, int *, float, int, int))                              \
  X(chafa_canvas_config_new, CQRQuizCLI_chafa_canvas_config *, (void))                                        \
  X(chafa_canvas_config_set_geometry, void, (CQRQuizCLI_chafa_canvas_config *, int, int))                     \
  X(chafa_canvas_config_set_canvas_mode, void, (CQRQuizCLI_chafa_canvas_config *, int))                       \
  X(chafa_canvas_config_set_pixel_mode, void, (CQRQuizCLI_chafa_canvas_config *, int))                        \
  X(chafa_canvas_config_unref, void, (CQRQuizCLI_chafa_canvas_config *))                                      \
  X(chafa_canvas_new, CQRQuizCLI_chafa_canvas *, (const CQRQuizCLI_chafa_canvas_config *))                    \
  X(chafa_canvas_draw_all_pixels, void, (CQRQuizCLI_chafa_canvas *, int, const uint8_t *, int, int, int))     \
  X(chafa_canvas_print, CQRQuizCLI_glib_string *, (CQRQuizCLI_chafa_canvas *, CQRQuizCLI_chafa_term_info *))  \
  X(chafa_canvas_unref, void, (CQRQuizCLI_chafa_canvas *))                                                    \
  X(g_string_free, char *, (CQRQuizCLI_glib_string *, int))

#endif
