"use strict";
// The projector's screen (`/host/PIN`): the lobby filling up, each question with its
// countdown and how many answered, the results after it, the podium; and the host's
// moves (next, end, lock, hide the scores, remove a player).
const { byId, clear, required } = require("./page.js");
const { LivePage } = require("./live-page.js");
const { GameConnection } = require("./live-connection.js");
const state = require("./live-state.js");

/** @typedef {import("./live-state.js").GameState} GameState */

/**
 * Starts the host's screen on `page`.
 * @param {LivePage} page
 */
function startHost(page) {
  const say = page.say;
  const connection = new GameConnection(page.root.dataset.api || "", page.root.dataset.secret || null, {
    state: (name, data) => screens[name](data),
    progress: (event) => showAnswered(event),
    kicked: () => page.gone(say("liveKicked")),
    online: (online) => page.tell(online ? "" : say("liveReconnecting")),
    noSuchGame: () => page.gone(say("liveNoSuchGame")),
    // The host's secret comes with the page: there is nothing to ask for again.
    refused: () => {},
  });

  /** @type {Record<"lobby" | "question" | "closed" | "over", (data: GameState) => void>} */
  const screens = {
    lobby(data) {
      page.show("lobby");
      page.setField("lobby", "players", state.lobbyPlayers(data, say));
      const list = page.field("lobby", "names", HTMLElement);
      clear(list);
      for (const name of data.names || []) {
        const item = document.createElement("li");
        item.textContent = name;
        list.append(item);
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
      showAnswered(data);
      page.startCountdown(data.remaining_ms);
      showToggles(data);
    },
    closed(data) {
      page.stopCountdown();
      page.show("closed");
      page.setField("closed", "text", data.text);
      const list = page.field("closed", "answers", HTMLElement);
      clear(list);
      for (const answer of state.tallied(data)) {
        const item = document.createElement("li");
        LivePage.answer(item, answer);
        if (answer.right) {
          item.classList.add("right");
          const mark = document.createElement("span");
          mark.className = "mark";
          mark.textContent = "\u2713 " + say("liveCorrectMark");
          item.append(mark);
        }
        const count = document.createElement("span");
        count.className = "count";
        count.textContent = String(answer.count);
        const bar = document.createElement("span");
        bar.className = "bar";
        bar.setAttribute("aria-hidden", "true");
        bar.style.width = answer.width;
        item.append(count, bar);
        list.append(item);
      }
      LivePage.standings(page.field("closed", "top", HTMLElement), data.top || []);
      page.field("closed", "hidden", HTMLElement).hidden = !data.hidden;
      byId("next", HTMLElement).textContent = state.nextLabel(data, say);
      showToggles(data);
    },
    over(data) {
      page.stopCountdown();
      page.show("over");
      LivePage.standings(page.field("over", "podium", HTMLElement), data.podium);
    },
  };

  /** @param {{ answered?: number | boolean, players?: number }} event */
  function showAnswered(event) {
    const line = state.answeredLine(event, say);
    if (line !== null) page.setField("question", "answered", line);
  }

  /** @param {GameState} data */
  function showToggles(data) {
    const toggles = state.hostToggles(data, say);
    for (const [id, toggle] of /** @type {const} */ ([["lock", toggles.lock], ["hide", toggles.hide]])) {
      if (!toggle) continue;
      const button = byId(id, HTMLButtonElement);
      button.setAttribute("aria-pressed", String(toggle.pressed));
      button.textContent = toggle.label;
    }
  }

  /**
   * Posts a move with the host's secret, `button` disabled meanwhile; a refusal is said
   * on the status line.
   * @param {HTMLButtonElement} button
   * @param {string} path
   * @param {object} [body]
   */
  async function move(button, path, body) {
    button.disabled = true;
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
    } finally {
      button.disabled = false;
    }
  }

  /**
   * A button that posts a move; `body` says what, from the button as it is pressed.
   * @param {string} id
   * @param {string} path
   * @param {(button: HTMLButtonElement) => object} [body]
   */
  function onPress(id, path, body) {
    const button = byId(id, HTMLButtonElement);
    button.addEventListener("click", () => move(button, path, body ? body(button) : undefined));
  }

  /** @param {HTMLButtonElement} button */
  const pressedNow = (button) => button.getAttribute("aria-pressed") !== "true";
  for (const id of ["start", "next", "close"]) onPress(id, "/next");
  onPress("end", "/end");
  onPress("lock", "/settings", (button) => ({ locked: pressedNow(button) }));
  onPress("hide", "/settings", (button) => ({ hide_scores: pressedNow(button) }));

  const kick = byId("kick", HTMLFormElement);
  const kickName = byId("kick-name", HTMLInputElement);
  kick.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = kickName.value;
    const ban = byId("kick-ban", HTMLInputElement).checked;
    const result = await move(required(kick, "button", HTMLButtonElement), "/kick", { name, ban });
    kicked(name, result.status);
  });

  /**
   * What removing `name` came to, as the server's `status` says.
   * @param {string} name
   * @param {number} status
   */
  function kicked(name, status) {
    if (status === 200) {
      page.tell(say("liveKickDone", { name }));
      // Unless the host typed another name meanwhile.
      if (kickName.value === name) kickName.value = "";
    }
    if (status === 404) page.tell(say("liveNoSuchPlayer"));
  }

  connection.connect();
}

module.exports = { startHost };
