#ifndef QRQUIZ_CZLIB_SHIM_H
#define QRQUIZ_CZLIB_SHIM_H
#include <zlib.h>

/// `inflateInit` is a function-like macro, which Swift does not import.
static inline int qrquiz_inflate_init(z_stream *stream) { return inflateInit(stream); }
#endif
