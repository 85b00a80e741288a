// Compiled by LazyLibraryTests against the installed chafa.h: the values chafa.c uses
// without that header (Sources/CQRQuizCLI/chafa_abi.h) must be libchafa's own.
#include <chafa.h>
#include <stddef.h>

#include "chafa_abi.h"

_Static_assert(CQRQuizCLI_CHAFA_TERM_SEQ_SET_COLOR_FGBG_DIRECT == CHAFA_TERM_SEQ_SET_COLOR_FGBG_DIRECT, "FGBG_DIRECT");
_Static_assert(CQRQuizCLI_CHAFA_TERM_SEQ_SET_COLOR_FGBG_256 == CHAFA_TERM_SEQ_SET_COLOR_FGBG_256, "FGBG_256");
_Static_assert(CQRQuizCLI_CHAFA_TERM_SEQ_SET_COLOR_FGBG_16 == CHAFA_TERM_SEQ_SET_COLOR_FGBG_16, "FGBG_16");
_Static_assert(CQRQuizCLI_CHAFA_TERM_SEQ_BEGIN_SIXELS == CHAFA_TERM_SEQ_BEGIN_SIXELS, "BEGIN_SIXELS");
_Static_assert(CQRQuizCLI_CHAFA_TERM_SEQ_BEGIN_KITTY_IMMEDIATE_IMAGE_V1 == CHAFA_TERM_SEQ_BEGIN_KITTY_IMMEDIATE_IMAGE_V1,
               "BEGIN_KITTY_IMMEDIATE_IMAGE_V1");
_Static_assert(CQRQuizCLI_CHAFA_TERM_SEQ_BEGIN_ITERM2_IMAGE == CHAFA_TERM_SEQ_BEGIN_ITERM2_IMAGE, "BEGIN_ITERM2_IMAGE");
_Static_assert(CQRQuizCLI_CHAFA_CANVAS_MODE_TRUECOLOR == CHAFA_CANVAS_MODE_TRUECOLOR, "TRUECOLOR");
_Static_assert(CQRQuizCLI_CHAFA_CANVAS_MODE_INDEXED_240 == CHAFA_CANVAS_MODE_INDEXED_240, "INDEXED_240");
_Static_assert(CQRQuizCLI_CHAFA_CANVAS_MODE_INDEXED_16 == CHAFA_CANVAS_MODE_INDEXED_16, "INDEXED_16");
_Static_assert(CQRQuizCLI_CHAFA_CANVAS_MODE_FGBG == CHAFA_CANVAS_MODE_FGBG, "FGBG");
_Static_assert(CQRQuizCLI_CHAFA_PIXEL_MODE_SYMBOLS == CHAFA_PIXEL_MODE_SYMBOLS, "SYMBOLS");
_Static_assert(CQRQuizCLI_CHAFA_PIXEL_MODE_SIXELS == CHAFA_PIXEL_MODE_SIXELS, "SIXELS");
_Static_assert(CQRQuizCLI_CHAFA_PIXEL_MODE_KITTY == CHAFA_PIXEL_MODE_KITTY, "KITTY");
_Static_assert(CQRQuizCLI_CHAFA_PIXEL_MODE_ITERM2 == CHAFA_PIXEL_MODE_ITERM2, "ITERM2");
_Static_assert(CQRQuizCLI_CHAFA_PIXEL_RGBA8_UNASSOCIATED == CHAFA_PIXEL_RGBA8_UNASSOCIATED, "RGBA8_UNASSOCIATED");
_Static_assert(sizeof(CQRQuizCLI_glib_string) == sizeof(GString), "GString's size");
_Static_assert(offsetof(CQRQuizCLI_glib_string, str) == offsetof(GString, str), "GString's str");
_Static_assert(offsetof(CQRQuizCLI_glib_string, len) == offsetof(GString, len), "GString's len");
_Static_assert(sizeof(gint) == sizeof(int) && sizeof(gboolean) == sizeof(int), "glib's int types");

// Every function chafa.c looks up exists under that name.
#define EXISTS(name, result, arguments) (void *)&name,
void *const CQRQuizCLI_chafa_functions[] = {CQRQuizCLI_CHAFA_FUNCTIONS(EXISTS)};
