// The callbacks libmicrohttpd calls, each handing its event to a Swift hook, and the
// calls Swift makes back. No policy lives here: see CQRQuizHTTP.h.
#include "CQRQuizHTTP.h"

#include <arpa/inet.h>
#include <errno.h>
#include "microhttpd_loader.h"
#include <netinet/in.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>

struct CQRQuizHTTP_daemon {
  struct MHD_Daemon *daemon;
  CQRQuizHTTP_hooks hooks;
  /// libmicrohttpd's last log line, for a start-up failure's message.
  char last_log[256];
  /// Copies of the PEM texts, kept as long as the daemon (libmicrohttpd keeps pointers).
  char *tls_certificate;
  char *tls_key;
  /// Headers for the answers libmicrohttpd makes itself: a copy of the options' text,
  /// split in place into names and values.
  char *own_answer_text;
  const char *own_answer_names[CQRQuizHTTP_own_answer_header_limit];
  const char *own_answer_values[CQRQuizHTTP_own_answer_header_limit];
  size_t own_answer_header_count;
};

// Connections and responses are libmicrohttpd's own, under the shim's names.
static struct MHD_Connection *mhd_connection(CQRQuizHTTP_connection *connection) {
  return (struct MHD_Connection *)connection;
}

static CQRQuizHTTP_connection *shim_connection(struct MHD_Connection *connection) {
  return (CQRQuizHTTP_connection *)connection;
}

static struct MHD_Response *mhd_response(CQRQuizHTTP_response *response) { return (struct MHD_Response *)response; }

static CQRQuizHTTP_result result_of(enum MHD_Result result) {
  return result == MHD_YES ? CQRQuizHTTP_result_done : CQRQuizHTTP_result_failed;
}

static enum MHD_Result mhd_result(CQRQuizHTTP_next next) { return next == CQRQuizHTTP_next_proceed ? MHD_YES : MHD_NO; }

// MARK: Callbacks

static void log_message(void *cls, const char *format, va_list arguments) {
  CQRQuizHTTP_daemon *daemon = cls;
  vsnprintf(daemon->last_log, sizeof daemon->last_log, format, arguments);
}

static void notify_connection(void *cls, struct MHD_Connection *connection, void **socket_context,
                              enum MHD_ConnectionNotificationCode code) {
  CQRQuizHTTP_daemon *daemon = cls;
  if (code == MHD_CONNECTION_NOTIFY_STARTED) {
    // Where CQRQuizHTTP_queue_own_answer finds the daemon of a connection.
    *socket_context = daemon;
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    daemon->hooks.connection_opened(daemon->hooks.context, shim_connection(connection),
                                    info != NULL ? info->connect_fd : -1);
  } else if (code == MHD_CONNECTION_NOTIFY_CLOSED) {
    daemon->hooks.connection_closed(daemon->hooks.context, shim_connection(connection));
  }
}

static enum MHD_Result access_handler(void *cls, struct MHD_Connection *connection, const char *url,
                                      const char *method, const char *version, const char *upload_data,
                                      size_t *upload_data_size, void **request_slot) {
  CQRQuizHTTP_daemon *daemon = cls;
  void *context = daemon->hooks.context;
  if (*request_slot == NULL) {
    *request_slot = daemon->hooks.request_began(context, shim_connection(connection), method, url, version);
    return *request_slot != NULL ? MHD_YES : MHD_NO;
  }
  if (*upload_data_size > 0) {
    size_t length = *upload_data_size;
    *upload_data_size = 0;
    return mhd_result(daemon->hooks.body_arrived(context, *request_slot, (const uint8_t *)upload_data, length));
  }
  return mhd_result(daemon->hooks.request_arrived(context, *request_slot));
}

static void request_completed(void *cls, struct MHD_Connection *connection, void **request_slot,
                              enum MHD_RequestTerminationCode code) {
  (void)code;
  CQRQuizHTTP_daemon *daemon = cls;
  daemon->hooks.request_finished(daemon->hooks.context, shim_connection(connection), *request_slot);
  *request_slot = NULL;
}

static size_t unescape(void *cls, struct MHD_Connection *connection, char *text) {
  (void)connection;
  CQRQuizHTTP_daemon *daemon = cls;
  return daemon->hooks.unescape(daemon->hooks.context, text);
}

enum MHD_Result CQRQuizHTTP_queue_own_answer(struct MHD_Connection *connection, unsigned int status,
                                             struct MHD_Response *response) {
  const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
  const CQRQuizHTTP_daemon *daemon = info != NULL ? info->socket_context : NULL;
  for (size_t i = 0; daemon != NULL && i < daemon->own_answer_header_count; i++) {
    if (MHD_get_response_header(response, daemon->own_answer_names[i]) == NULL) {
      MHD_add_response_header(response, daemon->own_answer_names[i], daemon->own_answer_values[i]);
    }
  }
  return MHD_queue_response(connection, status, response);
}

// MARK: The daemon

/// Splits a copy of `text` ("Name: value" lines, each ended by "\n") into the daemon's
/// headers for libmicrohttpd's own answers; 0 when out of memory.
static int keep_own_answer_headers(CQRQuizHTTP_daemon *daemon, const char *text) {
  if (text == NULL) return 1;
  daemon->own_answer_text = strdup(text);
  if (daemon->own_answer_text == NULL) return 0;
  char *line = daemon->own_answer_text;
  char *end;
  while ((end = strchr(line, '\n')) != NULL && daemon->own_answer_header_count < CQRQuizHTTP_own_answer_header_limit) {
    *end = '\0';
    char *separator = strstr(line, ": ");
    if (separator != NULL) {
      *separator = '\0';
      daemon->own_answer_names[daemon->own_answer_header_count] = line;
      daemon->own_answer_values[daemon->own_answer_header_count] = separator + 2;
      daemon->own_answer_header_count++;
    }
    line = end + 1;
  }
  return 1;
}

static void free_daemon(CQRQuizHTTP_daemon *daemon) {
  free(daemon->tls_certificate);
  free(daemon->tls_key);
  free(daemon->own_answer_text);
  free(daemon);
}

CQRQuizHTTP_daemon *CQRQuizHTTP_start(const CQRQuizHTTP_options *options, const CQRQuizHTTP_hooks *hooks,
                                      char *error, size_t error_size) {
  if (!CQRQuizHTTP_load_microhttpd(error, error_size)) return NULL;
  CQRQuizHTTP_daemon *daemon = calloc(1, sizeof *daemon);
  if (daemon == NULL) {
    snprintf(error, error_size, "out of memory");
    return NULL;
  }
  daemon->hooks = *hooks;
  if (!keep_own_answer_headers(daemon, options->own_answer_headers)) {
    snprintf(error, error_size, "out of memory");
    free_daemon(daemon);
    return NULL;
  }

  struct sockaddr_in6 ipv6;
  struct sockaddr_in ipv4;
  struct sockaddr *socket_address;
  unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME;
  memset(&ipv4, 0, sizeof ipv4);
  memset(&ipv6, 0, sizeof ipv6);
  if (inet_pton(AF_INET, options->address, &ipv4.sin_addr) == 1) {
    ipv4.sin_family = AF_INET;
    ipv4.sin_port = htons(options->port);
    socket_address = (struct sockaddr *)&ipv4;
  } else if (inet_pton(AF_INET6, options->address, &ipv6.sin6_addr) == 1) {
    ipv6.sin6_family = AF_INET6;
    ipv6.sin6_port = htons(options->port);
    socket_address = (struct sockaddr *)&ipv6;
    flags |= MHD_USE_IPv6;
  } else {
    snprintf(error, error_size, "%s is not a numeric IPv4 or IPv6 address", options->address);
    free_daemon(daemon);
    return NULL;
  }

  struct MHD_OptionItem items[16];
  size_t count = 0;
  items[count++] = (struct MHD_OptionItem){MHD_OPTION_EXTERNAL_LOGGER, (intptr_t)log_message, daemon};
  items[count++] = (struct MHD_OptionItem){MHD_OPTION_SOCK_ADDR, 0, socket_address};
  items[count++] = (struct MHD_OptionItem){MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)request_completed, daemon};
  items[count++] = (struct MHD_OptionItem){MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)notify_connection, daemon};
  items[count++] = (struct MHD_OptionItem){MHD_OPTION_UNESCAPE_CALLBACK, (intptr_t)unescape, daemon};
  items[count++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_LIMIT, options->connection_limit, NULL};
  items[count++] = (struct MHD_OptionItem){MHD_OPTION_PER_IP_CONNECTION_LIMIT, options->per_address_limit, NULL};
  items[count++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_TIMEOUT, options->idle_timeout, NULL};
  items[count++] =
      (struct MHD_OptionItem){MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)options->connection_memory, NULL};
  if (options->threads > 1) {
    items[count++] = (struct MHD_OptionItem){MHD_OPTION_THREAD_POOL_SIZE, options->threads, NULL};
  }
  if (options->tls_certificate != NULL && options->tls_key != NULL) {
    flags |= MHD_USE_TLS;
    daemon->tls_certificate = strdup(options->tls_certificate);
    daemon->tls_key = strdup(options->tls_key);
    if (daemon->tls_certificate == NULL || daemon->tls_key == NULL) {
      snprintf(error, error_size, "out of memory");
      free_daemon(daemon);
      return NULL;
    }
    items[count++] = (struct MHD_OptionItem){MHD_OPTION_HTTPS_MEM_CERT, 0, daemon->tls_certificate};
    items[count++] = (struct MHD_OptionItem){MHD_OPTION_HTTPS_MEM_KEY, 0, daemon->tls_key};
  }
  items[count++] = (struct MHD_OptionItem){MHD_OPTION_END, 0, NULL};

  errno = 0;
  daemon->daemon = MHD_start_daemon(flags, options->port, NULL, NULL, access_handler, daemon, MHD_OPTION_ARRAY,
                                    items, MHD_OPTION_END);
  if (daemon->daemon == NULL) {
    int saved = errno;
    if (daemon->last_log[0] != '\0') {
      size_t size = strlen(daemon->last_log);
      while (size > 0 && (daemon->last_log[size - 1] == '\n' || daemon->last_log[size - 1] == '.')) size--;
      daemon->last_log[size] = '\0';
      snprintf(error, error_size, "%s", daemon->last_log);
    } else {
      snprintf(error, error_size, "%s", saved != 0 ? strerror(saved) : "libmicrohttpd could not start");
    }
    free_daemon(daemon);
    return NULL;
  }
  return daemon;
}

uint16_t CQRQuizHTTP_port(CQRQuizHTTP_daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon->daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info != NULL ? info->port : 0;
}

void CQRQuizHTTP_stop(CQRQuizHTTP_daemon *daemon) {
  if (daemon == NULL) return;
  MHD_stop_daemon(daemon->daemon);
  free_daemon(daemon);
}

// MARK: Requests

typedef struct {
  void (*visit)(void *, CQRQuizHTTP_value_kind, const char *, const char *);
  void *context;
} value_visit;

static enum MHD_Result visit_value(void *cls, enum MHD_ValueKind kind, const char *key, const char *value) {
  value_visit *visit = cls;
  CQRQuizHTTP_value_kind named = kind == MHD_HEADER_KIND         ? CQRQuizHTTP_value_kind_header
                                 : kind == MHD_GET_ARGUMENT_KIND ? CQRQuizHTTP_value_kind_query
                                                                 : CQRQuizHTTP_value_kind_cookie;
  visit->visit(visit->context, named, key, value != NULL ? value : "");
  return MHD_YES;
}

void CQRQuizHTTP_values(CQRQuizHTTP_connection *connection,
                        void (*visit)(void *context, CQRQuizHTTP_value_kind kind, const char *name, const char *value),
                        void *context) {
  // One pass over the connection's values, of the three kinds at once.
  value_visit state = {visit, context};
  MHD_get_connection_values(mhd_connection(connection), MHD_HEADER_KIND | MHD_GET_ARGUMENT_KIND | MHD_COOKIE_KIND,
                            visit_value, &state);
}

void CQRQuizHTTP_client_address(CQRQuizHTTP_connection *connection, char *buffer, size_t size) {
  buffer[0] = '\0';
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(mhd_connection(connection), MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  if (info == NULL || info->client_addr == NULL) return;
  const struct sockaddr *address = info->client_addr;
  if (address->sa_family == AF_INET) {
    inet_ntop(AF_INET, &((const struct sockaddr_in *)address)->sin_addr, buffer, (socklen_t)size);
  } else if (address->sa_family == AF_INET6) {
    inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)address)->sin6_addr, buffer, (socklen_t)size);
  }
}

// MARK: Responses

CQRQuizHTTP_response *CQRQuizHTTP_response_of_bytes(const uint8_t *bytes, size_t length) {
  // Responses are made before a server starts too: libmicrohttpd may not be loaded yet.
  char unused[8];
  if (!CQRQuizHTTP_load_microhttpd(unused, sizeof unused)) return NULL;
  return (CQRQuizHTTP_response *)MHD_create_response_from_buffer(length, (void *)bytes, MHD_RESPMEM_MUST_COPY);
}

/// What a stream's response calls back with.
typedef struct {
  void *stream;
  CQRQuizHTTP_stream_read (*read)(void *stream, uint8_t *buffer, size_t capacity, size_t *length);
  void (*freed)(void *stream);
} stream_callbacks;

static ssize_t stream_read(void *cls, uint64_t position, char *buffer, size_t max) {
  (void)position;
  stream_callbacks *callbacks = cls;
  size_t length = 0;
  switch (callbacks->read(callbacks->stream, (uint8_t *)buffer, max, &length)) {
  case CQRQuizHTTP_stream_read_bytes: return (ssize_t)length;
  // Only with the connection suspended by the reader: 0 otherwise makes libmicrohttpd
  // call again at once, a busy loop.
  case CQRQuizHTTP_stream_read_waiting: return 0;
  case CQRQuizHTTP_stream_read_ended: return MHD_CONTENT_READER_END_OF_STREAM;
  }
  return MHD_CONTENT_READER_END_WITH_ERROR;
}

static void stream_freed(void *cls) {
  stream_callbacks *callbacks = cls;
  callbacks->freed(callbacks->stream);
  free(callbacks);
}

CQRQuizHTTP_response *CQRQuizHTTP_response_of_stream(
    void *stream, CQRQuizHTTP_stream_read (*read)(void *stream, uint8_t *buffer, size_t capacity, size_t *length),
    void (*freed)(void *stream)) {
  stream_callbacks *callbacks = malloc(sizeof *callbacks);
  if (callbacks == NULL) return NULL;
  *callbacks = (stream_callbacks){stream, read, freed};
  struct MHD_Response *response =
      MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 16 * 1024, stream_read, callbacks, stream_freed);
  if (response == NULL) free(callbacks);
  return (CQRQuizHTTP_response *)response;
}

CQRQuizHTTP_result CQRQuizHTTP_response_add_header(CQRQuizHTTP_response *response, const char *name,
                                                   const char *value) {
  return result_of(MHD_add_response_header(mhd_response(response), name, value));
}

void CQRQuizHTTP_response_release(CQRQuizHTTP_response *response) { MHD_destroy_response(mhd_response(response)); }

CQRQuizHTTP_result CQRQuizHTTP_queue(CQRQuizHTTP_connection *connection, unsigned int status,
                                     CQRQuizHTTP_response *response) {
  return result_of(MHD_queue_response(mhd_connection(connection), status, mhd_response(response)));
}

void CQRQuizHTTP_suspend(CQRQuizHTTP_connection *connection) { MHD_suspend_connection(mhd_connection(connection)); }

void CQRQuizHTTP_resume(CQRQuizHTTP_connection *connection) { MHD_resume_connection(mhd_connection(connection)); }
