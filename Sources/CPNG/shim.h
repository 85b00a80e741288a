#ifndef QRQUIZ_CPNG_SHIM_H
#define QRQUIZ_CPNG_SHIM_H
#include <png.h>
#endif
