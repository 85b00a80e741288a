// Looks up libpq's functions (see CLibPQ.h).

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#include "CLibPQ.h"

static qrquiz_libpq functions;

// The soname of the ABI the header describes (Debian's libpq5).
static const char library_name[] = "libpq.so.5";
static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[256];

static void load(void) {
  void *library = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    snprintf(load_error, sizeof load_error, "libpq is not installed (%s; on Debian: apt-get install libpq5)",
             library_name);
    return;
  }
#define QRQUIZ_LIBPQ_RESOLVE(name)                                                                  \
  functions.name = (__typeof__(functions.name))dlsym(library, #name);                               \
  if (functions.name == NULL) {                                                                     \
    snprintf(load_error, sizeof load_error, "%s has no %s: libpq is too old", library_name, #name); \
    return;                                                                                         \
  }
  QRQUIZ_LIBPQ_FUNCTIONS(QRQUIZ_LIBPQ_RESOLVE)
}

const qrquiz_libpq *qrquiz_load_libpq(char *error, size_t error_size) {
  pthread_once(&load_once, load);
  if (load_error[0] == '\0') return &functions;
  snprintf(error, error_size, "%s", load_error);
  return NULL;
}
