"use strict";
// A class's game on the projector (LiveRoom+Events.swift's `roster`): each student here by
// phone or card, or not yet, "23 of 28 here", and the guests; and, in any game, the devices
// asking to continue as a player (a flat battery), each with Allow and Decline. Names go in
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
 * "X asks to join from another device — Allow Decline", one line for each device waiting:
 * a stray asking is declined, not left on the screen for the rest of the game.
 * @param {HTMLElement} panel
 * @param {string[]} asking the players' names
 * @param {import("./page.js").Say} say
 * @param {(name: string, button: HTMLButtonElement) => void} allow
 * @param {(name: string, button: HTMLButtonElement) => void} decline
 */
function showAsking(panel, asking, say, allow, decline) {
  clear(panel);
  panel.hidden = asking.length === 0;
  for (const name of asking) {
    const line = document.createElement("p");
    line.textContent = say("liveAsksRejoin", { name }) + " — ";
    for (const [phrase, act] of /** @type {const} */ ([["liveAllowRejoin", allow], ["liveDeclineRejoin", decline]])) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = say(phrase);
      button.setAttribute("aria-label", say(phrase) + ": " + say("liveAsksRejoin", { name }));
      button.addEventListener("click", () => act(name, button));
      line.append(button, " ");
    }
    panel.append(line);
  }
}

module.exports = { showAsking, showClassRoster };
