#ifndef QRQUIZ_CSODIUM_H
#define QRQUIZ_CSODIUM_H

// libsodium is loaded when the first teacher's password or personal token is hashed, not
// when a program starts: only a school's server with teacher accounts (and
// `qrquiz admin teacher`) needs it, and a `qrquiz decode` must not pay for it. Its header
// gives the types and constants at build time; each function is called through the pointer
// `qrquiz_load_sodium` looks up, a member of `qrquiz_sodium` under the function's name.

#include <stddef.h>
#include <sodium.h>

#define QRQUIZ_SODIUM_FUNCTIONS(X)        \
  X(sodium_init)                          \
  X(crypto_pwhash_argon2id_str)           \
  X(crypto_pwhash_argon2id_str_verify)    \
  X(crypto_pwhash_argon2id_str_needs_rehash) \
  X(crypto_generichash)

/// libsodium's functions, each under its own name, once loaded.
typedef struct {
#define QRQUIZ_SODIUM_MEMBER(name) __typeof__(&name) name;
  QRQUIZ_SODIUM_FUNCTIONS(QRQUIZ_SODIUM_MEMBER)
#undef QRQUIZ_SODIUM_MEMBER
} qrquiz_sodium;

/// Loads libsodium once and initialises it: its functions when every one was found and
/// `sodium_init` succeeded, else NULL with the reason in `error` (not installed, too old).
const qrquiz_sodium *qrquiz_load_sodium(char *error, size_t error_size);

#endif
