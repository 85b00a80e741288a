#include "CQRQuiz_curl.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>

// libcurl is loaded when the first download needs it, not when a program starts: with its
// TLS, Kerberos, LDAP, SSH and RTMP libraries it is most of a process's start-up, and most
// runs (reading a photo, encoding a topic) download nothing. Only its header is used at
// build time, for its types and constants; its functions are looked up here.
// The codes the Swift side names are libcurl's own.
_Static_assert(CQRQuiz_CURLE_OK == CURLE_OK, "libcurl's code OK");
_Static_assert(CQRQuiz_CURLE_UNSUPPORTED_PROTOCOL == CURLE_UNSUPPORTED_PROTOCOL, "libcurl's code UNSUPPORTED_PROTOCOL");
_Static_assert(CQRQuiz_CURLE_COULDNT_RESOLVE_PROXY == CURLE_COULDNT_RESOLVE_PROXY, "libcurl's code COULDNT_RESOLVE_PROXY");
_Static_assert(CQRQuiz_CURLE_COULDNT_RESOLVE_HOST == CURLE_COULDNT_RESOLVE_HOST, "libcurl's code COULDNT_RESOLVE_HOST");
_Static_assert(CQRQuiz_CURLE_COULDNT_CONNECT == CURLE_COULDNT_CONNECT, "libcurl's code COULDNT_CONNECT");
_Static_assert(CQRQuiz_CURLE_WEIRD_SERVER_REPLY == CURLE_WEIRD_SERVER_REPLY, "libcurl's code WEIRD_SERVER_REPLY");
_Static_assert(CQRQuiz_CURLE_HTTP2 == CURLE_HTTP2, "libcurl's code HTTP2");
_Static_assert(CQRQuiz_CURLE_PARTIAL_FILE == CURLE_PARTIAL_FILE, "libcurl's code PARTIAL_FILE");
_Static_assert(CQRQuiz_CURLE_OPERATION_TIMEDOUT == CURLE_OPERATION_TIMEDOUT, "libcurl's code OPERATION_TIMEDOUT");
_Static_assert(CQRQuiz_CURLE_SSL_CONNECT_ERROR == CURLE_SSL_CONNECT_ERROR, "libcurl's code SSL_CONNECT_ERROR");
_Static_assert(CQRQuiz_CURLE_GOT_NOTHING == CURLE_GOT_NOTHING, "libcurl's code GOT_NOTHING");
_Static_assert(CQRQuiz_CURLE_SEND_ERROR == CURLE_SEND_ERROR, "libcurl's code SEND_ERROR");
_Static_assert(CQRQuiz_CURLE_RECV_ERROR == CURLE_RECV_ERROR, "libcurl's code RECV_ERROR");
_Static_assert(CQRQuiz_CURLE_SSL_CERTPROBLEM == CURLE_SSL_CERTPROBLEM, "libcurl's code SSL_CERTPROBLEM");
_Static_assert(CQRQuiz_CURLE_SSL_CIPHER == CURLE_SSL_CIPHER, "libcurl's code SSL_CIPHER");
_Static_assert(CQRQuiz_CURLE_PEER_FAILED_VERIFICATION == CURLE_PEER_FAILED_VERIFICATION, "libcurl's code PEER_FAILED_VERIFICATION");
_Static_assert(CQRQuiz_CURLE_BAD_CONTENT_ENCODING == CURLE_BAD_CONTENT_ENCODING, "libcurl's code BAD_CONTENT_ENCODING");
_Static_assert(CQRQuiz_CURLE_SSL_CACERT_BADFILE == CURLE_SSL_CACERT_BADFILE, "libcurl's code SSL_CACERT_BADFILE");
_Static_assert(CQRQuiz_CURLE_SSL_PINNEDPUBKEYNOTMATCH == CURLE_SSL_PINNEDPUBKEYNOTMATCH, "libcurl's code SSL_PINNEDPUBKEYNOTMATCH");
_Static_assert(CQRQuiz_CURLE_SSL_ISSUER_ERROR == CURLE_SSL_ISSUER_ERROR, "libcurl's code SSL_ISSUER_ERROR");

#define CURL_FUNCTIONS(X)                                                                                   \
  X(curl_global_init) X(curl_easy_init) X(curl_easy_cleanup) X(curl_easy_reset) X(curl_easy_setopt)        \
  X(curl_easy_perform) X(curl_easy_getinfo) X(curl_easy_strerror) X(curl_slist_append) X(curl_slist_free_all)
#define DECLARE(name) static __typeof__(&name) call_##name;
CURL_FUNCTIONS(DECLARE)
static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded;

static void load(void) {
  void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) return;
#define RESOLVE(name)                                                                                       \
  call_##name = (__typeof__(call_##name))dlsym(library, #name);                                            \
  if (call_##name == NULL) return;
  CURL_FUNCTIONS(RESOLVE)
  loaded = 1;
}

int CQRQuiz_curl_global_init(void) {
  pthread_once(&load_once, load);
  if (!loaded) return CQRQuiz_CURL_NOT_INSTALLED;
  return (int)call_curl_global_init(CURL_GLOBAL_DEFAULT);
}

void *CQRQuiz_curl_new(void) {
  pthread_once(&load_once, load);
  return loaded ? call_curl_easy_init() : NULL;
}

void CQRQuiz_curl_free(void *handle) {
  if (handle) call_curl_easy_cleanup((CURL *)handle);
}

// curl calls back with its own signatures; these adapt them to the shim's simpler ones.
typedef struct {
  CQRQuiz_curl_body_callback body;
  CQRQuiz_curl_header_callback header;
  CQRQuiz_curl_progress_callback progress;
  void *context;
} callbacks;

static size_t on_body(char *data, size_t size, size_t count, void *user) {
  callbacks *context = user;
  size_t length = size * count;
  return context->body(data, length, context->context) == length ? length : 0;
}

static size_t on_header(char *line, size_t size, size_t count, void *user) {
  callbacks *context = user;
  size_t length = size * count;
  return context->header(line, length, context->context) == length ? length : 0;
}

static int on_progress(void *user, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal,
                       curl_off_t ulnow) {
  (void)dltotal;
  (void)dlnow;
  (void)ultotal;
  (void)ulnow;
  callbacks *context = user;
  return context->progress(context->context);
}

CQRQuiz_curl_result CQRQuiz_curl_get(void *handle, const char *url, const char *const *headers,
                                   size_t header_count, const char *protocols, long timeout_ms,
                                   long connect_timeout_ms, CQRQuiz_curl_body_callback body,
                                   CQRQuiz_curl_header_callback header,
                                   CQRQuiz_curl_progress_callback progress, void *context) {
  CQRQuiz_curl_result result = {CURLE_FAILED_INIT, 0, NULL};
  CURL *curl = handle;
  // Settings from an earlier transfer on this handle go; its connections stay for reuse.
  call_curl_easy_reset(curl);
  struct curl_slist *list = NULL;
  for (size_t index = 0; index < header_count; index++) {
    struct curl_slist *grown = call_curl_slist_append(list, headers[index]);
    if (!grown) {
      call_curl_slist_free_all(list);
      result.code = CURLE_OUT_OF_MEMORY;
      return result;
    }
    list = grown;
  }
  callbacks state = {body, header, progress, context};
  call_curl_easy_setopt(curl, CURLOPT_URL, url);
  call_curl_easy_setopt(curl, CURLOPT_HTTPGET, 1L);
  call_curl_easy_setopt(curl, CURLOPT_HTTPHEADER, list);
  call_curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, protocols);
  call_curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
  call_curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  call_curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, timeout_ms);
  call_curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, connect_timeout_ms);
  call_curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
  call_curl_easy_setopt(curl, CURLOPT_WRITEDATA, &state);
  call_curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_header);
  call_curl_easy_setopt(curl, CURLOPT_HEADERDATA, &state);
  call_curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, on_progress);
  call_curl_easy_setopt(curl, CURLOPT_XFERINFODATA, &state);
  call_curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
  call_curl_easy_setopt(curl, CURLOPT_TCP_NODELAY, 1L);
  call_curl_easy_setopt(curl, CURLOPT_USERAGENT, "qrquiz");
  result.code = (int)call_curl_easy_perform(curl);
  call_curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &result.status);
  char *redirect = NULL;
  if (call_curl_easy_getinfo(curl, CURLINFO_REDIRECT_URL, &redirect) == CURLE_OK) result.redirect_url = redirect;
  // The handle keeps a pointer to the list until the next reset: detach it first.
  call_curl_easy_setopt(curl, CURLOPT_HTTPHEADER, NULL);
  call_curl_slist_free_all(list);
  return result;
}

const char *CQRQuiz_curl_error_text(int code) {
  if (code == CQRQuiz_CURL_NOT_INSTALLED) return "libcurl is not installed (libcurl4 on Debian)";
  pthread_once(&load_once, load);
  return loaded ? call_curl_easy_strerror((CURLcode)code) : "libcurl is not installed (libcurl4 on Debian)";
}
