#ifndef CQRQUIZHTTP_MICROHTTPD_LOADER_H
#define CQRQUIZHTTP_MICROHTTPD_LOADER_H

// libmicrohttpd is loaded when a server starts, not when a program starts: with GnuTLS it
// costs every run of the command line a millisecond or more, and only `serve` and `live`
// use it. Its header still gives the types and constants at build time; each function the
// shim calls goes through a pointer looked up by `CQRQuizHTTP_load_microhttpd`, under
// the function's own name (the macros below), so http.c reads as plain libmicrohttpd.

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>

#include "microhttpd_functions.h"

#define CQRQuizHTTP_DECLARE_POINTER(name) extern __typeof__(&name) CQRQuizHTTP_call_##name;
CQRQuizHTTP_MICROHTTPD_FUNCTIONS(CQRQuizHTTP_DECLARE_POINTER)
#undef CQRQuizHTTP_DECLARE_POINTER

/// Loads libmicrohttpd once; 1 when every function was found, else 0 with the reason in
/// `error` (not installed, or too old).
int CQRQuizHTTP_load_microhttpd(char *error, size_t error_size);

/// What libmicrohttpd's own calls of MHD_queue_response reach once it is loaded (http.c):
/// the answers it makes itself (431 for a head over the connection's memory, 400 for a
/// request line it cannot read) get the daemon's headers on every answer, then are queued.
enum MHD_Result CQRQuizHTTP_queue_own_answer(struct MHD_Connection *connection, unsigned int status,
                                             struct MHD_Response *response);

// From here on, a call of MHD_x is a call through its pointer.
#define MHD_add_response_header (*CQRQuizHTTP_call_MHD_add_response_header)
#define MHD_create_response_from_buffer (*CQRQuizHTTP_call_MHD_create_response_from_buffer)
#define MHD_create_response_from_callback (*CQRQuizHTTP_call_MHD_create_response_from_callback)
#define MHD_destroy_response (*CQRQuizHTTP_call_MHD_destroy_response)
#define MHD_get_connection_info (*CQRQuizHTTP_call_MHD_get_connection_info)
#define MHD_get_connection_values (*CQRQuizHTTP_call_MHD_get_connection_values)
#define MHD_get_daemon_info (*CQRQuizHTTP_call_MHD_get_daemon_info)
#define MHD_get_response_header (*CQRQuizHTTP_call_MHD_get_response_header)
#define MHD_queue_response (*CQRQuizHTTP_call_MHD_queue_response)
#define MHD_resume_connection (*CQRQuizHTTP_call_MHD_resume_connection)
#define MHD_start_daemon (*CQRQuizHTTP_call_MHD_start_daemon)
#define MHD_stop_daemon (*CQRQuizHTTP_call_MHD_stop_daemon)
#define MHD_suspend_connection (*CQRQuizHTTP_call_MHD_suspend_connection)

#endif
