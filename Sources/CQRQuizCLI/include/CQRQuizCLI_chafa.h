#ifndef CQRQUIZCLI_CHAFA_H
#define CQRQUIZCLI_CHAFA_H

// Why this is C: the glib strings and environment arrays chafa works with are simplest
// handled here; Swift gets one call with plain arguments and a malloc'd string back.

#include <stddef.h>
#include <stdint.h>

/// How the terminal described by `envp` (NULL-terminated "NAME=value" strings) draws.
typedef enum {
  /// No colours at all: chafa would only draw in one colour.
  CQRQuizCLI_TERMINAL_NO_IMAGES = 0,
  /// Colour block symbols.
  CQRQuizCLI_TERMINAL_SYMBOLS = 1,
  /// Real pixels: kitty, iTerm2 or sixels.
  CQRQuizCLI_TERMINAL_PIXELS = 2,
} CQRQuizCLI_terminal_images;

CQRQuizCLI_terminal_images CQRQuizCLI_chafa_capability(const char *const *envp);

/// Draws `width`×`height` RGBA pixels (`rowstride` bytes a row) to fit within `columns`
/// × `rows` character cells, keeping the aspect ratio, in the best mode the terminal
/// described by `envp` supports. Returns a malloc'd NUL-terminated string of terminal
/// output (free it with `free`), and the cells used in `used_columns`/`used_rows`; NULL
/// when chafa fails.
char *CQRQuizCLI_chafa_draw(const uint8_t *rgba, int width, int height, int rowstride, int columns, int rows,
                        const char *const *envp, int *used_columns, int *used_rows);

#endif
