#ifndef CQRQUIZHTTP_MICROHTTPD_FUNCTIONS_H
#define CQRQUIZHTTP_MICROHTTPD_FUNCTIONS_H

// The libmicrohttpd functions the shim calls: one list for the pointers, their lookup and
// the macros that route calls through them (microhttpd_loader.h).
#define CQRQuizHTTP_MICROHTTPD_FUNCTIONS(X)                                                       \
  X(MHD_add_response_header)                                                                        \
  X(MHD_create_response_from_buffer)                                                                \
  X(MHD_create_response_from_callback)                                                              \
  X(MHD_destroy_response)                                                                           \
  X(MHD_get_connection_info)                                                                        \
  X(MHD_get_connection_values)                                                                      \
  X(MHD_get_daemon_info)                                                                            \
  X(MHD_get_response_header)                                                                        \
  X(MHD_queue_response)                                                                             \
  X(MHD_resume_connection)                                                                          \
  X(MHD_start_daemon)                                                                               \
  X(MHD_stop_daemon)                                                                                \
  X(MHD_suspend_connection)

#endif
