#ifndef CQRQUIZ_CURL_H
#define CQRQUIZ_CURL_H

// Why this is C: curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot
// call. These functions set up and run one GET with named, typed arguments.

#include <stddef.h>
#include <stdint.h>

/// Called for each piece of the body; return `length` to go on, 0 to stop the transfer.
typedef size_t (*CQRQuiz_curl_body_callback)(const char *data, size_t length, void *context);
/// Called for each header line (and each status line); return `length` to go on, 0 to stop.
typedef size_t (*CQRQuiz_curl_header_callback)(const char *line, size_t length, void *context);
/// Called at least once a second, also while nothing arrives; nonzero stops the transfer.
typedef int (*CQRQuiz_curl_progress_callback)(void *context);

/// What one GET did.
typedef struct {
  /// The CURLcode.
  int code;
  /// The HTTP status of the last response, 0 if none.
  long status;
  /// For a 3xx with a Location, the absolute URL it points at (owned by the handle; valid
  /// until the next call on it), else NULL.
  const char *redirect_url;
} CQRQuiz_curl_result;

/// libcurl's codes the Swift side tells apart (their values are libcurl's ABI: they never
/// change), and the shim's own for a libcurl that cannot be loaded. No Swift code imports
/// libcurl's header: libcurl is loaded when the first download needs it.
enum {
  CQRQuiz_CURLE_OK = 0,
  CQRQuiz_CURLE_UNSUPPORTED_PROTOCOL = 1,
  CQRQuiz_CURLE_COULDNT_RESOLVE_PROXY = 5,
  CQRQuiz_CURLE_COULDNT_RESOLVE_HOST = 6,
  CQRQuiz_CURLE_COULDNT_CONNECT = 7,
  CQRQuiz_CURLE_WEIRD_SERVER_REPLY = 8,
  CQRQuiz_CURLE_HTTP2 = 16,
  CQRQuiz_CURLE_PARTIAL_FILE = 18,
  CQRQuiz_CURLE_OPERATION_TIMEDOUT = 28,
  CQRQuiz_CURLE_SSL_CONNECT_ERROR = 35,
  CQRQuiz_CURLE_GOT_NOTHING = 52,
  CQRQuiz_CURLE_SEND_ERROR = 55,
  CQRQuiz_CURLE_RECV_ERROR = 56,
  CQRQuiz_CURLE_SSL_CERTPROBLEM = 58,
  CQRQuiz_CURLE_SSL_CIPHER = 59,
  CQRQuiz_CURLE_PEER_FAILED_VERIFICATION = 60,
  CQRQuiz_CURLE_BAD_CONTENT_ENCODING = 61,
  CQRQuiz_CURLE_SSL_CACERT_BADFILE = 77,
  CQRQuiz_CURLE_SSL_PINNEDPUBKEYNOTMATCH = 90,
  CQRQuiz_CURLE_SSL_ISSUER_ERROR = 83,
  /// libcurl could not be loaded.
  CQRQuiz_CURL_NOT_INSTALLED = 10000,
};

/// One global initialisation, before any handle is made (libcurl is loaded then).
int CQRQuiz_curl_global_init(void);

/// A new easy handle, or NULL. Free it with `CQRQuiz_curl_free`.
void *CQRQuiz_curl_new(void);
void CQRQuiz_curl_free(void *handle);

/// Runs one GET of `url` on `handle` without following redirects, with `headers` ("Name:
/// value" strings) added, only the protocols in `protocols` ("http,https"), the whole
/// transfer bounded by `timeout_ms` and the connection by `connect_timeout_ms`. No
/// Accept-Encoding is offered and no content encoding is decoded: bodies arrive as sent.
CQRQuiz_curl_result CQRQuiz_curl_get(void *handle, const char *url, const char *const *headers,
                                   size_t header_count, const char *protocols, long timeout_ms,
                                   long connect_timeout_ms, CQRQuiz_curl_body_callback body,
                                   CQRQuiz_curl_header_callback header,
                                   CQRQuiz_curl_progress_callback progress, void *context);

/// libcurl's words for a CURLcode.
const char *CQRQuiz_curl_error_text(int code);

#endif
