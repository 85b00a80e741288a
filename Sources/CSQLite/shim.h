#ifndef QRQUIZ_CSQLITE_SHIM_H
#define QRQUIZ_CSQLITE_SHIM_H
#include <sqlite3.h>

/// `SQLITE_TRANSIENT` is a cast macro, which Swift does not import: the destructor that
/// makes SQLite copy a bound text or blob before the call returns.
static inline sqlite3_destructor_type CSQLite_transient(void) { return SQLITE_TRANSIENT; }
#endif
