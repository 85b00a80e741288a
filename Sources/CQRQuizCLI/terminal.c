#define _GNU_SOURCE
#include "CQRQuizCLI_terminal.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

static volatile sig_atomic_t active = 0;
static int terminal_fd = -1;
static struct termios saved;
static char leave_sequence[256];
static size_t leave_length = 0;
static const int handled[] = {SIGTERM, SIGHUP, SIGINT, SIGQUIT};
static struct sigaction previous[4];

void CQRQuizCLI_terminal_leave(void) {
  if (!active) return;
  active = 0;
  if (leave_length > 0) {
    ssize_t ignored = write(terminal_fd, leave_sequence, leave_length);
    (void)ignored;
  }
  tcsetattr(terminal_fd, TCSAFLUSH, &saved);
}

static void on_signal(int signal_number) {
  CQRQuizCLI_terminal_leave();
  // End as the signal says: the default action, raised again.
  struct sigaction fallback;
  memset(&fallback, 0, sizeof fallback);
  fallback.sa_handler = SIG_DFL;
  sigaction(signal_number, &fallback, NULL);
  raise(signal_number);
}

int CQRQuizCLI_terminal_enter(int fd, const char *enter, const char *leave) {
  if (!isatty(fd) || tcgetattr(fd, &saved) != 0) return -1;
  terminal_fd = fd;
  leave_length = strnlen(leave, sizeof leave_sequence - 1);
  memcpy(leave_sequence, leave, leave_length);
  struct termios raw = saved;
  raw.c_lflag &= ~(ECHO | ICANON | ISIG | IEXTEN);
  raw.c_iflag &= ~(IXON | ICRNL);
  raw.c_cc[VMIN] = 1;
  raw.c_cc[VTIME] = 0;
  if (tcsetattr(fd, TCSAFLUSH, &raw) != 0) return -1;
  active = 1;
  static int registered = 0;
  if (!registered) {
    atexit(CQRQuizCLI_terminal_leave);
    registered = 1;
  }
  struct sigaction handler;
  memset(&handler, 0, sizeof handler);
  handler.sa_handler = on_signal;
  sigemptyset(&handler.sa_mask);
  for (int index = 0; index < 4; index++) sigaction(handled[index], &handler, &previous[index]);
  size_t enter_length = strnlen(enter, 255);
  if (enter_length > 0) {
    ssize_t ignored = write(fd, enter, enter_length);
    (void)ignored;
  }
  return 0;
}

static char interrupt_message[512];
static size_t interrupt_length = 0;
static int interrupt_status = 130;

static void on_interrupt(int signal_number) {
  (void)signal_number;
  ssize_t ignored = write(STDERR_FILENO, interrupt_message, interrupt_length);
  (void)ignored;
  _exit(interrupt_status);
}

void CQRQuizCLI_exit_on_interrupt(const char *message, int status) {
  interrupt_length = strnlen(message, sizeof interrupt_message - 1);
  memcpy(interrupt_message, message, interrupt_length);
  interrupt_status = status;
  struct sigaction handler;
  memset(&handler, 0, sizeof handler);
  handler.sa_handler = on_interrupt;
  sigemptyset(&handler.sa_mask);
  sigaction(SIGINT, &handler, NULL);
}

static int stop_pipe[2] = {-1, -1};

static void on_stop(int signal_number) {
  int saved_errno = errno;
  char byte = (char)signal_number;
  ssize_t ignored = write(stop_pipe[1], &byte, 1);
  (void)ignored;
  errno = saved_errno;
}

int CQRQuizCLI_catch_stop_signals(void) {
  if (stop_pipe[0] >= 0) return 0;
  if (pipe2(stop_pipe, O_CLOEXEC) != 0) return -1;
  struct sigaction handler;
  memset(&handler, 0, sizeof handler);
  handler.sa_handler = on_stop;
  sigemptyset(&handler.sa_mask);
  handler.sa_flags = SA_RESTART;
  sigaction(SIGINT, &handler, NULL);
  sigaction(SIGTERM, &handler, NULL);
  return 0;
}

int CQRQuizCLI_wait_for_stop_signal(void) {
  char byte = 0;
  while (read(stop_pipe[0], &byte, 1) < 0 && errno == EINTR) {
  }
  return byte;
}

int CQRQuizCLI_terminal_size(int fd, int *columns, int *rows) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_col == 0) return 0;
  *columns = size.ws_col;
  *rows = size.ws_row;
  return 1;
}
