#ifndef QRQUIZ_CQRENCODE_SHIM_H
#define QRQUIZ_CQRENCODE_SHIM_H
#include <qrencode.h>
#endif
