"use strict";
// The projector's screen (`/host/PIN`): the lobby filling up, each question with its
// countdown and how many answered, the results after it, the podium; and the host's
// moves (next, ask again, end, lock, hide the scores, remove a player and lift a ban), the ones that
// cannot be undone confirmed first.
const { byId, clear } = require("./page.js");
const { LivePage } = require("./live-page.js");
const { GameConnection } = require("./live-connection.js");
const state = require("./live-state.js");
const { playerLabel } = require("./card-state.js");
const { startCards } = require("./live-cards.js");
const { showAsking, showClassRoster } = require("./live-roster.js");

/** @typedef {import("./live-state.js").GameState} GameState */

/**
 * Starts the host's screen on `page`.
 * @param {LivePage} page
 */
function startHost(page) {
  const say = page.say;
  const cards = startCards(page, page.root.dataset.api || "", page.root.dataset.secret || "");
  const connection = new GameConnection(page.root.dataset.api || "", page.root.dataset.secret || null, {
    state: (name, data) => {
      cards.questionOpen(name === "question");
      screens[name](data);
    },
    progress: (event) => {
      showAnswered(event);
      cards.show(event);
    },
    kicked: () => page.gone(say("liveKicked")),
    // Said at the top of the screen, over everything, until the server answers again.
    online: (online) => {
      byId("offline", HTMLElement).hidden = online;
    },
    noSuchGame: () => page.gone(say("liveNoSuchGame")),
    // The host's secret comes with the page: there is nothing to ask for again.
    refused: () => {},
  });

  /** The question closed on screen, which "Ask again" asks. */
  let closedIndex = 0;

  /** @type {Record<"lobby" | "question" | "closed" | "over", (data: GameState) => void>} */
  const screens = {
    lobby(data) {
      page.show("lobby");
      // A class's game counts its students here, never its guests and cards as players.
      page.setField("lobby", "players", typeof data.class_size === "number"
        ? say("liveHereOf", { here: data.here || 0, size: data.class_size }) : state.lobbyPlayers(data, say));
      // A class's game: one line per student of the roster (here by phone, by card, or not
      // yet), the guests after; the players' list would name every student a second time
      // ("Ada · card 1" beside "Ada · here (phone)"). The host's controls still remove anyone.
      const names = page.field("lobby", "names", HTMLElement);
      names.hidden = !!data.roster;
      if (data.roster) {
        showClassRoster(page.field("lobby", "class-roster", HTMLElement), data.roster, data.guest_names || [], say);
        clear(names);
      } else {
        // On the projector the names are the class's to read, and the teacher's to click:
        // a name that should not be there is removed from where it is seen.
        showNames(names, data.names || [], data.name_cards, "liveRemoveName", askToRemove);
      }
      showToggles(data);
    },
    question(data) {
      page.show("question");
      page.setField("question", "progress", state.progress(data, say));
      page.setField("question", "text", data.text);
      page.showImage(data.image);
      const list = page.field("question", "answers", HTMLElement);
      clear(list);
      data.answers.forEach((text, index) => {
        const item = document.createElement("li");
        LivePage.answer(item, state.answerFace(text, index));
        list.append(item);
      });
      if (data.numeric === true) {
        const item = document.createElement("li");
        item.className = "answer typed";
        item.textContent = say("liveTypeOnPhone");
        list.append(item);
      }
      showAnswered(data);
      cards.show(data);
      page.startCountdown(data.remaining_ms);
      showToggles(data);
    },
    closed(data) {
      page.stopCountdown();
      page.show("closed");
      page.setField("closed", "text", data.text);
      const list = page.field("closed", "answers", HTMLElement);
      clear(list);
      if (typeof data.numeric === "object") showNumericResult(list, data.numeric);
      else showTally(list, data);
      LivePage.standings(page.field("closed", "top", HTMLElement), data.top || []);
      page.showExplanation(data.explanation);
      page.field("closed", "hidden", HTMLElement).hidden = !data.hidden;
      byId("next", HTMLElement).textContent = state.nextLabel(data, say);
      closedIndex = data.index;
      showToggles(data);
    },
    over(data) {
      page.stopCountdown();
      page.show("over");
      LivePage.standings(page.field("over", "podium", HTMLElement), data.podium);
      // Nothing can be locked, hidden, ended or removed any more.
      byId("host-controls", HTMLElement).hidden = true;
      if (dialog.open) dialog.close("cancel");
    },
  };

  /**
   * A closed question's answers as a bar chart: the right ones marked, the others dimmed.
   * @param {HTMLElement} list
   * @param {GameState} data
   */
  function showTally(list, data) {
    for (const answer of state.tallied(data)) {
      const item = document.createElement("li");
      item.className = "column " + (answer.right ? "right" : "dimmed");
      // The bar: its height the share of the most picked answer, its count above it.
      const chart = document.createElement("div");
      chart.className = "chart";
      const count = document.createElement("span");
      count.className = "count";
      count.textContent = String(answer.count);
      const bar = document.createElement("span");
      bar.className = "bar " + answer.colour;
      bar.setAttribute("aria-hidden", "true");
      bar.style.setProperty("--share", answer.width);
      chart.append(count, bar);
      // Under it the answer as it was asked: colour, shape, letter and text.
      const face = document.createElement("div");
      LivePage.answer(face, answer);
      item.append(chart, face);
      if (answer.right) {
        const mark = document.createElement("span");
        mark.className = "mark";
        mark.textContent = "\u2713 " + say("liveCorrectMark");
        face.append(mark);
      }
      list.append(item);
    }
  }

  /**
   * A question asked as a number, closed: the right number, then bars of right and wrong.
   * @param {HTMLElement} list
   * @param {{ value: string, right: number, wrong: number }} numeric
   */
  function showNumericResult(list, numeric) {
    for (const row of state.numericTally(numeric, say)) {
      const item = document.createElement("li");
      item.className = "column " + (row.right ? "right" : "dimmed");
      const chart = document.createElement("div");
      chart.className = "chart";
      const count = document.createElement("span");
      count.className = "count";
      count.textContent = String(row.count);
      const bar = document.createElement("span");
      bar.className = "bar " + (row.right ? "answer-3" : "answer-0");
      bar.setAttribute("aria-hidden", "true");
      bar.style.setProperty("--share", row.width);
      chart.append(count, bar);
      const face = document.createElement("div");
      face.className = "answer " + (row.right ? "answer-3" : "answer-0");
      const label = document.createElement("span");
      label.className = "label";
      label.textContent = row.right
        ? "\u2713 " + state.rightAnswers(/** @type {GameState} */ ({ numeric }), say) + " \u00b7 " + row.label
        : "\u2717 " + row.label;
      face.append(label);
      item.append(chart, face);
      list.append(item);
    }
  }

  /** @param {{ answered?: number | boolean, players?: number }} event */
  function showAnswered(event) {
    const line = state.answeredLine(event, say);
    if (line !== null) page.setField("question", "answered", line);
  }

  /**
   * `list` filled with a button per name; `ask` is what choosing one does.
   * @param {HTMLElement} list
   * @param {string[]} names
   * @param {(number | null)[] | undefined} cardNumbers each name's answer card, in a game with a class
   * @param {string} phrase the button's accessible name, with `{name}`
   * @param {(name: string) => void} ask
   */
  function showNames(list, names, cardNumbers, phrase, ask) {
    clear(list);
    names.forEach((name, index) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "name-button";
      button.textContent = playerLabel(name, cardNumbers ? cardNumbers[index] : null, say);
      button.setAttribute("aria-label", say(phrase, { name }));
      button.addEventListener("click", () => ask(name));
      item.append(button);
      list.append(item);
    });
  }

  /** The host's lists of players and of banned names, in every phase but the end. */
  function showRoster(/** @type {GameState} */ data) {
    if (data.names) {
      showNames(page.field("host-controls", "roster", HTMLElement), data.names, data.name_cards, "liveRemoveName",
        askToRemove);
    }
    if (data.banned) {
      showNames(page.field("host-controls", "banned", HTMLElement), data.banned, undefined, "liveUnbanName", askToUnban);
      page.field("host-controls", "nobody-banned", HTMLElement).hidden = data.banned.length > 0;
    }
  }

  const dialog = byId("confirm", HTMLDialogElement);
  const confirmYes = byId("confirm-yes", HTMLButtonElement);
  const confirmBan = byId("confirm-ban", HTMLButtonElement);

  /**
   * Asks the host to confirm a move in a modal dialog (focus inside it, Escape cancels).
   * @param {string} question
   * @param {string} yes the confirming button's label
   * @param {boolean} offerBan whether "Remove and ban" is offered too
   * @returns {Promise<"yes" | "ban" | "cancel">}
   */
  function confirmMove(question, yes, offerBan) {
    byId("confirm-text", HTMLElement).textContent = question;
    confirmYes.textContent = yes;
    confirmBan.hidden = !offerBan;
    const opener = document.activeElement;
    return new Promise((resolve) => {
      dialog.addEventListener("close", () => {
        if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
        const value = dialog.returnValue;
        resolve(value === "yes" || value === "ban" ? value : "cancel");
      }, { once: true });
      dialog.returnValue = "cancel";
      dialog.showModal();
      byId("confirm-cancel", HTMLButtonElement).focus();
    });
  }

  /** @param {string} name */
  async function askToRemove(name) {
    const choice = await confirmMove(say("liveRemoveConfirm", { name }), say("liveRemoveButton"), true);
    if (choice === "cancel") return;
    const result = await post("/kick", { name, ban: choice === "ban" });
    if (result.status === 200) page.tell(say("liveKickDone", { name }));
    if (result.status === 404) page.tell(say("liveNoSuchPlayer"));
  }

  /** @param {string} name */
  async function askToUnban(name) {
    const choice = await confirmMove(say("liveUnbanConfirm", { name }), say("liveUnbanButton"), false);
    if (choice === "cancel") return;
    const result = await post("/unban", { name });
    if (result.status === 200) page.tell(say("liveUnbanDone", { name }));
    if (result.status === 404) page.tell(say("liveNoSuchPlayer"));
  }

  /** @param {GameState} data */
  function showToggles(data) {
    showRoster(data);
    if (data.asking) {
      showAsking(byId("asking", HTMLElement), data.asking, say,
        (name, button) => postWith(button, "/rejoin/approve", { name }),
        (name, button) => postWith(button, "/rejoin/decline", { name }));
    }
    if (typeof data.guests === "boolean") {
      const guests = byId("guests", HTMLButtonElement);
      guests.setAttribute("aria-pressed", String(data.guests));
      guests.textContent = say(data.guests ? "liveNoGuests" : "liveAllowGuests");
    }
    const toggles = state.hostToggles(data, say);
    for (const [id, toggle] of /** @type {const} */ ([["lock", toggles.lock], ["hide", toggles.hide]])) {
      if (!toggle) continue;
      const button = byId(id, HTMLButtonElement);
      button.setAttribute("aria-pressed", String(toggle.pressed));
      button.textContent = toggle.label;
    }
  }

  /**
   * Posts a move with the host's secret; a refusal is said on the status line.
   * @param {string} path
   * @param {object} [body]
   * @returns {Promise<{ status: number, data: any }>}
   */
  async function post(path, body) {
    try {
      const result = await connection.post(path, { secret: connection.secret, ...body });
      if (result.status >= 400) {
        const error = result.data.error;
        page.tell(error ? say("liveRequestFailed") + " (" + error + ")" : say("liveRequestFailed"));
      }
      return result;
    } catch (error) {
      page.tell(say("liveRequestFailed"));
      return { status: 0, data: {} };
    }
  }

  /**
   * A button that posts a move, disabled meanwhile; `body` says what, from the button as
   * it is pressed.
   * @param {string} id
   * @param {string} path
   * @param {(button: HTMLButtonElement) => object} [body]
   */
  function onPress(id, path, body) {
    const button = byId(id, HTMLButtonElement);
    button.addEventListener("click", () => postWith(button, path, body ? body(button) : undefined));
  }

  /**
   * Posts a move with `button` disabled meanwhile (no double press).
   * @param {HTMLButtonElement} button
   * @param {string} path
   * @param {object} [body]
   */
  async function postWith(button, path, body) {
    button.disabled = true;
    try {
      return await post(path, body);
    } finally {
      button.disabled = false;
    }
  }

  /** @param {HTMLButtonElement} button */
  const pressedNow = (button) => button.getAttribute("aria-pressed") !== "true";
  for (const id of ["start", "next", "close"]) onPress(id, "/next");
  onPress("lock", "/settings", (button) => ({ locked: pressedNow(button) }));
  onPress("hide", "/settings", (button) => ({ hide_scores: pressedNow(button) }));
  if (document.getElementById("guests")) onPress("guests", "/settings", (button) => ({ guests: pressedNow(button) }));

  // Ending the game cannot be undone: it asks first.
  const endButton = byId("end", HTMLButtonElement);
  endButton.addEventListener("click", async () => {
    const choice = await confirmMove(say("liveEndConfirm"), say("liveEndConfirmButton"), false);
    if (choice === "yes") await postWith(endButton, "/end");
  });

  // Asking again drops the answers the question had: it asks first.
  const reaskButton = byId("reask", HTMLButtonElement);
  reaskButton.addEventListener("click", async () => {
    const question = closedIndex;
    const choice = await confirmMove(say("liveReaskConfirm"), say("liveReaskButton"), false);
    if (choice === "yes") await postWith(reaskButton, "/reask", { question });
  });

  // The main button (Start, End the question, Next) answers Enter and Space from anywhere
  // on the screen, as a presenter's clicker sends them; a control with the focus answers
  // them itself, and an open dialog keeps them.
  document.addEventListener("keydown", (event) => {
    if ((event.key !== "Enter" && event.key !== " ") || event.ctrlKey || event.altKey || event.metaKey) return;
    if (dialog.open || event.repeat) return;
    const target = event.target;
    if (target instanceof Element && target.closest("button, a, input, select, textarea, summary, video, [contenteditable]")) {
      return;
    }
    const main = ["start", "close", "next"].map((id) => byId(id, HTMLButtonElement))
      .find((button) => !button.disabled && button.offsetParent !== null);
    if (!main) return;
    event.preventDefault();
    main.click();
  });

  connection.connect();
}

module.exports = { startHost };
