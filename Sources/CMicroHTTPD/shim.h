// libmicrohttpd: the HTTP server of `qrquiz serve` (thread pool, suspend/resume, TLS
// through GnuTLS). Its daemon start is variadic and several of its enums do not import
// into Swift: CHTTPServerShim wraps what QRQuiz uses behind named arguments.
#include <sys/types.h>
#include <sys/socket.h>
#include <stdint.h>
#include <microhttpd.h>
