#ifndef CQRQUIZHTTP_H
#define CQRQUIZHTTP_H

// libmicrohttpd, behind what Swift cannot do itself: start a daemon (MHD_start_daemon is
// variadic, and MHD_OPTION_* and MHD_RESPMEM_* do not import into Swift), and be the
// callbacks libmicrohttpd calls, each of which hands its event to a Swift hook. What to do
// with the events (deadlines, header checks, body limits and memory, answers) is decided
// in Swift (QRQuizHTTP's HTTPServer), where it is tested in process. Every value that
// crosses this boundary is named here: no bare numbers mean anything on either side.

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/// A running daemon.
typedef struct CQRQuizHTTP_daemon CQRQuizHTTP_daemon;
/// A client's connection (libmicrohttpd's own), valid from its opening hook to its closing one.
typedef struct CQRQuizHTTP_connection CQRQuizHTTP_connection;
/// A response, given once or many times (libmicrohttpd counts its uses).
typedef struct CQRQuizHTTP_response CQRQuizHTTP_response;

/// Whether a call did what it was asked.
typedef enum __attribute__((enum_extensibility(closed))) CQRQuizHTTP_result {
  CQRQuizHTTP_result_done,
  CQRQuizHTTP_result_failed,
} CQRQuizHTTP_result;

/// What libmicrohttpd does after a hook: go on with the connection, or close it.
typedef enum __attribute__((enum_extensibility(closed))) CQRQuizHTTP_next {
  CQRQuizHTTP_next_proceed,
  CQRQuizHTTP_next_close,
} CQRQuizHTTP_next;

/// Where a request's value comes from.
typedef enum __attribute__((enum_extensibility(closed))) CQRQuizHTTP_value_kind {
  CQRQuizHTTP_value_kind_header,
  CQRQuizHTTP_value_kind_query,
  CQRQuizHTTP_value_kind_cookie,
} CQRQuizHTTP_value_kind;

/// What a stream's reader gave libmicrohttpd.
typedef enum __attribute__((enum_extensibility(closed))) CQRQuizHTTP_stream_read {
  /// Bytes, as many as the reader said.
  CQRQuizHTTP_stream_read_bytes,
  /// Nothing for now: the reader suspended the connection, and a write resumes it.
  CQRQuizHTTP_stream_read_waiting,
  /// The stream is over: libmicrohttpd ends the answer.
  CQRQuizHTTP_stream_read_ended,
} CQRQuizHTTP_stream_read;

/// The Swift functions libmicrohttpd's events reach, on libmicrohttpd's threads, each with
/// `context`. `request` is whatever `request_began` returned for the request.
typedef struct CQRQuizHTTP_hooks {
  void *context;
  /// A client connected on `socket`.
  void (*connection_opened)(void *context, CQRQuizHTTP_connection *connection, int socket);
  /// The connection is closing (its socket is still open, and closed after this returns).
  void (*connection_closed)(void *context, CQRQuizHTTP_connection *connection);
  /// A request's headers arrived: the request's state, kept until `request_finished`
  /// (NULL closes the connection). The hook may answer at once, refusing the request.
  void *(*request_began)(void *context, CQRQuizHTTP_connection *connection, const char *method, const char *path,
                         const char *version);
  /// Some of the request's body arrived.
  CQRQuizHTTP_next (*body_arrived)(void *context, void *request, const uint8_t *bytes, size_t length);
  /// The request arrived whole: the hook answers it, or suspends its connection.
  CQRQuizHTTP_next (*request_arrived)(void *context, void *request);
  /// libmicrohttpd is done with the request (its answer sent, or its connection gone);
  /// `request` is NULL when none had begun.
  void (*request_finished)(void *context, CQRQuizHTTP_connection *connection, void *request);
  /// Percent-decodes the path or a query value in place; returns its new length.
  size_t (*unescape)(void *context, char *text);
} CQRQuizHTTP_hooks;

/// The most headers libmicrohttpd's own answers get (more are left out).
enum { CQRQuizHTTP_own_answer_header_limit = 16 };

/// How to listen.
typedef struct CQRQuizHTTP_options {
  /// The numeric address to listen on (IPv4 or IPv6).
  const char *address;
  /// The port; 0 for any free one (see CQRQuizHTTP_port).
  uint16_t port;
  /// Threads in libmicrohttpd's pool, each with its own epoll loop.
  unsigned int threads;
  /// Connections at once, in all, and from one client address.
  unsigned int connection_limit;
  unsigned int per_address_limit;
  /// Seconds a connection may sit idle.
  unsigned int idle_timeout;
  /// Bytes of memory per connection (request line and headers must fit in it).
  size_t connection_memory;
  /// PEM certificate and key for HTTPS; both NULL for plain HTTP.
  const char *tls_certificate;
  const char *tls_key;
  /// Headers for the answers libmicrohttpd makes itself (its 431 and 400): "Name: value"
  /// lines, each ended by "\n", at most CQRQuizHTTP_own_answer_header_limit; or NULL.
  const char *own_answer_headers;
} CQRQuizHTTP_options;

/// Loads libmicrohttpd (once) and starts a daemon whose events reach `hooks`; NULL on
/// failure, with a message in `error`.
CQRQuizHTTP_daemon *CQRQuizHTTP_start(const CQRQuizHTTP_options *options, const CQRQuizHTTP_hooks *hooks,
                                      char *error, size_t error_size);
/// The port the daemon listens on.
uint16_t CQRQuizHTTP_port(CQRQuizHTTP_daemon *daemon);
/// Stops the daemon and frees it: no connection may be suspended.
void CQRQuizHTTP_stop(CQRQuizHTTP_daemon *daemon);

/// Calls `visit` for each header, query argument and cookie of the request on `connection`.
void CQRQuizHTTP_values(CQRQuizHTTP_connection *connection,
                        void (*visit)(void *context, CQRQuizHTTP_value_kind kind, const char *name, const char *value),
                        void *context);
/// The client's numeric address, or "" if unknown.
void CQRQuizHTTP_client_address(CQRQuizHTTP_connection *connection, char *buffer, size_t size);

/// A response of `length` bytes, copied now; NULL when libmicrohttpd cannot be loaded.
CQRQuizHTTP_response *CQRQuizHTTP_response_of_bytes(const uint8_t *bytes, size_t length);
/// A response of endless length, whose bytes `read` gives as libmicrohttpd asks for them
/// (`stream` is handed back to it), until it says the stream ended. `freed` is called once
/// libmicrohttpd is done with it (the connection closing).
CQRQuizHTTP_response *CQRQuizHTTP_response_of_stream(
    void *stream, CQRQuizHTTP_stream_read (*read)(void *stream, uint8_t *buffer, size_t capacity, size_t *length),
    void (*freed)(void *stream));
/// Adds a header line; libmicrohttpd refuses a value holding CR or LF.
CQRQuizHTTP_result CQRQuizHTTP_response_add_header(CQRQuizHTTP_response *response, const char *name,
                                                   const char *value);
/// Gives up the caller's hold on the response (it lives on while connections send it).
void CQRQuizHTTP_response_release(CQRQuizHTTP_response *response);

/// Queues `response` with `status` as the answer on `connection`: from the request's hooks,
/// or from any thread while the connection is suspended (then resume it).
CQRQuizHTTP_result CQRQuizHTTP_queue(CQRQuizHTTP_connection *connection, unsigned int status,
                                     CQRQuizHTTP_response *response);
/// Holds the connection (no thread waits, no timeout runs): from a hook or a stream's reader.
void CQRQuizHTTP_suspend(CQRQuizHTTP_connection *connection);
/// Hands a suspended connection back to libmicrohttpd's loop, from any thread.
void CQRQuizHTTP_resume(CQRQuizHTTP_connection *connection);

#endif
