// The reference for `qrquiz serve`'s live-game fan-out: libmicrohttpd in plain C with the
// same daemon options as QRQuiz's (epoll, an internal polling thread, a pool of 2,
// suspend/resume, the same connection and memory limits), holding every GET as a
// server-sent event stream and, on each POST, writing one event (the bytes of a file, as
// QRQuiz sends a question) to every stream. Streams wait suspended, as QRQuiz's do, and are
// resumed when there is news.
//
//   cc -O2 sse_fanout.c -o sse_fanout $(pkg-config --cflags --libs libmicrohttpd) -lpthread
//   ./sse_fanout PORT EVENT_FILE          (POST anything: every stream gets EVENT_FILE once)
#include <microhttpd.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct stream {
  struct MHD_Connection *connection;
  long sent;       // events sent so far
  size_t offset;   // of the current event, when it did not fit at once
  int suspended;
  struct stream *next, *previous;
} stream;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static stream *streams;
static long published;
static char *event;
static size_t event_size;

static ssize_t read_events(void *cls, uint64_t position, char *buffer, size_t max) {
  (void)position;
  stream *s = cls;
  pthread_mutex_lock(&lock);
  if (s->sent < published) {
    size_t count = event_size - s->offset < max ? event_size - s->offset : max;
    memcpy(buffer, event + s->offset, count);
    s->offset += count;
    if (s->offset == event_size) {
      s->offset = 0;
      s->sent = published;
    }
    pthread_mutex_unlock(&lock);
    return (ssize_t)count;
  }
  s->suspended = 1;
  MHD_suspend_connection(s->connection);
  pthread_mutex_unlock(&lock);
  return 0;
}

static void free_stream(void *cls) {
  stream *s = cls;
  pthread_mutex_lock(&lock);
  if (s->previous != NULL) s->previous->next = s->next; else streams = s->next;
  if (s->next != NULL) s->next->previous = s->previous;
  pthread_mutex_unlock(&lock);
  free(s);
}

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size,
                              void **request) {
  (void)cls; (void)url; (void)version; (void)upload_data;
  static int marker;
  if (*request == NULL) {
    *request = &marker;
    return MHD_YES;
  }
  if (*upload_data_size > 0) {
    *upload_data_size = 0;
    return MHD_YES;
  }
  if (strcmp(method, "POST") == 0) {
    pthread_mutex_lock(&lock);
    published++;
    for (stream *s = streams; s != NULL; s = s->next) {
      if (s->suspended) {
        s->suspended = 0;
        MHD_resume_connection(s->connection);
      }
    }
    pthread_mutex_unlock(&lock);
    struct MHD_Response *response = MHD_create_response_from_buffer(3, "ok\n", MHD_RESPMEM_PERSISTENT);
    enum MHD_Result result = MHD_queue_response(connection, 200, response);
    MHD_destroy_response(response);
    return result;
  }
  stream *s = calloc(1, sizeof *s);
  s->connection = connection;
  pthread_mutex_lock(&lock);
  s->sent = published;
  s->next = streams;
  if (streams != NULL) streams->previous = s;
  streams = s;
  pthread_mutex_unlock(&lock);
  struct MHD_Response *response = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 16 * 1024, read_events, s,
                                                                    free_stream);
  MHD_add_response_header(response, "Content-Type", "text/event-stream; charset=utf-8");
  MHD_add_response_header(response, "Cache-Control", "no-store");
  enum MHD_Result result = MHD_queue_response(connection, 200, response);
  MHD_destroy_response(response);
  return result;
}

int main(int argc, char **argv) {
  if (argc != 3) { fprintf(stderr, "usage: sse_fanout PORT EVENT_FILE\n"); return 2; }
  FILE *file = fopen(argv[2], "rb");
  if (file == NULL) { perror(argv[2]); return 1; }
  fseek(file, 0, SEEK_END);
  event_size = (size_t)ftell(file);
  fseek(file, 0, SEEK_SET);
  event = malloc(event_size);
  if (fread(event, 1, event_size, file) != event_size) { perror(argv[2]); return 1; }
  fclose(file);
  struct MHD_Daemon *daemon = MHD_start_daemon(
      MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME, (uint16_t)atoi(argv[1]), NULL,
      NULL, answer, NULL, MHD_OPTION_THREAD_POOL_SIZE, 2u, MHD_OPTION_CONNECTION_LIMIT, 4096u,
      MHD_OPTION_PER_IP_CONNECTION_LIMIT, 256u, MHD_OPTION_CONNECTION_TIMEOUT, 15u,
      MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)32768, MHD_OPTION_LISTENING_ADDRESS_REUSE, 1u, MHD_OPTION_END);
  if (daemon == NULL) { perror("cannot start"); return 1; }
  printf("ready\n");
  fflush(stdout);
  pause();
  MHD_stop_daemon(daemon);
  return 0;
}
