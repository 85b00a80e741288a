"use strict";
// A student's homework page (`/a/CODE`): the join form, a timed question's start screen,
// each question in the web player's look (its answers as buttons with their digits, its
// countdown), the verdict with the explanation, and the result. The student's secret is
// kept in the browser, so a closed page or a locked phone comes back where it was; the
// server decides everything (the next question, the time left, the verdict).
const { build, byId, clear, phrasesOf, required } = require("./page.js");
const { KeptIdentity } = require("./kept-identity.js");
const { clockText, marksReached } = require("./play-countdown.js");
const { picksToSend, tapAnswer } = require("./live-state.js");
const state = require("./homework-state.js");

/** @typedef {import("./homework-state.js").Next} Next */

/**
 * A call of the assignment's API: GET with the secret in the query, or POST of JSON.
 * @param {string} url
 * @param {object | null} body
 * @returns {Promise<{ status: number, data: any }>} status 0: no answer from the server
 */
async function call(url, body) {
  let response;
  try {
    response = await fetch(url, body === null
      ? { cache: "no-store" }
      : { method: "POST", cache: "no-store", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  } catch (error) {
    return { status: 0, data: {} };
  }
  let data = {};
  try {
    data = await response.json();
  } catch (error) {
    data = {};
  }
  return { status: response.status, data };
}

/**
 * Starts the homework page `root` (`#homework`): with the secret this browser kept, or
 * the join form.
 * @param {HTMLElement} root
 */
function startHomework(root) {
  const say = phrasesOf(root);
  const api = root.dataset.api || "";
  const kept = new KeptIdentity("qrquiz-homework-" + (root.dataset.code || ""));
  const sections = Array.from(root.querySelectorAll("section"));
  const status = byId("connection", HTMLElement);
  const answers = byId("answers", HTMLElement);
  const sendButton = byId("send", HTMLButtonElement);
  /** @type {string | null} */
  let secret = null;
  /** The student's name as they joined: said with "Not you?" while they answer. */
  let studentName = "";
  /** @type {Next | null} */
  let shown = null;
  /** @type {Set<number>} */
  let picked = new Set();
  /** The question on screen when its time ran out: said on the next screen, unless the
   * server still has it open (its clock is the one that counts). */
  /** @type {number | null} */
  let ranOutAt = null;
  /** The question expected after the verdict on screen: a later one means the set's time
   * ran out meanwhile. */
  /** @type {number | null} */
  let expected = null;
  /** @type {number | null} */
  let countdownTimer = null;

  /**
   * @param {string} section
   * @param {string} name
   */
  const field = (section, name) => required(byId(section, HTMLElement), '[data-field="' + name + '"]', HTMLElement);

  /**
   * Shows section `id` alone, its heading focused (a screen reader reads it).
   * @param {string} id
   */
  function show(id) {
    for (const section of sections) section.hidden = section.id !== id;
    const heading = byId(id, HTMLElement).querySelector("h1");
    if (heading instanceof HTMLElement) heading.focus();
  }

  /**
   * Says on section `id` whether the time ran out on the question that was on screen.
   * @param {string} id
   * @param {Next} next
   */
  function sayRanOut(id, next) {
    field(id, "ran-out").hidden = ranOutAt === null || (!next.done && next.index === ranOutAt);
    ranOutAt = null;
  }

  function stopCountdown() {
    if (countdownTimer !== null) window.clearTimeout(countdownTimer);
    countdownTimer = null;
  }

  /**
   * The question's countdown from `seconds`, said at its start and at ten and five
   * seconds; at zero the server says what comes next.
   * @param {number} seconds
   */
  function startCountdown(seconds) {
    stopCountdown();
    const clock = field("question", "countdown");
    const announcer = field("question", "announce");
    clock.hidden = false;
    const end = performance.now() + seconds * 1000;
    /** @type {Set<number>} */
    const said = new Set();
    announcer.textContent = say("secondsLeftAnnouncement", { seconds: Math.ceil(seconds) });
    const tick = () => {
      const left = Math.max(0, (end - performance.now()) / 1000);
      clock.textContent = clockText(left);
      for (const mark of marksReached(left, said)) {
        said.add(mark);
        announcer.textContent = say("secondsLeftAnnouncement", { seconds: mark });
      }
      if (left > 0) {
        countdownTimer = window.setTimeout(tick, 200);
        return;
      }
      ranOutAt = shown && shown.index !== undefined ? shown.index : null;
      refresh(false);
    };
    tick();
  }

  /**
   * Asks the server where the student is, and shows it; `startNext`: a question timed on
   * its own is started at once (the student just pressed "Next").
   * @param {boolean} startNext
   */
  async function refresh(startNext) {
    const asked = secret;
    const result = await call(api + "/next?secret=" + encodeURIComponent(secret || ""), null);
    // "Not you?" meanwhile: the answer is the last student's, and is not shown.
    if (secret !== asked) return;
    if (result.status === 200) {
      status.textContent = "";
      const next = /** @type {Next} */ (result.data);
      if (startNext && next.start && next.set_seconds === undefined && next.index !== undefined) {
        startTimer(next.index);
        return;
      }
      render(next);
    } else if (result.status === 403) {
      kept.forget();
      startJoining();
    } else if (result.status === 404) {
      gone(say("noSuchAssignment"));
    } else {
      status.textContent = say(result.status === 0 ? "liveNetworkError" : "liveRequestFailed");
      window.setTimeout(() => refresh(startNext), 3000);
    }
  }

  /** @param {Next} next */
  function render(next) {
    stopCountdown();
    if (expected !== null && (next.done ? expected < next.questions : (next.index || 0) > expected)) {
      ranOutAt = expected;
    }
    expected = null;
    shown = next;
    const screen = state.screenFor(next);
    if (screen === "result") showResult(next);
    else if (screen === "start") showStart(next);
    else showQuestion(next);
  }

  /** @param {Next} next */
  function showStart(next) {
    field("start", "heading").textContent = state.startHeading(next, say);
    field("start", "timer").textContent = state.timerLine(next, say);
    show("start");
    sayRanOut("start", next);
  }

  /** @param {Next} next */
  function showQuestion(next) {
    field("question", "progress").textContent = state.progress(next, say);
    field("question", "score").textContent = say("scoreLabel", { score: next.score });
    field("question", "text").textContent = next.text || "";
    const image = required(byId("question", HTMLElement), '[data-field="image"]', HTMLImageElement);
    if (next.image) image.src = next.image;
    else image.removeAttribute("src");
    image.hidden = !next.image;
    const hint = field("question", "multiple");
    hint.textContent = next.multiple ? say(root.dataset.mandatory === "true" ? "livePickSeveral" : "livePickSome") : "";
    hint.hidden = !next.multiple;
    field("question", "answer-error").hidden = true;
    picked = new Set();
    clear(answers);
    (next.answers || []).forEach((text, index) => {
      const button = build("button", { type: "button", "data-index": index, "aria-pressed": next.multiple ? "false" : null },
        build("span", { class: "key", "aria-hidden": "true", text: String(index + 1) }), " " + text);
      button.addEventListener("click", () => tap(index, button));
      answers.append(button);
    });
    sendButton.hidden = !next.multiple;
    sendButton.disabled = true;
    const clock = field("question", "countdown");
    clock.hidden = true;
    show("question");
    sayRanOut("question", next);
    if (next.time_left !== undefined) startCountdown(next.time_left);
  }

  /**
   * @param {number} index
   * @param {HTMLButtonElement} button
   */
  function tap(index, button) {
    if (!shown) return;
    const result = tapAnswer(picked, index, shown.multiple === true);
    if ("send" in result) {
      send(result.send, 0);
      return;
    }
    picked = result.picked;
    button.setAttribute("aria-pressed", String(picked.has(index)));
    sendButton.disabled = picked.size === 0;
  }

  /** @param {boolean} locked */
  function lockAnswers(locked) {
    for (const button of answers.querySelectorAll("button")) button.disabled = locked;
    sendButton.disabled = locked || picked.size === 0;
  }

  /**
   * Sends the picks for the question on screen; a network failure is tried again (three
   * times), then said.
   * @param {number[]} picks
   * @param {number} attempt
   */
  async function send(picks, attempt) {
    if (!shown || shown.index === undefined) return;
    const question = shown;
    lockAnswers(true);
    const result = await call(api + "/answers", { secret, index: question.index, answers: picks });
    if (result.status === 200) {
      stopCountdown();
      showVerdict(question, picks, result.data);
      return;
    }
    if (result.status === 0 && attempt < 3) {
      window.setTimeout(() => send(picks, attempt + 1), 800);
      return;
    }
    const next = state.refusal(result.status);
    if (next === "refresh") {
      if (result.data && result.data.reason === "time_up" && shown) ranOutAt = shown.index ?? null;
      refresh(false);
    } else if (next === "forget") {
      kept.forget();
      startJoining();
    } else {
      const line = field("question", "answer-error");
      line.textContent = say(result.status === 0 ? "liveNetworkError" : "liveRequestFailed");
      line.hidden = false;
      lockAnswers(false);
    }
  }

  /**
   * The verdict of `question`, answered with `picks`: right or wrong, the right answers,
   * the explanation, the score.
   * @param {Next} question
   * @param {number[]} picks
   * @param {{ right: boolean, correct: number[], explanation?: string, score: number }} verdict
   */
  function showVerdict(question, picks, verdict) {
    const heading = field("verdict", "verdict");
    heading.textContent = say(verdict.right ? "liveRight" : "liveWrong");
    heading.className = "verdict " + (verdict.right ? "right" : "wrong");
    const texts = question.answers || [];
    field("verdict", "question").textContent = question.text || "";
    field("verdict", "picked").textContent = say("liveYouPicked", { answers: state.answerTexts(texts, picks) });
    field("verdict", "correct").textContent =
      say("liveRightAnswerWas", { answers: state.answerTexts(texts, verdict.correct) });
    const explanation = field("verdict", "explanation");
    explanation.textContent = verdict.explanation || "";
    explanation.hidden = !verdict.explanation;
    field("verdict", "score").textContent = say("scoreLabel", { score: verdict.score });
    const last = (question.index || 0) + 1 >= question.questions;
    byId("next", HTMLButtonElement).textContent = say(last ? "seeResult" : "nextQuestion");
    show("verdict");
  }

  /** @param {Next} next */
  function showResult(next) {
    // Finished: this browser forgets the student, so the next one on a shared computer
    // starts afresh and never sees this attempt (the student's own link still shows it).
    kept.forget();
    const lines = state.resultLines(next, say);
    field("result", "score").textContent = lines.score;
    field("result", "right").textContent = lines.right;
    field("result", "state").textContent = lines.state;
    byId("retry", HTMLButtonElement).hidden = !lines.retry;
    show("result");
    sayRanOut("result", next);
  }

  /**
   * Starts the timer of question `index`, then shows it.
   * @param {number} index
   */
  async function startTimer(index) {
    const button = byId("start-button", HTMLButtonElement);
    button.disabled = true;
    const result = await call(api + "/start", { secret, index });
    button.disabled = false;
    if (result.status === 200 || state.refusal(result.status) === "refresh") {
      if (result.data && result.data.reason === "time_up" && shown) ranOutAt = shown.index ?? null;
      refresh(false);
    } else if (result.status === 403) {
      kept.forget();
      startJoining();
    } else {
      status.textContent = say(result.status === 0 ? "liveNetworkError" : "liveRequestFailed");
    }
  }

  /** @param {string} message */
  function gone(message) {
    stopCountdown();
    showWho(null);
    field("gone", "gone").textContent = message;
    show("gone");
  }

  /**
   * "You are NAME · Not you?" while this browser answers as NAME (`null`: nobody).
   * @param {string | null} name
   */
  function showWho(name) {
    studentName = name || "";
    byId("who", HTMLElement).hidden = name === null;
    byId("who-name", HTMLElement).textContent = name === null ? "" : say("liveYouAre", { name });
  }

  // Not this student: the browser forgets them, and nothing of theirs stays on screen.
  byId("not-you", HTMLButtonElement).addEventListener("click", () => {
    kept.forget();
    shown = null;
    picked = new Set();
    clear(answers);
    for (const section of sections) {
      for (const filled of section.querySelectorAll("[data-field]")) {
        if (filled instanceof HTMLImageElement) filled.removeAttribute("src");
        else if (filled.getAttribute("data-field") !== "ran-out") filled.textContent = "";
      }
    }
    status.textContent = "";
    byId("name", HTMLInputElement).value = "";
    startJoining();
  });

  function startJoining() {
    stopCountdown();
    secret = null;
    showWho(null);
    if (root.dataset.open === "false") {
      gone(say("closedHeading"));
      return;
    }
    show("join");
    byId("name", HTMLInputElement).focus();
  }

  byId("start-button", HTMLButtonElement).addEventListener("click", () => {
    if (shown && shown.index !== undefined) startTimer(shown.index);
  });
  sendButton.addEventListener("click", () => {
    if (picked.size > 0) send(picksToSend(picked), 0);
  });
  byId("next", HTMLButtonElement).addEventListener("click", () => {
    expected = shown && shown.index !== undefined ? shown.index + 1 : null;
    refresh(true);
  });
  byId("retry", HTMLButtonElement).addEventListener("click", async () => {
    const result = await call(api + "/attempts", { secret });
    // Another attempt: kept again, so a closed page comes back to it.
    if (result.status === 201 && secret) kept.write({ secret, name: studentName });
    if (result.status === 201 || state.refusal(result.status) === "refresh") refresh(false);
    else status.textContent = say(result.status === 0 ? "liveNetworkError" : "liveRequestFailed");
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
    const result = await call(api + "/students", { name });
    button.disabled = false;
    if (result.status === 201 && result.data.secret) {
      secret = result.data.secret;
      kept.write({ secret: result.data.secret, name });
      showWho(name);
      refresh(false);
      return;
    }
    joinError.textContent = say(state.joinProblem(result.status, result.data && result.data.reason));
    joinError.hidden = false;
    nameField.focus();
  });

  // Opened from the student's own link (`/s/SECRET/a/CODE`): the server hands over the
  // secret they started with, kept as if they had joined here (any device), or their name.
  if (root.dataset.secret) kept.write({ secret: root.dataset.secret, name: root.dataset.name || "" });
  else if (root.dataset.name) byId("name", HTMLInputElement).value = root.dataset.name;
  const student = kept.read();
  if (student && student.secret) {
    secret = student.secret;
    showWho(String(student.name || ""));
    refresh(false);
  } else startJoining();
}

module.exports = { startHomework };
