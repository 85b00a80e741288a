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

/// On SIGINT (Ctrl-C), writes `message` (copied, at most 511 bytes) to standard error and
/// ends the process at once with `status`, from the handler itself: whichever thread the
/// signal lands on, and whatever the others are blocked in (a read of the terminal).
void CQRQuizCLI_exit_on_interrupt(const char *message, int status);

/// From now on, SIGINT and SIGTERM are caught and noted, never lost, whenever they come
/// (a server stopped just after it starts): see CQRQuizCLI_wait_for_stop_signal. Returns
/// 0, or -1 when no pipe can be made. Calling it again does nothing.
int CQRQuizCLI_catch_stop_signals(void);

/// Blocks until SIGINT or SIGTERM has come (at once if one came before), and returns it.
int CQRQuizCLI_wait_for_stop_signal(void);

/// The terminal's size in cells; 0 when it cannot be read.
int CQRQuizCLI_terminal_size(int fd, int *columns, int *rows);

#endif
