"use strict";
// A class's game on the projector (LiveRoom+Events.swift's `roster`): each student here by
// phone or card, or not yet, "23 of 28 here", and the guests; and, in any game, the devices
// asking to continue as a player (a flat battery), each with its Allow button. Names go in
// as text, never as markup.
const { clear } = require("./page.js");

/**
 * The class's students and the guests, as the lobby shows them.
 * @param {HTMLElement} list
 * @param {{ name: string, card: number | null, here: string | null }[]} roster
 * @param {string[]} guests
 * @param {import("./page.js").Say} say
 */
function showClassRoster(list, roster, guests, say) {
  clear(list);
  for (const student of roster) {
    const phrase = student.here === "phone" ? "liveHereByPhone"
      : student.here === "card" ? "liveHereByCard" : "liveNotHereYet";
    list.append(rosterItem(student.name + " · " + say(phrase), student.here ? "here" : "not-here"));
  }
  for (const name of guests) list.append(rosterItem(name + " · " + say("liveGuest"), "guest"));
}

/**
 * @param {string} text
 * @param {string} className
 */
function rosterItem(text, className) {
  const item = document.createElement("li");
  item.className = className;
  item.textContent = text;
  return item;
}

/**
 * "X asks to join from another device — Allow", one line for each device waiting.
 * @param {HTMLElement} panel
 * @param {string[]} asking the players' names
 * @param {import("./page.js").Say} say
 * @param {(name: string, button: HTMLButtonElement) => void} allow
 */
function showAsking(panel, asking, say, allow) {
  clear(panel);
  panel.hidden = asking.length === 0;
  for (const name of asking) {
    const line = document.createElement("p");
    line.textContent = say("liveAsksRejoin", { name }) + " — ";
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = say("liveAllowRejoin");
    button.setAttribute("aria-label", say("liveAllowRejoin") + ": " + say("liveAsksRejoin", { name }));
    button.addEventListener("click", () => allow(name, button));
    line.append(button);
    panel.append(line);
  }
}

module.exports = { showAsking, showClassRoster };
