"use strict";
const { formatMessage } = require("./message-format.js");

document.addEventListener("DOMContentLoaded", () => {
  // Answering with the keyboard: the digit of an answer picks it, as in the terminal.
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || !/^[1-9]$/.test(event.key)) return;
    const active = document.activeElement;
    if (active && ["INPUT", "TEXTAREA", "SELECT"].includes(active.tagName)) return;
    const button = document.querySelectorAll("#answers button")[Number(event.key) - 1];
    if (button && !button.disabled) {
      event.preventDefault();
      button.click();
    }
  });

  // The set's countdown: shown every tenth of a second, said (to a screen reader) when the
  // question appears and when ten and five seconds are left, not every second.
  const clock = document.querySelector("[data-seconds-left]");
  if (!clock) return;
  const announcer = document.getElementById("time-announcement");
  const announce = (seconds) => {
    if (announcer) announcer.textContent = formatMessage(clock.dataset.announce || "", { seconds });
  };
  const end = Date.now() + parseFloat(clock.dataset.secondsLeft) * 1000;
  const said = new Set();
  announce(Math.ceil(parseFloat(clock.dataset.secondsLeft)));
  const tick = () => {
    const left = Math.max(0, (end - Date.now()) / 1000);
    clock.textContent = left > 60 ? Math.ceil(left) + " s" : left.toFixed(1) + " s";
    for (const mark of [10, 5]) {
      if (left <= mark && left > mark - 1 && !said.has(mark)) {
        said.add(mark);
        announce(mark);
      }
    }
    if (left <= 0) {
      window.location.reload();
      return;
    }
    setTimeout(tick, 100);
  };
  tick();
});
