#ifndef QRQUIZ_CLIBPQ_H
#define QRQUIZ_CLIBPQ_H

// libpq is loaded when the first PostgreSQL connection is made, not when a program starts:
// linked, it brought Kerberos, LDAP and GnuTLS into every run of the command line (a
// `qrquiz decode` among them), and only a server on PostgreSQL uses it. Its header still
// gives the types and constants at build time; each function is called through the
// pointer `qrquiz_load_libpq` looks up, a member of `qrquiz_libpq` under the function's name.

#include <stddef.h>
#include <postgresql/libpq-fe.h>

#define QRQUIZ_LIBPQ_FUNCTIONS(X) \
  X(PQconnectdbParams)            \
  X(PQstatus)                     \
  X(PQerrorMessage)               \
  X(PQfinish)                     \
  X(PQsetNoticeProcessor)         \
  X(PQexec)                       \
  X(PQexecParams)                 \
  X(PQputCopyData)                \
  X(PQputCopyEnd)                 \
  X(PQgetResult)                  \
  X(PQclear)                      \
  X(PQresultStatus)               \
  X(PQresultErrorField)           \
  X(PQtransactionStatus)          \
  X(PQreset)                      \
  X(PQntuples)                    \
  X(PQnfields)                    \
  X(PQftype)                      \
  X(PQgetisnull)                  \
  X(PQgetlength)                  \
  X(PQgetvalue)                   \
  X(PQsocket)                     \
  X(PQconsumeInput)               \
  X(PQnotifies)                   \
  X(PQfreemem)

/// libpq's functions, each under its own name, once loaded.
typedef struct {
#define QRQUIZ_LIBPQ_MEMBER(name) __typeof__(&name) name;
  QRQUIZ_LIBPQ_FUNCTIONS(QRQUIZ_LIBPQ_MEMBER)
#undef QRQUIZ_LIBPQ_MEMBER
} qrquiz_libpq;

/// Loads libpq once: its functions when every one was found, else NULL with the reason in
/// `error` (not installed, or too old).
const qrquiz_libpq *qrquiz_load_libpq(char *error, size_t error_size);

#endif
