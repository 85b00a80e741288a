#ifndef QRQUIZ_CZSTD_SHIM_H
#define QRQUIZ_CZSTD_SHIM_H
#include <zstd.h>

/// `ZSTD_CONTENTSIZE_UNKNOWN` and `ZSTD_CONTENTSIZE_ERROR` are cast expressions, which Swift
/// does not import: what `ZSTD_getFrameContentSize` answers for a frame that does not say
/// its size, and for bytes that are no zstd frame.
static inline unsigned long long CZstd_contentSizeUnknown(void) { return ZSTD_CONTENTSIZE_UNKNOWN; }
static inline unsigned long long CZstd_contentSizeError(void) { return ZSTD_CONTENTSIZE_ERROR; }
#endif
