#ifndef CQRQUIZCLI_TERMINAL_H
#define CQRQUIZCLI_TERMINAL_H

// Why this is C: the terminal must be restored from a signal handler (SIGTERM, SIGHUP,
// SIGINT, SIGQUIT), where only async-signal-safe calls (tcsetattr, write) are allowed and
// Swift code may not run.

/// Puts the terminal on `fd` in raw mode (no echo, no line buffering, no signals from
/// keys: Ctrl-C arrives as byte 3), writes `enter` (e.g. switch to the alternate screen,
/// hide the cursor), and arranges for `leave` to be written and the old mode restored at
/// exit and on SIGTERM, SIGHUP, SIGINT and SIGQUIT (the signal is then raised again, so
/// the process ends as the signal says). Returns 0, or -1 with errno when `fd` is not a
/// terminal. `enter` and `leave` are copied (at most 255 bytes each).
int CQRQuizCLI_terminal_enter(int fd, const char *enter, const char *leave);

/// Restores the terminal now (idempotent).
void CQRQuizCLI_terminal_leave(void);

/// The terminal's size in cells; 0 when it cannot be read.
int CQRQuizCLI_terminal_size(int fd, int *columns, int *rows);

#endif
