// Looks up libmicrohttpd's functions (see microhttpd_loader.h). This file includes the
// library's header without the loader's macros, so the names below are the library's own.
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>

#include "microhttpd_functions.h"

#define DEFINE_POINTER(name) __typeof__(&name) CQRQuizHTTP_call_##name;
CQRQuizHTTP_MICROHTTPD_FUNCTIONS(DEFINE_POINTER)

// The soname of the ABI the header describes (Debian's libmicrohttpd12).
static const char library_name[] = "libmicrohttpd.so.12";
static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[256];

static void load(void) {
  void *library = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    snprintf(load_error, sizeof load_error, "libmicrohttpd is not installed (%s; on Debian: apt-get install libmicrohttpd12)",
             library_name);
    return;
  }
#define RESOLVE(name)                                                                                         \
  CQRQuizHTTP_call_##name = (__typeof__(CQRQuizHTTP_call_##name))dlsym(library, #name);                  \
  if (CQRQuizHTTP_call_##name == NULL) {                                                                    \
    snprintf(load_error, sizeof load_error, "%s has no %s: libmicrohttpd is too old", library_name, #name); \
    return;                                                                                                   \
  }
  CQRQuizHTTP_MICROHTTPD_FUNCTIONS(RESOLVE)
}

int CQRQuizHTTP_load_microhttpd(char *error, size_t error_size) {
  pthread_once(&load_once, load);
  if (load_error[0] == '\0') return 1;
  snprintf(error, error_size, "%s", load_error);
  return 0;
}
