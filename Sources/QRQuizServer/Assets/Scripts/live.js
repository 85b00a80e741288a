"use strict";
// The live game's pages (Pages+Live.swift): the projector's (`data-role="host"`), a
// player's phone (`"player"`) and the teacher's phone reading answer cards (`"scanner"`). They follow the game's event stream and post the host's or
// the player's moves; every text from the server goes in as text, never as markup, and the
// page's own words come from its `data-w-…` attributes, in its language.
const { LivePage } = require("./live-page.js");
const { startHost } = require("./live-host.js");
const { startPlayer } = require("./live-player.js");
const { startScanner } = require("./live-scanner.js");

const root = document.getElementById("live");
if (root) {
  const page = new LivePage(root);
  if (root.dataset.role === "host") startHost(page);
  else if (root.dataset.role === "player") startPlayer(page);
  else if (root.dataset.role === "scanner") startScanner(page);
}
