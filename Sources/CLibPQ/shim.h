#ifndef QRQUIZ_CLIBPQ_SHIM_H
#define QRQUIZ_CLIBPQ_SHIM_H
#include <libpq-fe.h>
#endif
