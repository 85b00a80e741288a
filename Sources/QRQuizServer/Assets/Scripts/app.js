"use strict";
// The script of every page (Pages.swift): on a play's question, answers picked with their
// digits, as in the terminal, and the set's countdown shown every tenth of a second and
// said (to a screen reader) when the question appears and when ten and five seconds are
// left, not every second; a page's Print button prints it.
const { formatMessage } = require("./message-format.js");
const { clockText, marksReached } = require("./play-countdown.js");

document.addEventListener("DOMContentLoaded", () => {
  for (const button of document.querySelectorAll("button[data-action=print]")) {
    button.addEventListener("click", () => window.print());
  }
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || !/^[1-9]$/.test(event.key)) return;
    const active = document.activeElement;
    if (active && ["INPUT", "TEXTAREA", "SELECT"].includes(active.tagName)) return;
    const button = document.querySelectorAll("#answers button")[Number(event.key) - 1];
    if (button instanceof HTMLButtonElement && !button.disabled) {
      event.preventDefault();
      button.click();
    }
  });

  const clock = document.querySelector("[data-seconds-left]");
  if (!(clock instanceof HTMLElement)) return;
  const announcer = document.getElementById("time-announcement");
  /** @param {number} seconds */
  const announce = (seconds) => {
    if (announcer) announcer.textContent = formatMessage(clock.dataset.announce || "", { seconds });
  };
  const secondsLeft = parseFloat(clock.dataset.secondsLeft || "0");
  const end = Date.now() + secondsLeft * 1000;
  /** @type {Set<number>} */
  const said = new Set();
  announce(Math.ceil(secondsLeft));
  const tick = () => {
    const left = Math.max(0, (end - Date.now()) / 1000);
    clock.textContent = clockText(left);
    for (const mark of marksReached(left, said)) {
      said.add(mark);
      announce(mark);
    }
    if (left <= 0) {
      window.location.reload();
      return;
    }
    window.setTimeout(tick, 100);
  };
  tick();
});
