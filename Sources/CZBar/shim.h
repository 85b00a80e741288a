#ifndef QRQUIZ_CZBAR_SHIM_H
#define QRQUIZ_CZBAR_SHIM_H
#include <zbar.h>

/// `zbar_fourcc` is a function-like macro, which Swift does not import.
static inline unsigned long qrquiz_zbar_fourcc_y800(void) {
  return zbar_fourcc('Y', '8', '0', '0');
}
#endif
