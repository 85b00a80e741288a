// The reference for `qrquiz serve`'s throughput: libmicrohttpd in plain C with the same
// daemon options as QRQuiz's (epoll, internal polling thread, a pool of 2, suspend/resume
// allowed, the same connection, idle and memory limits), answering every GET with one
// file's bytes and the same header lines QRQuiz sends for it, so both put the same bytes
// on the wire.
//
//   cc -O2 mhd_plain.c -o mhd_plain $(pkg-config --cflags --libs libmicrohttpd)
//   ./mhd_plain PORT FILE HEADERS_FILE       (HEADERS_FILE: "Name: value" lines)
#include <microhttpd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *body;
static size_t body_size;
static char names[32][256];
static char values[32][4096];
static int header_count;

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size,
                              void **request) {
  (void)cls; (void)url; (void)method; (void)version; (void)upload_data; (void)upload_data_size;
  // The first call comes with the headers, before the (empty) body: answering then would
  // make libmicrohttpd close the connection after the response. Answer on the second.
  static int first_call_marker;
  if (*request == NULL) {
    *request = &first_call_marker;
    return MHD_YES;
  }
  struct MHD_Response *response = MHD_create_response_from_buffer(body_size, body, MHD_RESPMEM_MUST_COPY);
  for (int index = 0; index < header_count; index++) MHD_add_response_header(response, names[index], values[index]);
  enum MHD_Result result = MHD_queue_response(connection, 200, response);
  MHD_destroy_response(response);
  return result;
}

static char *read_file(const char *path, size_t *size) {
  FILE *file = fopen(path, "rb");
  if (file == NULL) { perror(path); exit(1); }
  fseek(file, 0, SEEK_END);
  *size = (size_t)ftell(file);
  fseek(file, 0, SEEK_SET);
  char *bytes = malloc(*size + 1);
  if (fread(bytes, 1, *size, file) != *size) { perror(path); exit(1); }
  bytes[*size] = '\0';
  fclose(file);
  return bytes;
}

int main(int argc, char **argv) {
  if (argc != 4) { fprintf(stderr, "usage: mhd_plain PORT FILE HEADERS_FILE\n"); return 2; }
  body = read_file(argv[2], &body_size);
  size_t headers_size;
  char *headers = read_file(argv[3], &headers_size);
  for (char *line = strtok(headers, "\n"); line != NULL && header_count < 32; line = strtok(NULL, "\n")) {
    char *colon = strchr(line, ':');
    if (colon == NULL) continue;
    *colon = '\0';
    snprintf(names[header_count], sizeof names[0], "%s", line);
    snprintf(values[header_count], sizeof values[0], "%s", colon + 2);
    header_count++;
  }
  struct MHD_Daemon *daemon = MHD_start_daemon(
      MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME, (uint16_t)atoi(argv[1]), NULL,
      NULL, answer, NULL, MHD_OPTION_THREAD_POOL_SIZE, 2u, MHD_OPTION_CONNECTION_LIMIT, 512u,
      MHD_OPTION_PER_IP_CONNECTION_LIMIT, 256u, MHD_OPTION_CONNECTION_TIMEOUT, 15u,
      MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)32768, MHD_OPTION_END);
  if (daemon == NULL) { fprintf(stderr, "cannot start\n"); return 1; }
  printf("ready\n");
  fflush(stdout);
  pause();
  MHD_stop_daemon(daemon);
  return 0;
}
