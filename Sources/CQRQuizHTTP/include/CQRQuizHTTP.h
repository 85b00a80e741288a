#ifndef CQRQUIZHTTP_HTTP_H
#define CQRQUIZHTTP_HTTP_H

// libmicrohttpd behind a small API Swift can call: the daemon starts from named options
// (MHD_start_daemon is variadic, and MHD_OPTION_* / MHD_RESPMEM_* do not import), each
// request reaches Swift once, whole (body included, within its limit), and a response is
// given as status, header lines and bytes, at once or later from any thread.
//
// The shim also bounds what libmicrohttpd alone does not: the time to receive a whole
// request and to send a whole answer (a watchdog thread shuts down connections past their
// deadline), the size of the headers (431), a body's size per route (413, before the body
// is read), requests libmicrohttpd would take but HTTP forbids (two Content-Length values,
// HTTP/1.1 without Host: 400). Its own answers carry the server's headers on every answer.

#include <stddef.h>
#include <stdint.h>

/// A running server: libmicrohttpd's daemon and what the shim keeps for it.
typedef struct CQRQuizHTTP_daemon CQRQuizHTTP_daemon;

/// One request, owned by the shim from its first byte until libmicrohttpd reports it
/// complete. Swift may keep it while the connection is suspended (an answer still to come).
typedef struct CQRQuizHTTP_request CQRQuizHTTP_request;

/// Called once a request has arrived whole, on one of libmicrohttpd's threads. Answer it
/// with CQRQuizHTTP_respond before returning, or call CQRQuizHTTP_suspend and
/// answer it later with CQRQuizHTTP_respond_later from any thread.
typedef void (*CQRQuizHTTP_handler)(void *context, CQRQuizHTTP_request *request);

/// Called when a request's headers have arrived, before its body: the most bytes of body
/// this method and path may send. Larger gets 413 before anything of it is read.
typedef size_t (*CQRQuizHTTP_body_limit)(void *context, const char *method, const char *path);

typedef struct CQRQuizHTTP_options {
  /// The numeric address to listen on (IPv4 or IPv6); NULL for 127.0.0.1.
  const char *address;
  /// The port; 0 for any free one (see CQRQuizHTTP_port).
  uint16_t port;
  /// Threads in libmicrohttpd's pool, each with its own epoll loop.
  unsigned int threads;
  /// Connections at once, in all, and from one client address.
  unsigned int connection_limit;
  unsigned int per_address_limit;
  /// Seconds a connection may sit idle between requests.
  unsigned int idle_timeout;
  /// Seconds to receive a whole request (request line, headers and body) from when the
  /// connection opens or its previous answer was sent; a body adds its length at
  /// `minimum_rate`. A client trickling bytes is cut off past it.
  double request_timeout;
  /// Seconds to send a whole answer, plus its length at `minimum_rate`. A client reading
  /// slowly is cut off past it.
  double response_timeout;
  /// Bytes a second a client must keep up when sending a body or reading an answer.
  double minimum_rate;
  /// Bytes of request line and headers: more gets 431.
  size_t header_limit;
  /// Bytes of request bodies held at once, in all (each is held whole before its route
  /// runs): a request that would go past it gets 503.
  size_t body_memory_limit;
  /// Header lines ("Name: value\r\n") every answer the shim makes itself carries (its
  /// 400, 413, 431, 500); the handler's answers carry what the handler gives.
  const char *default_headers;
  /// PEM certificate and key for HTTPS; both NULL for plain HTTP.
  const char *tls_certificate;
  const char *tls_key;
} CQRQuizHTTP_options;

/// Starts a daemon; NULL on failure with a message in `error`.
CQRQuizHTTP_daemon *CQRQuizHTTP_start(const CQRQuizHTTP_options *options,
                                                    CQRQuizHTTP_handler handler,
                                                    CQRQuizHTTP_body_limit body_limit, void *context,
                                                    char *error, size_t error_size);
/// The port the daemon listens on.
uint16_t CQRQuizHTTP_port(CQRQuizHTTP_daemon *daemon);
/// Requests begun whose answer has not been sent yet (nor their connection closed).
long CQRQuizHTTP_open_requests(CQRQuizHTTP_daemon *daemon);
/// Connections the watchdog has cut off for being too slow, since the start.
long CQRQuizHTTP_connections_cut(CQRQuizHTTP_daemon *daemon);
/// Stops the daemon: every request must have been answered.
void CQRQuizHTTP_stop(CQRQuizHTTP_daemon *daemon);

// The request, valid until it is answered.
const char *CQRQuizHTTP_method(const CQRQuizHTTP_request *request);
/// The path, percent-decoded by libmicrohttpd, without the query.
const char *CQRQuizHTTP_path(const CQRQuizHTTP_request *request);
/// Calls `visit` for each header (kind 0), query argument (kind 1) and cookie (kind 2).
void CQRQuizHTTP_values(const CQRQuizHTTP_request *request,
                               void (*visit)(void *context, int kind, const char *name, const char *value),
                               void *context);
const uint8_t *CQRQuizHTTP_body(const CQRQuizHTTP_request *request, size_t *length);
/// The client's numeric address, or "" if unknown.
void CQRQuizHTTP_client_address(const CQRQuizHTTP_request *request, char *buffer, size_t size);

/// Answers `request` from within the handler. `headers` holds "Name: value" lines ending
/// in "\r\n". Returns 0 on success.
int CQRQuizHTTP_respond(CQRQuizHTTP_request *request, unsigned int status, const char *headers,
                               const uint8_t *body, size_t length);
/// Holds the connection until CQRQuizHTTP_respond_later: called from within the handler.
void CQRQuizHTTP_suspend(CQRQuizHTTP_request *request);
/// Answers a suspended request, from any thread, and resumes its connection.
int CQRQuizHTTP_respond_later(CQRQuizHTTP_request *request, unsigned int status, const char *headers,
                                     const uint8_t *body, size_t length);

/// A response made once and given many times (libmicrohttpd counts its uses): the bytes
/// and header lines are copied in now, so answering with it later costs no copy.
typedef struct CQRQuizHTTP_response CQRQuizHTTP_response;
CQRQuizHTTP_response *CQRQuizHTTP_response_create(const char *headers, const uint8_t *body,
                                                                size_t length);
void CQRQuizHTTP_response_destroy(CQRQuizHTTP_response *response);
/// Answers with a made response, from the handler or (for a suspended request) later.
int CQRQuizHTTP_respond_with(CQRQuizHTTP_request *request, unsigned int status,
                                    CQRQuizHTTP_response *response, int later);

// MARK: Event streams

/// An endless answer written to while the connection lives (server-sent events): bytes
/// written are sent as the client takes them; with nothing to send, the connection is
/// suspended (no thread waits, no loop spins) until the next write resumes it.
typedef struct CQRQuizHTTP_stream CQRQuizHTTP_stream;

/// Answers `request` (from within the handler) with a stream: `status`, `headers`, then
/// whatever is written. The stream is released by the caller with
/// CQRQuizHTTP_stream_release once it stops writing; NULL when it cannot be made.
CQRQuizHTTP_stream *CQRQuizHTTP_respond_stream(CQRQuizHTTP_request *request,
                                                             unsigned int status, const char *headers);
/// Appends bytes to the stream, from any thread. Returns 0, or -1 once the client is gone
/// (or the stream was closed); past `limit` bytes waiting for a client that does not
/// read, the stream is closed instead (the client reconnects and starts afresh).
int CQRQuizHTTP_stream_write(CQRQuizHTTP_stream *stream, const uint8_t *bytes, size_t length,
                                    size_t limit);
/// Ends the stream once what was written is sent.
void CQRQuizHTTP_stream_close(CQRQuizHTTP_stream *stream);
/// Whether the client is gone.
int CQRQuizHTTP_stream_is_finished(CQRQuizHTTP_stream *stream);
/// Gives up the caller's hold on the stream (it lives on while libmicrohttpd sends it).
void CQRQuizHTTP_stream_release(CQRQuizHTTP_stream *stream);
/// Streams open now.
long CQRQuizHTTP_open_streams(CQRQuizHTTP_daemon *daemon);

#endif
