// Looks up libmicrohttpd's functions (see microhttpd_loader.h). This file includes the
// library's header without the loader's macros, so the names below are the library's own.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>
#include <microhttpd.h>

#include "microhttpd_functions.h"

#define DEFINE_POINTER(name) __typeof__(&name) CQRQuizHTTP_call_##name;
CQRQuizHTTP_MICROHTTPD_FUNCTIONS(DEFINE_POINTER)

// The soname of the ABI the header describes (Debian's libmicrohttpd12).
static const char library_name[] = "libmicrohttpd.so.12";
// Defined in http.c (declared in microhttpd_loader.h, which this file does not include).
enum MHD_Result CQRQuizHTTP_queue_own_answer(struct MHD_Connection *connection, unsigned int status,
                                             struct MHD_Response *response);
static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[256];

// MARK: libmicrohttpd's own answers
//
// libmicrohttpd answers a few requests itself, before any callback of ours can (a head
// larger than the connection's memory: 431; a request line it cannot read: 400), with
// none of the headers every answer of the server carries (CSP, nosniff, frame options).
// It has no option for them, but it queues those answers through its own PLT slot for
// MHD_queue_response (checked on Debian's 0.9.75 with objdump), so the slot is pointed at
// CQRQuizHTTP_queue_own_answer, which adds the headers and calls the real function.
// Only libmicrohttpd's calls take that slot: ours go through the pointer dlsym gave.
// Where the slot is not found (another architecture, a build without the PLT call), those
// answers go out as libmicrohttpd makes them.

#if defined(__x86_64__)
#define IS_SLOT_RELOCATION(type) ((type) == R_X86_64_JUMP_SLOT || (type) == R_X86_64_GLOB_DAT)
#elif defined(__aarch64__)
#define IS_SLOT_RELOCATION(type) ((type) == R_AARCH64_JUMP_SLOT || (type) == R_AARCH64_GLOB_DAT)
#else
#define IS_SLOT_RELOCATION(type) 0
#endif

/// An address of the dynamic section: glibc relocates most in place, some ports do not.
static uintptr_t dynamic_address(const struct link_map *map, uintptr_t value) {
  return value < map->l_addr ? map->l_addr + value : value;
}

/// The read-only-after-relocation range of the object loaded at `base`, from its program
/// headers.
typedef struct {
  uintptr_t base;
  uintptr_t start;
  uintptr_t end;
} relro_range;

static int find_relro(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  relro_range *range = data;
  if (info->dlpi_addr != range->base) return 0;
  for (ElfW(Half) i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *header = &info->dlpi_phdr[i];
    if (header->p_type == PT_GNU_RELRO) {
      range->start = info->dlpi_addr + header->p_vaddr;
      range->end = range->start + header->p_memsz;
    }
  }
  return 1;
}

/// Points `slot` at `target`, making its page writable for the moment when it lies in the
/// object's RELRO range.
static void write_slot(const struct link_map *map, void **slot, void *target) {
  relro_range range = {map->l_addr, 0, 0};
  dl_iterate_phdr(find_relro, &range);
  uintptr_t address = (uintptr_t)slot;
  if (address < range.start || address + sizeof *slot > range.end) {
    *slot = target;
    return;
  }
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  void *first = (void *)(address & ~(page - 1));
  size_t length = ((address + sizeof *slot + page - 1) & ~(page - 1)) - (uintptr_t)first;
  if (mprotect(first, length, PROT_READ | PROT_WRITE) != 0) return;
  *slot = target;
  mprotect(first, length, PROT_READ);
}

static void redirect_relocations(const struct link_map *map, const ElfW(Rela) *relocations, size_t size,
                                 const ElfW(Sym) *symbols, const char *names) {
  for (size_t i = 0; relocations != NULL && i < size / sizeof *relocations; i++) {
    const ElfW(Rela) *relocation = &relocations[i];
    if (!IS_SLOT_RELOCATION(ELF64_R_TYPE(relocation->r_info))) continue;
    const ElfW(Sym) *symbol = &symbols[ELF64_R_SYM(relocation->r_info)];
    if (strcmp(names + symbol->st_name, "MHD_queue_response") != 0) continue;
    write_slot(map, (void **)(map->l_addr + relocation->r_offset), (void *)CQRQuizHTTP_queue_own_answer);
  }
}

static void redirect_own_answers(void *library) {
  struct link_map *map = NULL;
  if (dlinfo(library, RTLD_DI_LINKMAP, &map) != 0 || map == NULL) return;
  const ElfW(Rela) *plt = NULL, *other = NULL;
  size_t plt_size = 0, other_size = 0;
  const ElfW(Sym) *symbols = NULL;
  const char *names = NULL;
  for (const ElfW(Dyn) *entry = map->l_ld; entry->d_tag != DT_NULL; entry++) {
    switch (entry->d_tag) {
    case DT_JMPREL: plt = (const ElfW(Rela) *)dynamic_address(map, entry->d_un.d_ptr); break;
    case DT_PLTRELSZ: plt_size = entry->d_un.d_val; break;
    case DT_RELA: other = (const ElfW(Rela) *)dynamic_address(map, entry->d_un.d_ptr); break;
    case DT_RELASZ: other_size = entry->d_un.d_val; break;
    case DT_SYMTAB: symbols = (const ElfW(Sym) *)dynamic_address(map, entry->d_un.d_ptr); break;
    case DT_STRTAB: names = (const char *)dynamic_address(map, entry->d_un.d_ptr); break;
    default: break;
    }
  }
  if (symbols == NULL || names == NULL) return;
  redirect_relocations(map, plt, plt_size, symbols, names);
  redirect_relocations(map, other, other_size, symbols, names);
}

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
  redirect_own_answers(library);
}

int CQRQuizHTTP_load_microhttpd(char *error, size_t error_size) {
  pthread_once(&load_once, load);
  if (load_error[0] == '\0') return 1;
  snprintf(error, error_size, "%s", load_error);
  return 0;
}
