#ifndef CQRQUIZSERVER_HTTP_H
#define CQRQUIZSERVER_HTTP_H

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
typedef struct CQRQuizServer_http_daemon CQRQuizServer_http_daemon;

/// One request, owned by the shim from its first byte until libmicrohttpd reports it
/// complete. Swift may keep it while the connection is suspended (an answer still to come).
typedef struct CQRQuizServer_http_request CQRQuizServer_http_request;

/// Called once a request has arrived whole, on one of libmicrohttpd's threads. Answer it
/// with CQRQuizServer_http_respond before returning, or call CQRQuizServer_http_suspend and
/// answer it later with CQRQuizServer_http_respond_later from any thread.
typedef void (*CQRQuizServer_http_handler)(void *context, CQRQuizServer_http_request *request);

/// Called when a request's headers have arrived, before its body: the most bytes of body
/// this method and path may send. Larger gets 413 before anything of it is read.
typedef size_t (*CQRQuizServer_http_body_limit)(void *context, const char *method, const char *path);

typedef struct CQRQuizServer_http_options {
  /// The numeric address to listen on (IPv4 or IPv6); NULL for 127.0.0.1.
  const char *address;
  /// The port; 0 for any free one (see CQRQuizServer_http_port).
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
} CQRQuizServer_http_options;

/// Starts a daemon; NULL on failure with a message in `error`.
CQRQuizServer_http_daemon *CQRQuizServer_http_start(const CQRQuizServer_http_options *options,
                                                    CQRQuizServer_http_handler handler,
                                                    CQRQuizServer_http_body_limit body_limit, void *context,
                                                    char *error, size_t error_size);
/// The port the daemon listens on.
uint16_t CQRQuizServer_http_port(CQRQuizServer_http_daemon *daemon);
/// Requests begun whose answer has not been sent yet (nor their connection closed).
long CQRQuizServer_http_open_requests(CQRQuizServer_http_daemon *daemon);
/// Connections the watchdog has cut off for being too slow, since the start.
long CQRQuizServer_http_connections_cut(CQRQuizServer_http_daemon *daemon);
/// Stops the daemon: every request must have been answered.
void CQRQuizServer_http_stop(CQRQuizServer_http_daemon *daemon);

// The request, valid until it is answered.
const char *CQRQuizServer_http_method(const CQRQuizServer_http_request *request);
/// The path, percent-decoded by libmicrohttpd, without the query.
const char *CQRQuizServer_http_path(const CQRQuizServer_http_request *request);
/// Calls `visit` for each header (kind 0), query argument (kind 1) and cookie (kind 2).
void CQRQuizServer_http_values(const CQRQuizServer_http_request *request,
                               void (*visit)(void *context, int kind, const char *name, const char *value),
                               void *context);
const uint8_t *CQRQuizServer_http_body(const CQRQuizServer_http_request *request, size_t *length);
/// The client's numeric address, or "" if unknown.
void CQRQuizServer_http_client_address(const CQRQuizServer_http_request *request, char *buffer, size_t size);

/// Answers `request` from within the handler. `headers` holds "Name: value" lines ending
/// in "\r\n". Returns 0 on success.
int CQRQuizServer_http_respond(CQRQuizServer_http_request *request, unsigned int status, const char *headers,
                               const uint8_t *body, size_t length);
/// Holds the connection until CQRQuizServer_http_respond_later: called from within the handler.
void CQRQuizServer_http_suspend(CQRQuizServer_http_request *request);
/// Answers a suspended request, from any thread, and resumes its connection.
int CQRQuizServer_http_respond_later(CQRQuizServer_http_request *request, unsigned int status, const char *headers,
                                     const uint8_t *body, size_t length);

/// A response made once and given many times (libmicrohttpd counts its uses): the bytes
/// and header lines are copied in now, so answering with it later costs no copy.
typedef struct CQRQuizServer_http_response CQRQuizServer_http_response;
CQRQuizServer_http_response *CQRQuizServer_http_response_create(const char *headers, const uint8_t *body,
                                                                size_t length);
void CQRQuizServer_http_response_destroy(CQRQuizServer_http_response *response);
/// Answers with a made response, from the handler or (for a suspended request) later.
int CQRQuizServer_http_respond_with(CQRQuizServer_http_request *request, unsigned int status,
                                    CQRQuizServer_http_response *response, int later);

// MARK: Event streams

/// An endless answer written to while the connection lives (server-sent events): bytes
/// written are sent as the client takes them; with nothing to send, the connection is
/// suspended (no thread waits, no loop spins) until the next write resumes it.
typedef struct CQRQuizServer_http_stream CQRQuizServer_http_stream;

/// Answers `request` (from within the handler) with a stream: `status`, `headers`, then
/// whatever is written. The stream is released by the caller with
/// CQRQuizServer_http_stream_release once it stops writing; NULL when it cannot be made.
CQRQuizServer_http_stream *CQRQuizServer_http_respond_stream(CQRQuizServer_http_request *request,
                                                             unsigned int status, const char *headers);
/// Appends bytes to the stream, from any thread. Returns 0, or -1 once the client is gone
/// (or the stream was closed); past `limit` bytes waiting for a client that does not
/// read, the stream is closed instead (the client reconnects and starts afresh).
int CQRQuizServer_http_stream_write(CQRQuizServer_http_stream *stream, const uint8_t *bytes, size_t length,
                                    size_t limit);
/// Ends the stream once what was written is sent.
void CQRQuizServer_http_stream_close(CQRQuizServer_http_stream *stream);
/// Whether the client is gone.
int CQRQuizServer_http_stream_is_finished(CQRQuizServer_http_stream *stream);
/// Gives up the caller's hold on the stream (it lives on while libmicrohttpd sends it).
void CQRQuizServer_http_stream_release(CQRQuizServer_http_stream *stream);
/// Streams open now.
long CQRQuizServer_http_open_streams(CQRQuizServer_http_daemon *daemon);

#endif
