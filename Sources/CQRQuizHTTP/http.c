#include "CQRQuizHTTP.h"

#include <arpa/inet.h>
#include <errno.h>
#include "microhttpd_loader.h"
#include <netinet/in.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

/// A connection the watchdog keeps an eye on: its socket, and the moment by which what it
/// is doing (receiving a request, sending an answer) must be done; 0 while our handler
/// works on its request (that time is ours, not the client's).
typedef struct tracked_connection {
  struct tracked_connection *previous;
  struct tracked_connection *next;
  int socket;
  double deadline;
} tracked_connection;

typedef struct CQRQuizHTTP_stream stream_t;

struct CQRQuizHTTP_daemon {
  struct MHD_Daemon *daemon;
  CQRQuizHTTP_handler handler;
  CQRQuizHTTP_body_limit body_limit;
  void *context;
  double request_timeout;
  double response_timeout;
  double minimum_rate;
  size_t header_limit;
  /// "Name: value\r\n" lines for the shim's own answers.
  char *default_headers;
  /// Requests begun and not yet completed (answer sent, or connection closed).
  atomic_long open_requests;
  atomic_long connections_cut;
  /// Bytes of request bodies held (reserved as declared, or as a chunked body grows), and
  /// the most that may be: every body is held whole before its route runs.
  atomic_long body_bytes;
  long body_memory_limit;
  /// Guards the tracked connections and their deadlines.
  pthread_mutex_t lock;
  tracked_connection *tracked;
  pthread_t watchdog;
  int watchdog_started;
  /// The event streams open now (under `lock`), resumed and ended when the server stops.
  stream_t *streams;
  atomic_long open_streams;
  atomic_int stopping;
  /// libmicrohttpd's last log line, for a start-up failure's message.
  char last_log[256];
  /// Copies of the PEM texts, kept as long as the daemon (libmicrohttpd keeps pointers).
  char *tls_certificate;
  char *tls_key;
};

struct CQRQuizHTTP_request {
  struct MHD_Connection *connection;
  CQRQuizHTTP_daemon *server;
  const char *method;
  const char *path;
  uint8_t *body;
  size_t length;
  size_t capacity;
  size_t body_limit;
  /// Bytes of `body_bytes` this request holds.
  size_t reserved;
  /// The status to answer once the body has been read and dropped (413, 503): a chunked
  /// body found too large mid-way (libmicrohttpd takes no answer while a body arrives).
  unsigned int refusal;
  int handled;
  int answered;
  int suspended;
};

static double monotonic_seconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static void free_server(CQRQuizHTTP_daemon *server) {
  pthread_mutex_destroy(&server->lock);
  free(server->default_headers);
  free(server->tls_certificate);
  free(server->tls_key);
  free(server);
}

static void log_message(void *cls, const char *format, va_list arguments) {
  CQRQuizHTTP_daemon *server = cls;
  vsnprintf(server->last_log, sizeof server->last_log, format, arguments);
}

// MARK: Deadlines

static tracked_connection *tracked_of(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
  return info != NULL ? info->socket_context : NULL;
}

/// Sets a connection's deadline: `seconds` from now, or none when `seconds` is negative.
static void set_deadline(CQRQuizHTTP_daemon *server, struct MHD_Connection *connection, double seconds) {
  tracked_connection *tracked = tracked_of(connection);
  if (tracked == NULL) return;
  pthread_mutex_lock(&server->lock);
  tracked->deadline = seconds < 0 ? 0 : monotonic_seconds() + seconds;
  pthread_mutex_unlock(&server->lock);
}

static void extend_deadline(CQRQuizHTTP_daemon *server, struct MHD_Connection *connection, double seconds) {
  tracked_connection *tracked = tracked_of(connection);
  if (tracked == NULL) return;
  pthread_mutex_lock(&server->lock);
  if (tracked->deadline > 0) tracked->deadline += seconds;
  pthread_mutex_unlock(&server->lock);
}

static void notify_connection(void *cls, struct MHD_Connection *connection, void **socket_context,
                              enum MHD_ConnectionNotificationCode code) {
  CQRQuizHTTP_daemon *server = cls;
  if (code == MHD_CONNECTION_NOTIFY_STARTED) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    tracked_connection *tracked = calloc(1, sizeof *tracked);
    if (tracked == NULL || info == NULL) {
      free(tracked);
      return;
    }
    tracked->socket = info->connect_fd;
    tracked->deadline = monotonic_seconds() + server->request_timeout;
    pthread_mutex_lock(&server->lock);
    tracked->next = server->tracked;
    if (server->tracked != NULL) server->tracked->previous = tracked;
    server->tracked = tracked;
    pthread_mutex_unlock(&server->lock);
    *socket_context = tracked;
  } else if (code == MHD_CONNECTION_NOTIFY_CLOSED) {
    // libmicrohttpd tells us before it closes the socket: once this is out of the list
    // (under the lock the watchdog holds), the watchdog can never touch a reused one.
    tracked_connection *tracked = *socket_context;
    if (tracked == NULL) return;
    pthread_mutex_lock(&server->lock);
    if (tracked->previous != NULL) tracked->previous->next = tracked->next;
    else server->tracked = tracked->next;
    if (tracked->next != NULL) tracked->next->previous = tracked->previous;
    pthread_mutex_unlock(&server->lock);
    free(tracked);
    *socket_context = NULL;
  }
}

/// Shuts down every connection past its deadline; libmicrohttpd then sees it end and
/// closes it on its own thread, as if the client had gone.
static void *watch_deadlines(void *argument) {
  CQRQuizHTTP_daemon *server = argument;
  while (!atomic_load(&server->stopping)) {
    usleep(200 * 1000);
    double now = monotonic_seconds();
    pthread_mutex_lock(&server->lock);
    for (tracked_connection *tracked = server->tracked; tracked != NULL; tracked = tracked->next) {
      if (tracked->deadline > 0 && now > tracked->deadline) {
        // A reset, not a goodbye: what is still queued for a slow reader is dropped, not
        // sent at its pace, once libmicrohttpd closes the socket.
        struct linger reset = {1, 0};
        setsockopt(tracked->socket, SOL_SOCKET, SO_LINGER, &reset, sizeof reset);
        shutdown(tracked->socket, SHUT_RDWR);
        tracked->deadline = 0;
        atomic_fetch_add(&server->connections_cut, 1);
      }
    }
    pthread_mutex_unlock(&server->lock);
  }
  return NULL;
}

// MARK: Answers

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

/// Queues an answer and gives the client `response_timeout` plus its length at the
/// minimum rate to take it.
static enum MHD_Result queue_response(CQRQuizHTTP_daemon *server, struct MHD_Connection *connection,
                                      unsigned int status, struct MHD_Response *response, size_t length) {
  set_deadline(server, connection, server->response_timeout + (double)length / server->minimum_rate);
  return MHD_queue_response(connection, status, response);
}

static enum MHD_Result queue(CQRQuizHTTP_daemon *server, struct MHD_Connection *connection,
                             unsigned int status, const char *headers, const uint8_t *body, size_t length) {
  struct MHD_Response *response = MHD_create_response_from_buffer(length, (void *)body, MHD_RESPMEM_MUST_COPY);
  if (response == NULL) return MHD_NO;
  add_headers(response, headers);
  enum MHD_Result result = queue_response(server, connection, status, response, length);
  MHD_destroy_response(response);
  return result;
}

/// An answer the shim makes itself: plain text, the server's headers, and the connection
/// closed after it (what follows on it cannot be trusted to be a request).
static enum MHD_Result refuse(CQRQuizHTTP_daemon *server, struct MHD_Connection *connection,
                              unsigned int status, const char *message) {
  struct MHD_Response *response =
      MHD_create_response_from_buffer(strlen(message), (void *)message, MHD_RESPMEM_MUST_COPY);
  if (response == NULL) return MHD_NO;
  add_headers(response, server->default_headers);
  MHD_add_response_header(response, "Content-Type", "text/plain; charset=utf-8");
  MHD_add_response_header(response, "Connection", "close");
  enum MHD_Result result = queue_response(server, connection, status, response, strlen(message));
  MHD_destroy_response(response);
  return result;
}

// MARK: Requests

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

/// What the headers say, in one pass: their size, and every Content-Length value.
typedef struct {
  size_t size;
  int content_lengths;
  const char *first_content_length;
  int disagreeing_lengths;
} header_census;

static enum MHD_Result count_header(void *cls, enum MHD_ValueKind kind, const char *key, const char *value) {
  (void)kind;
  header_census *census = cls;
  census->size += strlen(key) + (value != NULL ? strlen(value) : 0) + 4;
  if (strcasecmp(key, "Content-Length") == 0) {
    census->content_lengths += 1;
    if (census->first_content_length == NULL) census->first_content_length = value;
    else if (value == NULL || strcmp(value, census->first_content_length) != 0) census->disagreeing_lengths = 1;
  }
  return MHD_YES;
}

/// Reserves `size` more bytes of body memory for `request`; false when the server holds
/// as much as it may.
static int reserve_body(CQRQuizHTTP_daemon *server, CQRQuizHTTP_request *request, size_t size) {
  long held = atomic_fetch_add(&server->body_bytes, (long)size) + (long)size;
  if (held > server->body_memory_limit) {
    atomic_fetch_sub(&server->body_bytes, (long)size);
    return 0;
  }
  request->reserved += size;
  return 1;
}

/// Checks a request whose headers have just arrived; an answer queued means it is refused.
static enum MHD_Result check_headers(CQRQuizHTTP_daemon *server, CQRQuizHTTP_request *request,
                                     const char *version, int *refused) {
  struct MHD_Connection *connection = request->connection;
  header_census census = {strlen(request->method) + strlen(request->path) + 12, 0, NULL, 0};
  MHD_get_connection_values(connection, MHD_HEADER_KIND, count_header, &census);
  *refused = 1;
  if (census.size > server->header_limit) {
    return refuse(server, connection, 431, "request headers too large\n");
  }
  if (census.content_lengths > 1) {
    // A second length may be read as the start of a second request (request smuggling).
    return refuse(server, connection, 400, "more than one Content-Length\n");
  }
  if (version != NULL && strcmp(version, "HTTP/1.1") == 0 &&
      MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "Host") == NULL) {
    return refuse(server, connection, 400, "an HTTP/1.1 request needs a Host header\n");
  }
  request->body_limit = server->body_limit(server->context, request->method, request->path);
  if (census.first_content_length != NULL) {
    char *end = NULL;
    errno = 0;
    unsigned long long size = strtoull(census.first_content_length, &end, 10);
    if (errno != 0 || end == census.first_content_length || *end != '\0') {
      return refuse(server, connection, 400, "Content-Length is not a number\n");
    }
    if (size > request->body_limit) return refuse(server, connection, 413, "request body too large\n");
    if (!reserve_body(server, request, (size_t)size)) {
      return refuse(server, connection, 503, "the server is receiving too much at once; try again\n");
    }
    // A body of this length may take its time, at the minimum rate.
    extend_deadline(server, connection, (double)size / server->minimum_rate);
  }
  *refused = 0;
  return MHD_YES;
}

static enum MHD_Result access_handler(void *cls, struct MHD_Connection *connection, const char *url,
                                      const char *method, const char *version, const char *upload_data,
                                      size_t *upload_data_size, void **request_slot) {
  CQRQuizHTTP_daemon *server = cls;
  CQRQuizHTTP_request *request = *request_slot;
  if (request == NULL) {
    // Headers arrived: refuse what must be refused before any of the body is read.
    request = calloc(1, sizeof *request);
    if (request == NULL) return MHD_NO;
    request->connection = connection;
    request->server = server;
    request->method = method;
    request->path = url;
    *request_slot = request;
    atomic_fetch_add(&server->open_requests, 1);
    int refused = 0;
    enum MHD_Result result = check_headers(server, request, version, &refused);
    if (refused) {
      request->handled = 1;
      request->answered = 1;
    }
    return result;
  }
  if (*upload_data_size > 0) {
    size_t size = *upload_data_size;
    // Past an answer already queued or a refusal to come, the body is dropped as it comes
    // (a body that never ends is cut off by the request's deadline).
    if (request->answered || request->refusal != 0) {
      *upload_data_size = 0;
      return MHD_YES;
    }
    // A chunked body that grows past the limit: dropped from here, refused once it ends.
    if (request->length + size > request->body_limit) {
      *upload_data_size = 0;
      request->refusal = 413;
      return MHD_YES;
    }
    if (request->length + size > request->capacity) {
      size_t capacity = request->capacity == 0 ? 4096 : request->capacity;
      while (capacity < request->length + size) capacity *= 2;
      if (capacity > request->body_limit) capacity = request->body_limit;
      // A declared length reserved it all at once; a chunked body reserves as it grows.
      if (capacity > request->reserved && !reserve_body(server, request, capacity - request->reserved)) {
        *upload_data_size = 0;
        request->refusal = 503;
        return MHD_YES;
      }
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
  if (request->refusal != 0) {
    request->answered = 1;
    return refuse(server, connection, request->refusal,
                  request->refusal == 413 ? "request body too large\n"
                                          : "the server is receiving too much at once; try again\n");
  }
  // The request is whole: the time from here is the handler's, not the client's.
  set_deadline(server, connection, -1);
  server->handler(server->context, request);
  // `suspended` first: once it is set, the task answering may be writing `answered` on
  // another thread, so it is not read here.
  if (!request->suspended && !request->answered) {
    // The handler must answer or suspend; otherwise libmicrohttpd would call again at once.
    request->answered = 1;
    return refuse(server, connection, 500, "internal error: no response\n");
  }
  return MHD_YES;
}

static void request_completed(void *cls, struct MHD_Connection *connection, void **request_slot,
                              enum MHD_RequestTerminationCode code) {
  (void)code;
  CQRQuizHTTP_daemon *server = cls;
  // The next request on this connection has the request timeout to arrive whole.
  set_deadline(server, connection, server->request_timeout);
  CQRQuizHTTP_request *request = *request_slot;
  if (request == NULL) return;
  atomic_fetch_sub(&server->open_requests, 1);
  atomic_fetch_sub(&server->body_bytes, (long)request->reserved);
  free(request->body);
  free(request);
  *request_slot = NULL;
}

// MARK: Event streams

struct CQRQuizHTTP_stream {
  pthread_mutex_t lock;
  CQRQuizHTTP_daemon *server;
  struct MHD_Connection *connection;
  /// Bytes written and not yet taken by libmicrohttpd: [start, end) of `buffer`.
  uint8_t *buffer;
  size_t start;
  size_t end;
  size_t capacity;
  /// The connection is suspended, waiting for a write.
  int suspended;
  /// No more writes: the stream ends once `buffer` is sent.
  int closed;
  /// libmicrohttpd is done with it: the client is gone, or the stream ended.
  int finished;
  /// Holders: the caller (until release) and libmicrohttpd (until it frees the response).
  int references;
  stream_t *previous;
  stream_t *next;
};

static void stream_unlink(stream_t *stream) {
  CQRQuizHTTP_daemon *server = stream->server;
  pthread_mutex_lock(&server->lock);
  if (stream->previous != NULL) stream->previous->next = stream->next;
  else if (server->streams == stream) server->streams = stream->next;
  if (stream->next != NULL) stream->next->previous = stream->previous;
  stream->previous = stream->next = NULL;
  pthread_mutex_unlock(&server->lock);
}

static void stream_drop_reference(stream_t *stream) {
  pthread_mutex_lock(&stream->lock);
  int left = --stream->references;
  pthread_mutex_unlock(&stream->lock);
  if (left > 0) return;
  pthread_mutex_destroy(&stream->lock);
  free(stream->buffer);
  free(stream);
}

/// libmicrohttpd asks for bytes to send: what is written, else the end when closed, else
/// nothing for now (the connection is suspended until the next write resumes it: a reader
/// that returned 0 without suspending would be called again at once, a busy loop).
static ssize_t stream_read(void *cls, uint64_t position, char *buffer, size_t max) {
  (void)position;
  stream_t *stream = cls;
  pthread_mutex_lock(&stream->lock);
  size_t available = stream->end - stream->start;
  if (available > 0) {
    size_t count = available < max ? available : max;
    memcpy(buffer, stream->buffer + stream->start, count);
    stream->start += count;
    if (stream->start == stream->end) stream->start = stream->end = 0;
    pthread_mutex_unlock(&stream->lock);
    return (ssize_t)count;
  }
  if (stream->closed) {
    pthread_mutex_unlock(&stream->lock);
    return MHD_CONTENT_READER_END_OF_STREAM;
  }
  stream->suspended = 1;
  MHD_suspend_connection(stream->connection);
  pthread_mutex_unlock(&stream->lock);
  return 0;
}

/// libmicrohttpd is done with the response: the connection is closing.
static void stream_freed(void *cls) {
  stream_t *stream = cls;
  pthread_mutex_lock(&stream->lock);
  stream->finished = 1;
  stream->closed = 1;
  pthread_mutex_unlock(&stream->lock);
  atomic_fetch_sub(&stream->server->open_streams, 1);
  stream_unlink(stream);
  stream_drop_reference(stream);
}

CQRQuizHTTP_stream *CQRQuizHTTP_respond_stream(CQRQuizHTTP_request *request,
                                                             unsigned int status, const char *headers) {
  if (request->answered) return NULL;
  CQRQuizHTTP_daemon *server = request->server;
  stream_t *stream = calloc(1, sizeof *stream);
  if (stream == NULL) return NULL;
  pthread_mutex_init(&stream->lock, NULL);
  stream->server = server;
  stream->connection = request->connection;
  stream->references = 2;
  struct MHD_Response *response =
      MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 16 * 1024, stream_read, stream, stream_freed);
  if (response == NULL) {
    pthread_mutex_destroy(&stream->lock);
    free(stream);
    return NULL;
  }
  add_headers(response, headers);
  request->answered = 1;
  pthread_mutex_lock(&server->lock);
  stream->next = server->streams;
  if (server->streams != NULL) server->streams->previous = stream;
  server->streams = stream;
  pthread_mutex_unlock(&server->lock);
  atomic_fetch_add(&server->open_streams, 1);
  // A stream has no deadline: it lasts as long as the client listens (a client that stops
  // reading is closed by the idle timeout, or by the write limit).
  set_deadline(server, request->connection, -1);
  // Queued or not, the response is libmicrohttpd's now: a refused one is freed (calling
  // stream_freed) as it is dropped here, and the caller's writes then fail.
  MHD_queue_response(request->connection, status, response);
  MHD_destroy_response(response);
  return stream;
}

int CQRQuizHTTP_stream_write(CQRQuizHTTP_stream *stream, const uint8_t *bytes, size_t length,
                                    size_t limit) {
  pthread_mutex_lock(&stream->lock);
  if (stream->closed || stream->finished) {
    pthread_mutex_unlock(&stream->lock);
    return -1;
  }
  size_t waiting = stream->end - stream->start;
  if (waiting + length > limit) {
    // A client this far behind is not reading: closed, so it reconnects and starts afresh.
    stream->closed = 1;
    stream->start = stream->end = 0;
  } else {
    if (stream->end + length > stream->capacity) {
      if (stream->start > 0) {
        memmove(stream->buffer, stream->buffer + stream->start, waiting);
        stream->start = 0;
        stream->end = waiting;
      }
      if (stream->end + length > stream->capacity) {
        size_t capacity = stream->capacity == 0 ? 1024 : stream->capacity;
        while (capacity < stream->end + length) capacity *= 2;
        uint8_t *grown = realloc(stream->buffer, capacity);
        if (grown == NULL) {
          pthread_mutex_unlock(&stream->lock);
          return -1;
        }
        stream->buffer = grown;
        stream->capacity = capacity;
      }
    }
    memcpy(stream->buffer + stream->end, bytes, length);
    stream->end += length;
  }
  int closedNow = stream->closed;
  if (stream->suspended) {
    stream->suspended = 0;
    MHD_resume_connection(stream->connection);
  }
  pthread_mutex_unlock(&stream->lock);
  return closedNow ? -1 : 0;
}

void CQRQuizHTTP_stream_close(CQRQuizHTTP_stream *stream) {
  pthread_mutex_lock(&stream->lock);
  stream->closed = 1;
  if (stream->suspended && !stream->finished) {
    stream->suspended = 0;
    MHD_resume_connection(stream->connection);
  }
  pthread_mutex_unlock(&stream->lock);
}

int CQRQuizHTTP_stream_is_finished(CQRQuizHTTP_stream *stream) {
  pthread_mutex_lock(&stream->lock);
  int finished = stream->finished;
  pthread_mutex_unlock(&stream->lock);
  return finished;
}

void CQRQuizHTTP_stream_release(CQRQuizHTTP_stream *stream) { stream_drop_reference(stream); }

long CQRQuizHTTP_open_streams(CQRQuizHTTP_daemon *server) {
  return atomic_load(&server->open_streams);
}

/// Ends every stream, resuming those suspended: libmicrohttpd must not stop with a
/// connection still suspended.
static void end_streams(CQRQuizHTTP_daemon *server) {
  pthread_mutex_lock(&server->lock);
  for (stream_t *stream = server->streams; stream != NULL; stream = stream->next) {
    CQRQuizHTTP_stream_close(stream);
  }
  pthread_mutex_unlock(&server->lock);
}

// MARK: The daemon

CQRQuizHTTP_daemon *CQRQuizHTTP_start(const CQRQuizHTTP_options *options,
                                                    CQRQuizHTTP_handler handler,
                                                    CQRQuizHTTP_body_limit body_limit, void *context,
                                                    char *error, size_t error_size) {
  if (!CQRQuizHTTP_load_microhttpd(error, error_size)) return NULL;
  CQRQuizHTTP_daemon *server = calloc(1, sizeof *server);
  if (server == NULL) {
    snprintf(error, error_size, "out of memory");
    return NULL;
  }
  pthread_mutex_init(&server->lock, NULL);
  server->handler = handler;
  server->body_limit = body_limit;
  server->context = context;
  server->request_timeout = options->request_timeout > 0 ? options->request_timeout : 10;
  server->response_timeout = options->response_timeout > 0 ? options->response_timeout : 10;
  server->minimum_rate = options->minimum_rate > 0 ? options->minimum_rate : 16384;
  server->header_limit = options->header_limit;
  server->body_memory_limit = options->body_memory_limit > 0 ? (long)options->body_memory_limit : (256L << 20);
  server->default_headers = strdup(options->default_headers != NULL ? options->default_headers : "");
  if (server->default_headers == NULL) {
    snprintf(error, error_size, "out of memory");
    free_server(server);
    return NULL;
  }

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
    free_server(server);
    return NULL;
  }
  if (options->tls_certificate != NULL && options->tls_key != NULL) flags |= MHD_USE_TLS;

  // libmicrohttpd answers 431 itself when the headers overflow a connection's memory; the
  // memory is twice the header limit, so between the two the shim's own 431 (with the
  // server's headers) comes first.
  size_t connection_memory = options->header_limit * 2 < 32768 ? 32768 : options->header_limit * 2;
  struct MHD_OptionItem items[20];
  size_t count = 0;
  items[count++] = (struct MHD_OptionItem){MHD_OPTION_EXTERNAL_LOGGER, (intptr_t)log_message, server};
  items[count++] = (struct MHD_OptionItem){MHD_OPTION_SOCK_ADDR, 0, socket_address};
  items[count++] = (struct MHD_OptionItem){MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)request_completed, server};
  items[count++] = (struct MHD_OptionItem){MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)notify_connection, server};
  items[count++] = (struct MHD_OptionItem){MHD_OPTION_UNESCAPE_CALLBACK, (intptr_t)unescape, NULL};
  items[count++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_LIMIT, options->connection_limit, NULL};
  items[count++] = (struct MHD_OptionItem){MHD_OPTION_PER_IP_CONNECTION_LIMIT, options->per_address_limit, NULL};
  items[count++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_TIMEOUT, options->idle_timeout, NULL};
  items[count++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)connection_memory, NULL};
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
  if (pthread_create(&server->watchdog, NULL, watch_deadlines, server) == 0) server->watchdog_started = 1;
  return server;
}

uint16_t CQRQuizHTTP_port(CQRQuizHTTP_daemon *server) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(server->daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info != NULL ? info->port : 0;
}

long CQRQuizHTTP_open_requests(CQRQuizHTTP_daemon *server) {
  return atomic_load(&server->open_requests);
}

long CQRQuizHTTP_connections_cut(CQRQuizHTTP_daemon *server) {
  return atomic_load(&server->connections_cut);
}

void CQRQuizHTTP_stop(CQRQuizHTTP_daemon *server) {
  if (server == NULL) return;
  atomic_store(&server->stopping, 1);
  if (server->watchdog_started) pthread_join(server->watchdog, NULL);
  end_streams(server);
  // Give the loops a moment to take the resumed streams back before they are closed.
  for (int wait = 0; wait < 100 && atomic_load(&server->open_streams) > 0; wait++) usleep(10 * 1000);
  MHD_stop_daemon(server->daemon);
  free_server(server);
}

const char *CQRQuizHTTP_method(const CQRQuizHTTP_request *request) { return request->method; }
const char *CQRQuizHTTP_path(const CQRQuizHTTP_request *request) { return request->path; }

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

void CQRQuizHTTP_values(const CQRQuizHTTP_request *request,
                               void (*visit)(void *context, int kind, const char *name, const char *value),
                               void *context) {
  // One pass over the connection's values, of the three kinds at once.
  value_visit state = {visit, context};
  MHD_get_connection_values(request->connection, MHD_HEADER_KIND | MHD_GET_ARGUMENT_KIND | MHD_COOKIE_KIND,
                            visit_value, &state);
}

const uint8_t *CQRQuizHTTP_body(const CQRQuizHTTP_request *request, size_t *length) {
  *length = request->length;
  return request->body;
}

void CQRQuizHTTP_client_address(const CQRQuizHTTP_request *request, char *buffer, size_t size) {
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

int CQRQuizHTTP_respond(CQRQuizHTTP_request *request, unsigned int status, const char *headers,
                               const uint8_t *body, size_t length) {
  if (request->answered) return -1;
  request->answered = 1;
  return queue(request->server, request->connection, status, headers, body, length) == MHD_YES ? 0 : -1;
}

void CQRQuizHTTP_suspend(CQRQuizHTTP_request *request) {
  request->suspended = 1;
  MHD_suspend_connection(request->connection);
}

int CQRQuizHTTP_respond_later(CQRQuizHTTP_request *request, unsigned int status, const char *headers,
                                     const uint8_t *body, size_t length) {
  if (request->answered) return -1;
  request->answered = 1;
  // Queueing on a suspended connection is allowed from any thread; resuming hands it back
  // to libmicrohttpd's loop, which sends the answer.
  enum MHD_Result result = queue(request->server, request->connection, status, headers, body, length);
  MHD_resume_connection(request->connection);
  return result == MHD_YES ? 0 : -1;
}

struct CQRQuizHTTP_response {
  struct MHD_Response *response;
  size_t length;
};

CQRQuizHTTP_response *CQRQuizHTTP_response_create(const char *headers, const uint8_t *body,
                                                                size_t length) {
  // Responses are prepared before a server starts: libmicrohttpd may not be loaded yet.
  char unused[8];
  if (!CQRQuizHTTP_load_microhttpd(unused, sizeof unused)) return NULL;
  CQRQuizHTTP_response *made = malloc(sizeof *made);
  if (made == NULL) return NULL;
  made->response = MHD_create_response_from_buffer(length, (void *)body, MHD_RESPMEM_MUST_COPY);
  made->length = length;
  if (made->response == NULL) {
    free(made);
    return NULL;
  }
  add_headers(made->response, headers);
  return made;
}

void CQRQuizHTTP_response_destroy(CQRQuizHTTP_response *response) {
  if (response == NULL) return;
  // libmicrohttpd keeps it alive until the last connection sending it is done.
  MHD_destroy_response(response->response);
  free(response);
}

int CQRQuizHTTP_respond_with(CQRQuizHTTP_request *request, unsigned int status,
                                    CQRQuizHTTP_response *response, int later) {
  if (request->answered) return -1;
  request->answered = 1;
  enum MHD_Result result =
      queue_response(request->server, request->connection, status, response->response, response->length);
  if (later) MHD_resume_connection(request->connection);
  return result == MHD_YES ? 0 : -1;
}
