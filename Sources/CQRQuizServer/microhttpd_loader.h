#ifndef CQRQUIZSERVER_MICROHTTPD_LOADER_H
#define CQRQUIZSERVER_MICROHTTPD_LOADER_H

// libmicrohttpd is loaded when a server starts, not when a program starts: with GnuTLS it
// costs every run of the command line a millisecond or more, and only `serve` and `live`
// use it. Its header still gives the types and constants at build time; each function the
// shim calls goes through a pointer looked up by `CQRQuizServer_load_microhttpd`, under
// the function's own name (the macros below), so http.c reads as plain libmicrohttpd.

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>

#include "microhttpd_functions.h"

#define CQRQuizServer_DECLARE_POINTER(name) extern __typeof__(&name) CQRQuizServer_call_##name;
CQRQuizServer_MICROHTTPD_FUNCTIONS(CQRQuizServer_DECLARE_POINTER)
#undef CQRQuizServer_DECLARE_POINTER

/// Loads libmicrohttpd once; 1 when every function was found, else 0 with the reason in
/// `error` (not installed, or too old).
int CQRQuizServer_load_microhttpd(char *error, size_t error_size);

// From here on, a call of MHD_x is a call through its pointer.
#define MHD_add_response_header (*CQRQuizServer_call_MHD_add_response_header)
#define MHD_create_response_from_buffer (*CQRQuizServer_call_MHD_create_response_from_buffer)
#define MHD_create_response_from_callback (*CQRQuizServer_call_MHD_create_response_from_callback)
#define MHD_destroy_response (*CQRQuizServer_call_MHD_destroy_response)
#define MHD_get_connection_info (*CQRQuizServer_call_MHD_get_connection_info)
#define MHD_get_connection_values (*CQRQuizServer_call_MHD_get_connection_values)
#define MHD_get_daemon_info (*CQRQuizServer_call_MHD_get_daemon_info)
#define MHD_lookup_connection_value (*CQRQuizServer_call_MHD_lookup_connection_value)
#define MHD_queue_response (*CQRQuizServer_call_MHD_queue_response)
#define MHD_resume_connection (*CQRQuizServer_call_MHD_resume_connection)
#define MHD_start_daemon (*CQRQuizServer_call_MHD_start_daemon)
#define MHD_stop_daemon (*CQRQuizServer_call_MHD_stop_daemon)
#define MHD_suspend_connection (*CQRQuizServer_call_MHD_suspend_connection)

#endif
