#include "CQRQuiz_curl.h"

#include <curl/curl.h>

int CQRQuiz_curl_global_init(void) { return (int)curl_global_init(CURL_GLOBAL_DEFAULT); }

void *CQRQuiz_curl_new(void) { return curl_easy_init(); }

void CQRQuiz_curl_free(void *handle) {
  if (handle) curl_easy_cleanup((CURL *)handle);
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
  curl_easy_reset(curl);
  struct curl_slist *list = NULL;
  for (size_t index = 0; index < header_count; index++) {
    struct curl_slist *grown = curl_slist_append(list, headers[index]);
    if (!grown) {
      curl_slist_free_all(list);
      result.code = CURLE_OUT_OF_MEMORY;
      return result;
    }
    list = grown;
  }
  callbacks state = {body, header, progress, context};
  curl_easy_setopt(curl, CURLOPT_URL, url);
  curl_easy_setopt(curl, CURLOPT_HTTPGET, 1L);
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, list);
  curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, protocols);
  curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, timeout_ms);
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, connect_timeout_ms);
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &state);
  curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_header);
  curl_easy_setopt(curl, CURLOPT_HEADERDATA, &state);
  curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, on_progress);
  curl_easy_setopt(curl, CURLOPT_XFERINFODATA, &state);
  curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
  curl_easy_setopt(curl, CURLOPT_TCP_NODELAY, 1L);
  curl_easy_setopt(curl, CURLOPT_USERAGENT, "qrquiz");
  result.code = (int)curl_easy_perform(curl);
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &result.status);
  char *redirect = NULL;
  if (curl_easy_getinfo(curl, CURLINFO_REDIRECT_URL, &redirect) == CURLE_OK) result.redirect_url = redirect;
  // The handle keeps a pointer to the list until the next reset: detach it first.
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, NULL);
  curl_slist_free_all(list);
  return result;
}

const char *CQRQuiz_curl_error_text(int code) { return curl_easy_strerror((CURLcode)code); }
