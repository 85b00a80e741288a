// libchafa: images drawn in a terminal with whatever it supports (kitty, iTerm2, sixels,
// or colour block symbols).
#include <chafa.h>
