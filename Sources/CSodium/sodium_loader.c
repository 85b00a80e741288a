// Looks up libsodium's functions (see CSodium.h).

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#include "CSodium.h"

static qrquiz_sodium functions;

// The soname of the ABI the header describes (Debian 12's libsodium23).
static const char library_name[] = "libsodium.so.23";
static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[256];

static void load(void) {
  void *library = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    snprintf(load_error, sizeof load_error,
             "libsodium is not installed (%s; on Debian: apt-get install libsodium23)", library_name);
    return;
  }
#define QRQUIZ_SODIUM_RESOLVE(name)                                                                     \
  functions.name = (__typeof__(functions.name))dlsym(library, #name);                                   \
  if (functions.name == NULL) {                                                                         \
    snprintf(load_error, sizeof load_error, "%s has no %s: libsodium is too old", library_name, #name); \
    return;                                                                                             \
  }
  QRQUIZ_SODIUM_FUNCTIONS(QRQUIZ_SODIUM_RESOLVE)
  // 0: initialised now; 1: already (another user of the library in this process).
  if (functions.sodium_init() < 0) {
    snprintf(load_error, sizeof load_error, "%s could not be initialised", library_name);
  }
}

const qrquiz_sodium *qrquiz_load_sodium(char *error, size_t error_size) {
  pthread_once(&load_once, load);
  if (load_error[0] == '\0') return &functions;
  snprintf(error, error_size, "%s", load_error);
  return NULL;
}
