"use strict";
// A player's phone (`/j/PIN`): joining with a nickname, each question's answers as big
// buttons (or their letters or digits), the verdict and standing after it, the final place. The
// player's secret is kept in the browser, so a reload or a locked phone loses nothing.
const { byId, clear, required } = require("./page.js");
const { KeptIdentity } = require("./kept-identity.js");
const { LivePage } = require("./live-page.js");
const { GameConnection } = require("./live-connection.js");
const state = require("./live-state.js");

/** @typedef {import("./live-state.js").GameState} GameState */

/**
 * Starts a player's screen on `page`: with the secret this browser kept, or the join form.
 * @param {LivePage} page
 */
function startPlayer(page) {
  const say = page.say;
  const kept = new KeptIdentity("qrquiz-live-" + (page.root.dataset.pin || ""));
  const sendButton = byId("send", HTMLButtonElement);
  const answers = page.field("question", "answers", HTMLElement);
  const numberForm = byId("number-form", HTMLFormElement);
  const numberField = byId("number", HTMLInputElement);
  /** @type {GameState | null} */
  let shown = null;
  /** @type {Set<number>} */
  let picked = new Set();
  // An answer tapped while the server could not be reached: kept, said so, and sent once
  // it is back (the stream's next state), or said not sent when its question closed.
  /** @type {{ index: number, asked: number | undefined, picks: number[] | string } | null} */
  let unsent = null;
  /** The screen the game last said, to settle an unsent answer whose try failed.
   * @type {{ name: "lobby" | "question" | "closed" | "over", data: GameState } | null} */
  let lastScreen = null;
  let sending = false;
  const unsentLine = byId("unsent", HTMLElement);

  const connection = new GameConnection(page.root.dataset.api || "", null, {
    state: (name, data) => screenOf[name](data),
    progress: () => {},
    kicked: () => {
      kept.forget();
      showWho(null);
      page.gone(say("liveKicked"));
    },
    online: (online) => page.tell(online ? "" : say("liveReconnecting")),
    // A 404 is no verdict on the player (a server starting again answers it for a moment):
    // the secret stays, and a reload finds the game. Only a 403 (no such player, or
    // removed) or the podium forgets it.
    noSuchGame: () => {
      showWho(null);
      page.gone(say("liveNoSuchGame"));
    },
    refused: () => {
      kept.forget();
      startJoining();
    },
    // The host let this device continue as the player it asked to be: its secret now.
    rejoined: (secret, name) => {
      const playingAs = name || waitingAs;
      kept.write({ secret, name: playingAs });
      showWho(playingAs);
      byId("join-error", HTMLElement).hidden = true;
      connection.follow(secret);
    },
    replaced: () => {
      kept.forget();
      page.gone(say("liveReplaced"));
    },
    // The host said no: this device stays out; the player plays on where they were.
    declined: () => {
      waitingAs = "";
      page.gone(say("liveDeclined"));
    },
  });
  /** The name this device asked to continue as, while the host has not allowed it. */
  let waitingAs = "";

  const screenOf = screensWithUnsent();

  /**
   * The screens, each also settling an unsent answer once the game says where it is.
   * @returns {Record<"lobby" | "question" | "closed" | "over", (data: GameState) => void>}
   */
  function screensWithUnsent() {
    /** @type {Record<string, (data: GameState) => void>} */
    const wrapped = {};
    for (const name of /** @type {const} */ (["lobby", "question", "closed", "over"])) {
      wrapped[name] = (data) => {
        screens[name](data);
        settleUnsent(name, data);
        // "You are …" as the game spells the name (a class's roster's), whatever was typed.
        if (name !== "over" && data.you && typeof data.you.name === "string" && data.you.name) {
          showWho(data.you.name);
        }
      };
    }
    return /** @type {Record<"lobby" | "question" | "closed" | "over", (data: GameState) => void>} */ (wrapped);
  }

  /**
   * Sends the unsent answer, forgets it, or says it was not sent, by the state `name`.
   * @param {"lobby" | "question" | "closed" | "over"} name
   * @param {GameState} data
   */
  function settleUnsent(name, data) {
    lastScreen = { name, data };
    // While the unsent answer is on its way its reply says what became of it: the game
    // may close the question because of that very answer, before the reply arrives.
    if (!unsent || sending) return;
    const outcome = state.unsentAnswer(unsent.index, name, data, unsent.asked);
    if (outcome === "send") {
      send(unsent.picks);
      return;
    }
    unsent = null;
    if (outcome === "taken") unsentLine.hidden = true;
    else sayUnsent("liveNotSentClosed");
  }

  /**
   * Says what became of an unsent answer on the line every screen shows.
   * @param {string} phrase
   */
  function sayUnsent(phrase) {
    unsentLine.textContent = say(phrase);
    unsentLine.hidden = false;
  }

  /** Tries the unsent answer again while its question is on screen (the stream may be up
   * while a post failed). */
  function retryUnsent() {
    if (!unsent || sending) return;
    if (shown && shown.index === unsent.index && shown.asked === unsent.asked && !page.isHidden("question")) {
      send(unsent.picks);
    }
  }

  /** @type {Record<"lobby" | "question" | "closed" | "over", (data: GameState) => void>} */
  const screens = {
    lobby(data) {
      page.show("lobby");
      page.setField("lobby", "name", say("liveYouAre", { name: data.you.name }));
      page.setField("lobby", "players", say("livePlayersCount", { players: data.players || 0 }));
    },
    question(data) {
      const fresh = state.isNewQuestion(shown, data, page.isHidden("question"));
      shown = data;
      page.show("question");
      page.setField("question", "progress", state.progress(data, say));
      page.setField("question", "text", data.text);
      page.showImage(data.image);
      page.field("question", "multiple", HTMLElement).hidden = !data.multiple;
      page.field("question", "answer-error", HTMLElement).hidden = true;
      if (fresh) {
        showAnswers(data);
        if (!unsent) unsentLine.hidden = true;
      }
      setTaken(data.answered === true);
      // After a reload the server says what this phone picked.
      if (data.answered === true && data.you) showPicked(data.you.number || data.you.answers || []);
      // A student with extra time counts down to their own deadline.
      page.startCountdown(data.you && typeof data.you.remaining_ms === "number" ? data.you.remaining_ms : data.remaining_ms);
    },
    closed(data) {
      page.stopCountdown();
      page.show("closed");
      const verdict = state.verdict(data.you, say);
      const heading = page.field("closed", "verdict", HTMLElement);
      heading.textContent = verdict.text;
      heading.className = "verdict " + (verdict.right ? "right" : "wrong");
      page.setField("closed", "points", say("livePointsWon", { points: data.you.points || 0 }));
      page.setField("closed", "correct", state.rightAnswers(data, say));
      page.setField("closed", "standing", state.standingLine(data.you, say));
      page.showExplanation(data.explanation);
      heading.focus();
    },
    over(data) {
      page.stopCountdown();
      page.show("over");
      page.setField("over", "place", state.finalPlace(data.you, say));
      LivePage.standings(page.field("over", "podium", HTMLElement), data.podium);
      kept.forget();
      showWho(null);
    },
  };

  /**
   * A new question's answers as buttons, nothing picked yet.
   * @param {GameState} data
   */
  function showAnswers(data) {
    picked = new Set();
    clear(answers);
    page.setField("question", "picked", "");
    // A question asked as a number: a field to type it in, no choices.
    const numeric = data.numeric === true;
    numberForm.hidden = !numeric;
    answers.hidden = numeric;
    numberField.value = "";
    data.answers.forEach((text, index) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.index = String(index);
      if (data.multiple) button.setAttribute("aria-pressed", "false");
      LivePage.answer(button, state.answerFace(text, index));
      button.addEventListener("click", () => tap(index, button));
      answers.append(button);
    });
    sendButton.hidden = !data.multiple;
    sendButton.disabled = true;
    page.field("question", "text", HTMLElement).focus();
  }

  /**
   * Marks the answers sent (the others dimmed), or the number typed, and says them beside
   * "Answer taken".
   * @param {number[] | string} picks
   */
  function showPicked(picks) {
    if (typeof picks === "string") numberField.value = picks;
    for (const button of answers.querySelectorAll("button")) {
      const chosen = typeof picks !== "string" && picks.includes(Number(button.getAttribute("data-index")));
      button.classList.toggle("picked", chosen);
      button.classList.toggle("not-picked", !chosen);
      if (chosen) button.setAttribute("aria-current", "true");
      else button.removeAttribute("aria-current");
    }
    page.setField("question", "picked", (shown && state.pickedLine(shown, picks, say)) || "");
  }

  /**
   * Whether the answer is in: the answers locked, and said so.
   * @param {boolean} taken
   */
  function setTaken(taken) {
    for (const button of answers.querySelectorAll("button")) button.disabled = taken;
    numberField.disabled = taken;
    required(numberForm, "button", HTMLButtonElement).disabled = taken;
    page.field("question", "taken", HTMLElement).hidden = !taken;
    if (taken) sendButton.hidden = true;
  }

  /**
   * @param {number} index
   * @param {HTMLButtonElement} button
   */
  function tap(index, button) {
    if (!shown) return;
    const result = state.tapAnswer(picked, index, shown.multiple === true);
    if ("send" in result) {
      send(result.send);
      return;
    }
    picked = result.picked;
    button.setAttribute("aria-pressed", String(picked.has(index)));
    sendButton.disabled = picked.size === 0;
  }

  /**
   * Sends the picks (or the number typed) for the question on screen. When the server
   * cannot be reached, the answer is kept and said not sent yet: it goes when the
   * connection is back (``settleUnsent``), tried again meanwhile.
   * @param {number[] | string} picks
   */
  async function send(picks) {
    if (!shown) return;
    const index = shown.index;
    const asked = shown.asked;
    setTaken(true);
    page.field("question", "taken", HTMLElement).hidden = true;
    page.field("question", "answer-error", HTMLElement).hidden = true;
    const body = typeof picks === "string" ? { number: picks } : { answers: picks };
    let result;
    sending = true;
    try {
      result = await connection.post("/answers", { secret: connection.secret, question: index, asked, ...body });
    } catch (error) {
      sending = false;
      unsent = { index, asked, picks };
      showPicked(picks);
      sayUnsent("liveNotSentYet");
      // The game may have moved on while it was on its way: settled by what it said last.
      if (lastScreen && state.unsentAnswer(index, lastScreen.name, lastScreen.data, asked) !== "send") {
        settleUnsent(lastScreen.name, lastScreen.data);
      }
      else window.setTimeout(retryUnsent, 2000);
      return;
    } finally {
      sending = false;
    }
    const wasUnsent = unsent !== null;
    unsent = null;
    if (wasUnsent) unsentLine.hidden = true;
    const outcome = state.answerOutcome(result.status);
    if (outcome === "taken") {
      setTaken(true);
      // A 409 means an earlier try got in: the stream's next state says what it held.
      if (result.status === 202) showPicked(picks);
    }
    else if (outcome === "late" && wasUnsent) {
      sayUnsent("liveNotSentClosed");
      problem(say("liveTooLate"), true);
    }
    else if (outcome === "late") problem(say("liveTooLate"), true);
    else if (result.status === 422 && typeof picks === "string") {
      problem(say("liveNotANumber"), false);
      numberField.focus();
    }
    else problem(say("liveRequestFailed"), false);
  }

  /**
   * Says why the answer did not go in; unless it is `final`, the answers open again.
   * @param {string} message
   * @param {boolean} final
   */
  function problem(message, final) {
    const line = page.field("question", "answer-error", HTMLElement);
    line.textContent = message;
    line.hidden = false;
    page.field("question", "taken", HTMLElement).hidden = true;
    if (!final) {
      setTaken(false);
      page.field("question", "taken", HTMLElement).hidden = true;
      sendButton.hidden = !(shown && shown.multiple);
    }
  }

  /**
   * "You are NAME · Not you?" while this browser plays as NAME (`null`: nobody), so the
   * next student on a shared computer does not play on as the last one.
   * @param {string | null} name
   */
  function showWho(name) {
    byId("who", HTMLElement).hidden = name === null;
    byId("who-name", HTMLElement).textContent = name === null ? "" : say("liveYouAre", { name });
  }

  byId("not-you", HTMLButtonElement).addEventListener("click", () => {
    connection.close();
    page.stopCountdown();
    kept.forget();
    shown = null;
    page.tell("");
    byId("name", HTMLInputElement).value = "";
    startJoining();
  });

  function startJoining() {
    showWho(null);
    page.show("join");
    byId("name", HTMLInputElement).focus();
  }

  numberForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const typed = numberField.value.trim();
    if (typed !== "") send(typed);
  });

  sendButton.addEventListener("click", () => {
    if (picked.size > 0) send(state.picksToSend(picked));
  });

  // Answering with the keyboard: the letter of an answer picks it, or its place's digit.
  document.addEventListener("keydown", (event) => {
    if (page.isHidden("question") || event.altKey || event.ctrlKey || event.metaKey) return;
    if (document.activeElement && document.activeElement.tagName === "INPUT") return;
    let index = -1;
    if (/^[1-9]$/.test(event.key)) index = Number(event.key) - 1;
    else if (/^[a-z]$/i.test(event.key)) index = event.key.toUpperCase().charCodeAt(0) - 65;
    if (index < 0) return;
    const button = answers.querySelector('button[data-index="' + index + '"]');
    if (button instanceof HTMLButtonElement && !button.disabled) button.click();
  });

  const joinForm = byId("join-form", HTMLFormElement);
  joinForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const joinError = byId("join-error", HTMLElement);
    joinError.hidden = true;
    const nameField = byId("name", HTMLInputElement);
    const name = nameField.value.trim();
    const button = required(joinForm, "button", HTMLButtonElement);
    button.disabled = true;
    let result;
    try {
      result = await connection.post("/players", { name });
    } catch (error) {
      result = { status: 0, data: {} };
    } finally {
      button.disabled = false;
    }
    if (result.status === 201 && result.data.secret) {
      // The name as the game spells it: a class's roster's ("Leo Khan" for "leo khan").
      const joinedAs = typeof result.data.name === "string" && result.data.name ? result.data.name : name;
      kept.write({ secret: result.data.secret, name: joinedAs });
      showWho(joinedAs);
      connection.follow(result.data.secret);
      return;
    }
    // The name plays on another device (a flat battery): the teacher is asked, and the
    // ticket's stream brings the player's secret once they allow it.
    if (result.status === 409 && result.data.rejoin) {
      waitingAs = name;
      joinError.textContent = say("liveAskedTeacher");
      joinError.hidden = false;
      connection.follow(result.data.rejoin);
      return;
    }
    joinError.textContent = say(state.joinProblem(result.status, result.data && result.data.reason));
    joinError.hidden = false;
    nameField.focus();
  });

  const player = kept.read();
  if (player && player.secret) {
    // The lobby under the kept name while the game is looked up, not the join form: a
    // student who saw that form after a reload would join a second time.
    page.show("lobby");
    page.setField("lobby", "name", say("liveYouAre", { name: String(player.name || "") }));
    page.tell(say("liveReconnecting"));
    showWho(String(player.name || ""));
    connection.resume(player.secret);
  } else startJoining();
}

module.exports = { startPlayer };
