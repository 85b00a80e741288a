#ifndef CQRQUIZCARDS_CAIRO_H
#define CQRQUIZCARDS_CAIRO_H

// Why this is C: cairo is loaded when the first card is drawn (a program that imports
// QRQuiz never loads it), and its surfaces write through C callbacks. Swift sees one
// canvas handle, a few drawing calls in points (PDF) or pixels (PNG), and the finished
// file's bytes.

#include <stddef.h>
#include <stdint.h>

/// Loads cairo once; 1 when every function was found, else 0 with one line saying why in
/// `error` (not installed, or too old).
int CQRQuizCards_load_cairo(char *error, size_t error_size);

/// A PDF document or a PNG image being drawn. Not thread-safe.
typedef struct CQRQuizCards_canvas CQRQuizCards_canvas;

/// A vector PDF whose pages are `width`×`height` points; NULL when cairo is not loaded or
/// memory runs out.
CQRQuizCards_canvas *CQRQuizCards_canvas_pdf(double width, double height);
/// A white `width`×`height` pixel image, written as PNG; NULL as above.
CQRQuizCards_canvas *CQRQuizCards_canvas_png(int width, int height);
void CQRQuizCards_canvas_free(CQRQuizCards_canvas *canvas);

/// Drawing, in the canvas's units from its top-left corner. Shapes are filled or stroked
/// in the grey `level` (0 black, 1 white).
void CQRQuizCards_fill_rectangles(CQRQuizCards_canvas *canvas, const double *rectangles, int count, double level);
void CQRQuizCards_stroke_line(CQRQuizCards_canvas *canvas, double x0, double y0, double x1, double y1, double width,
                              double level);
/// UTF-8 `text` in DejaVu Sans (bold when `bold`) of `size` in grey `level`, its baseline
/// through (`x`, `y`) turned by `angle` radians clockwise, the point `align` of the way
/// along it (0 its start, 0.5 its middle, 1 its end).
void CQRQuizCards_show_text(CQRQuizCards_canvas *canvas, const char *text, double size, int bold, double x, double y,
                            double angle, double align, double level);
/// The advance width of `text` at `size` (the same font).
double CQRQuizCards_text_width(CQRQuizCards_canvas *canvas, const char *text, double size, int bold);
/// Ends a PDF page and starts the next.
void CQRQuizCards_next_page(CQRQuizCards_canvas *canvas);

/// Finishes the document and hands its bytes (malloc'd: free them with `free`) through
/// `bytes` and `length`. Returns 1, or 0 with cairo's words in `error`.
int CQRQuizCards_canvas_finish(CQRQuizCards_canvas *canvas, uint8_t **bytes, size_t *length, char *error,
                               size_t error_size);

#endif
