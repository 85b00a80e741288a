#include "CQRQuizServer_http.h"

#include <arpa/inet.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <stdint.h>
#include <microhttpd.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct CQRQuizServer_http_daemon {
  struct MHD_Daemon *daemon;
  CQRQuizServer_http_handler handler;
  void *context;
  size_t body_limit;
  /// Requests begun and not yet completed (answer sent, or connection closed).
  atomic_long open_requests;
  /// libmicrohttpd's last log line, for a start-up failure's message.
  char last_log[256];
  /// Copies of the PEM texts, kept as long as the daemon (libmicrohttpd keeps pointers).
  char *tls_certificate;
  char *tls_key;
};

static void free_server(CQRQuizServer_http_daemon *server) {
  free(server->tls_certificate);
  free(server->tls_key);
  free(server);
}

struct CQRQuizServer_http_request {
  struct MHD_Connection *connection;
  const char *method;
  const char *path;
  uint8_t *body;
  size_t length;
  size_t capacity;
  int handled;
  int answered;
  int suspended;
};

static void log_message(void *cls, const char *format, va_list arguments) {
  CQRQuizServer_http_daemon *server = cls;
  vsnprintf(server->last_log, sizeof server->last_log, format, arguments);
}

/// Adds "Name: value\r\n" lines to `response`; libmicrohttpd refuses values holding CR or LF.
static void add_headers(struct MHD_Response *response, const char *headers) {
  const char *line = headers;
  while (line != NULL && *line != '\0') {
    const char *end = strstr(line, "\r\n");
    size_t size = end != NULL ? (size_t)(end - line) : strlen(line);
    const char *colon = memchr(line, ':', size);
    if (colon != NULL && size < 8192) {
      char name[256];
      char value[8192];
      size_t name_size = (size_t)(colon - line);
      const char *value_start = colon + 1;
      while (value_start < line + size && *value_start == ' ') value_start++;
      size_t value_size = (size_t)(line + size - value_start);
      if (name_size > 0 && name_size < sizeof name) {
        memcpy(name, line, name_size);
        name[name_size] = '\0';
        memcpy(value, value_start, value_size);
        value[value_size] = '\0';
        MHD_add_response_header(response, name, value);
      }
    }
    line = end != NULL ? end + 2 : NULL;
  }
}

static enum MHD_Result queue(struct MHD_Connection *connection, unsigned int status, const char *headers,
                             const uint8_t *body, size_t length) {
  struct MHD_Response *response =
      MHD_create_response_from_buffer(length, (void *)body, MHD_RESPMEM_MUST_COPY);
  if (response == NULL) return MHD_NO;
  add_headers(response, headers);
  enum MHD_Result result = MHD_queue_response(connection, status, response);
  MHD_destroy_response(response);
  return result;
}

static int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/// Percent-decodes the path and query in place, as libmicrohttpd does, except that %00
/// stays as it is: a decoded NUL would cut the C string short, and "/t/Quiz%00.json" would
/// quietly become "/t/Quiz".
static size_t unescape(void *cls, struct MHD_Connection *connection, char *text) {
  (void)cls;
  (void)connection;
  char *read = text;
  char *write = text;
  while (*read != '\0') {
    if (read[0] == '%' && read[1] != '\0' && read[2] != '\0') {
      int high = hex_value(read[1]);
      int low = hex_value(read[2]);
      if (high >= 0 && low >= 0 && (high | low) != 0) {
        *write++ = (char)(high << 4 | low);
        read += 3;
        continue;
      }
    }
    *write++ = *read++;
  }
  *write = '\0';
  return (size_t)(write - text);
}

static enum MHD_Result access_handler(void *cls, struct MHD_Connection *connection, const char *url,
                                      const char *method, const char *version, const char *upload_data,
                                      size_t *upload_data_size, void **request_slot) {
  (void)version;
  (void)upload_data;
  CQRQuizServer_http_daemon *server = cls;
  CQRQuizServer_http_request *request = *request_slot;
  if (request == NULL) {
    // Headers arrived: refuse a body declared too large before reading any of it.
    request = calloc(1, sizeof *request);
    if (request == NULL) return MHD_NO;
    request->connection = connection;
    request->method = method;
    request->path = url;
    *request_slot = request;
    atomic_fetch_add(&server->open_requests, 1);
    const char *declared = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
    if (declared != NULL) {
      char *end = NULL;
      errno = 0;
      unsigned long long size = strtoull(declared, &end, 10);
      if (errno != 0 || end == declared || *end != '\0' || size > server->body_limit) {
        static const char message[] = "request body too large\n";
        request->handled = 1;
        request->answered = 1;
        return queue(connection, 413, "Content-Type: text/plain; charset=utf-8\r\nConnection: close\r\n",
                     (const uint8_t *)message, sizeof message - 1);
      }
    }
    return MHD_YES;
  }
  if (*upload_data_size > 0) {
    size_t size = *upload_data_size;
    // A chunked body that grows past the limit: no answer can be queued mid-body, so the
    // connection is closed.
    if (request->length + size > server->body_limit) return MHD_NO;
    if (request->length + size > request->capacity) {
      size_t capacity = request->capacity == 0 ? 4096 : request->capacity;
      while (capacity < request->length + size) capacity *= 2;
      if (capacity > server->body_limit) capacity = server->body_limit;
      uint8_t *grown = realloc(request->body, capacity);
      if (grown == NULL) return MHD_NO;
      request->body = grown;
      request->capacity = capacity;
    }
    memcpy(request->body + request->length, upload_data, size);
    request->length += size;
    *upload_data_size = 0;
    return MHD_YES;
  }
  if (request->handled) return MHD_YES;
  request->handled = 1;
  server->handler(server->context, request);
  // `suspended` first: once it is set, the task answering may be writing `answered` on
  // another thread, so it is not read here.
  if (!request->suspended && !request->answered) {
    // The handler must answer or suspend; otherwise libmicrohttpd would call again at once.
    static const char message[] = "internal error: no response\n";
    request->answered = 1;
    return queue(connection, 500, "Content-Type: text/plain; charset=utf-8\r\n", (const uint8_t *)message,
                 sizeof message - 1);
  }
  return MHD_YES;
}

static void request_completed(void *cls, struct MHD_Connection *connection, void **request_slot,
                              enum MHD_RequestTerminationCode code) {
  (void)connection;
  (void)code;
  CQRQuizServer_http_daemon *server = cls;
  CQRQuizServer_http_request *request = *request_slot;
  if (request == NULL) return;
  atomic_fetch_sub(&server->open_requests, 1);
  free(request->body);
  free(request);
  *request_slot = NULL;
}

CQRQuizServer_http_daemon *CQRQuizServer_http_start(const CQRQuizServer_http_options *options, CQRQuizServer_http_handler handler, void *context,
                                char *error, size_t error_size) {
  CQRQuizServer_http_daemon *server = calloc(1, sizeof *server);
  if (server == NULL) {
    snprintf(error, error_size, "out of memory");
    return NULL;
  }
  server->handler = handler;
  server->context = context;
  server->body_limit = options->body_limit;

  const char *address = options->address != NULL ? options->address : "127.0.0.1";
  struct sockaddr_in6 ipv6;
  struct sockaddr_in ipv4;
  struct sockaddr *socket_address;
  unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME;
  memset(&ipv4, 0, sizeof ipv4);
  memset(&ipv6, 0, sizeof ipv6);
  if (inet_pton(AF_INET, address, &ipv4.sin_addr) == 1) {
    ipv4.sin_family = AF_INET;
    ipv4.sin_port = htons(options->port);
    socket_address = (struct sockaddr *)&ipv4;
  } else if (inet_pton(AF_INET6, address, &ipv6.sin6_addr) == 1) {
    ipv6.sin6_family = AF_INET6;
    ipv6.sin6_port = htons(options->port);
    socket_address = (struct sockaddr *)&ipv6;
    flags |= MHD_USE_IPv6;
  } else {
    snprintf(error, error_size, "%s is not a numeric IPv4 or IPv6 address", address);
    free(server);
    return NULL;
  }
  if (options->tls_certificate != NULL && options->tls_key != NULL) flags |= MHD_USE_TLS;

  struct MHD_OptionItem items[16];
  size_t count = 0;
  items[count++] = (struct MHD_OptionItem){MHD_OPTION_EXTERNAL_LOGGER, (intptr_t)log_message, server};
  items[count++] = (struct MHD_OptionItem){MHD_OPTION_SOCK_ADDR, 0, socket_address};
  items[count++] = (struct MHD_OptionItem){MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)request_completed, server};
  items[count++] = (struct MHD_OptionItem){MHD_OPTION_UNESCAPE_CALLBACK, (intptr_t)unescape, NULL};
  items[count++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_LIMIT, options->connection_limit, NULL};
  items[count++] = (struct MHD_OptionItem){MHD_OPTION_PER_IP_CONNECTION_LIMIT, options->per_address_limit, NULL};
  items[count++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_TIMEOUT, options->idle_timeout, NULL};
  items[count++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)options->header_memory_limit, NULL};
  if (options->threads > 1) {
    items[count++] = (struct MHD_OptionItem){MHD_OPTION_THREAD_POOL_SIZE, options->threads, NULL};
  }
  if (options->tls_certificate != NULL && options->tls_key != NULL) {
    server->tls_certificate = strdup(options->tls_certificate);
    server->tls_key = strdup(options->tls_key);
    if (server->tls_certificate == NULL || server->tls_key == NULL) {
      snprintf(error, error_size, "out of memory");
      free_server(server);
      return NULL;
    }
    items[count++] = (struct MHD_OptionItem){MHD_OPTION_HTTPS_MEM_CERT, 0, server->tls_certificate};
    items[count++] = (struct MHD_OptionItem){MHD_OPTION_HTTPS_MEM_KEY, 0, server->tls_key};
  }
  items[count++] = (struct MHD_OptionItem){MHD_OPTION_END, 0, NULL};

  errno = 0;
  server->daemon = MHD_start_daemon(flags, options->port, NULL, NULL, access_handler, server, MHD_OPTION_ARRAY,
                                    items, MHD_OPTION_END);
  if (server->daemon == NULL) {
    int saved = errno;
    if (server->last_log[0] != '\0') {
      size_t size = strlen(server->last_log);
      while (size > 0 && (server->last_log[size - 1] == '\n' || server->last_log[size - 1] == '.')) size--;
      server->last_log[size] = '\0';
      snprintf(error, error_size, "%s", server->last_log);
    } else {
      snprintf(error, error_size, "%s", saved != 0 ? strerror(saved) : "libmicrohttpd could not start");
    }
    free_server(server);
    return NULL;
  }
  return server;
}

uint16_t CQRQuizServer_http_port(CQRQuizServer_http_daemon *server) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(server->daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info != NULL ? info->port : 0;
}

long CQRQuizServer_http_open_requests(CQRQuizServer_http_daemon *server) { return atomic_load(&server->open_requests); }

void CQRQuizServer_http_stop(CQRQuizServer_http_daemon *server) {
  if (server == NULL) return;
  MHD_stop_daemon(server->daemon);
  free_server(server);
}

const char *CQRQuizServer_http_method(const CQRQuizServer_http_request *request) { return request->method; }
const char *CQRQuizServer_http_path(const CQRQuizServer_http_request *request) { return request->path; }

typedef struct {
  void (*visit)(void *, int, const char *, const char *);
  void *context;
} value_visit;

static enum MHD_Result visit_value(void *cls, enum MHD_ValueKind kind, const char *key, const char *value) {
  value_visit *visit = cls;
  int number = kind == MHD_HEADER_KIND ? 0 : kind == MHD_GET_ARGUMENT_KIND ? 1 : 2;
  visit->visit(visit->context, number, key, value != NULL ? value : "");
  return MHD_YES;
}

void CQRQuizServer_http_values(const CQRQuizServer_http_request *request,
                     void (*visit)(void *context, int kind, const char *name, const char *value), void *context) {
  // One pass over the connection's values, of the three kinds at once.
  value_visit state = {visit, context};
  MHD_get_connection_values(request->connection, MHD_HEADER_KIND | MHD_GET_ARGUMENT_KIND | MHD_COOKIE_KIND,
                            visit_value, &state);
}

const uint8_t *CQRQuizServer_http_body(const CQRQuizServer_http_request *request, size_t *length) {
  *length = request->length;
  return request->body;
}

void CQRQuizServer_http_client_address(const CQRQuizServer_http_request *request, char *buffer, size_t size) {
  buffer[0] = '\0';
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(request->connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  if (info == NULL || info->client_addr == NULL) return;
  const struct sockaddr *address = info->client_addr;
  if (address->sa_family == AF_INET) {
    inet_ntop(AF_INET, &((const struct sockaddr_in *)address)->sin_addr, buffer, (socklen_t)size);
  } else if (address->sa_family == AF_INET6) {
    inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)address)->sin6_addr, buffer, (socklen_t)size);
  }
}

int CQRQuizServer_http_respond(CQRQuizServer_http_request *request, unsigned int status, const char *headers, const uint8_t *body,
                     size_t length) {
  if (request->answered) return -1;
  request->answered = 1;
  return queue(request->connection, status, headers, body, length) == MHD_YES ? 0 : -1;
}

void CQRQuizServer_http_suspend(CQRQuizServer_http_request *request) {
  request->suspended = 1;
  MHD_suspend_connection(request->connection);
}

int CQRQuizServer_http_respond_later(CQRQuizServer_http_request *request, unsigned int status, const char *headers,
                           const uint8_t *body, size_t length) {
  if (request->answered) return -1;
  request->answered = 1;
  // Queueing on a suspended connection is allowed from any thread; resuming hands it back
  // to libmicrohttpd's loop, which sends the answer.
  enum MHD_Result result = queue(request->connection, status, headers, body, length);
  struct MHD_Connection *connection = request->connection;
  MHD_resume_connection(connection);
  return result == MHD_YES ? 0 : -1;
}

struct CQRQuizServer_http_response {
  struct MHD_Response *response;
};

CQRQuizServer_http_response *CQRQuizServer_http_response_create(const char *headers, const uint8_t *body, size_t length) {
  CQRQuizServer_http_response *made = malloc(sizeof *made);
  if (made == NULL) return NULL;
  made->response = MHD_create_response_from_buffer(length, (void *)body, MHD_RESPMEM_MUST_COPY);
  if (made->response == NULL) {
    free(made);
    return NULL;
  }
  add_headers(made->response, headers);
  return made;
}

void CQRQuizServer_http_response_destroy(CQRQuizServer_http_response *response) {
  if (response == NULL) return;
  // libmicrohttpd keeps it alive until the last connection sending it is done.
  MHD_destroy_response(response->response);
  free(response);
}

int CQRQuizServer_http_respond_with(CQRQuizServer_http_request *request, unsigned int status, CQRQuizServer_http_response *response, int later) {
  if (request->answered) return -1;
  request->answered = 1;
  enum MHD_Result result = MHD_queue_response(request->connection, status, response->response);
  if (later) MHD_resume_connection(request->connection);
  return result == MHD_YES ? 0 : -1;
}
