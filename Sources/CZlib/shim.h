#ifndef QRQUIZ_CZLIB_SHIM_H
#define QRQUIZ_CZLIB_SHIM_H
#include <zlib.h>

/// `inflateInit` is a function-like macro, which Swift does not import.
static inline int qrquiz_inflate_init(z_stream *stream) { return inflateInit(stream); }
/// `inflateInit2` for raw deflate data (window bits -15): a zip file's entries have no
/// zlib header or trailer.
static inline int qrquiz_inflate_raw_init(z_stream *stream) { return inflateInit2(stream, -15); }
/// `deflateInit2` with a gzip wrapper (window bits 15 + 16), for HTTP's gzip encoding.
static inline int qrquiz_gzip_init(z_stream *stream, int level) {
  return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}
#endif
