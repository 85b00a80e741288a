"use strict";
const { formatMessage } = require("./message-format.js");

(() => {
  const root = document.getElementById("live");
  if (!root) return;
  const role = root.dataset.role;
  const api = root.dataset.api;
  const storageKey = "qrquiz-live-" + (root.dataset.pin || "");
  const shapes = ["\u25B2", "\u25C6", "\u25CF", "\u25A0", "\u2605", "\u2B1F", "\u271A", "\u2B22"];
  const connection = document.getElementById("connection");
  const sections = Array.from(root.querySelectorAll("section[id]"));
  let secret = role === "host" ? root.dataset.secret : null;
  let source = null;
  let retry = 1000;
  let countdown = null;
  let question = null;
  let picked = new Set();
  let state = {};

  // A phrase of the page, in its language: its source from the page, filled here.
  const word = (key, values) => formatMessage(root.getAttribute("data-w-" + key.toLowerCase()) || "", values);
  const byId = (id) => document.getElementById(id);
  const field = (id, name) => byId(id).querySelector('[data-field="' + name + '"]');
  const show = (id) => { for (const each of sections) each.hidden = each.id !== id; };
  const setText = (element, text) => { if (element) element.textContent = text; };
  const clear = (element) => { while (element.firstChild) element.removeChild(element.firstChild); };

  async function post(path, body) {
    const response = await fetch(api + path, {
      method: "POST", credentials: "same-origin", cache: "no-store",
      headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    let data = {};
    try { data = await response.json(); } catch (error) { data = {}; }
    return { status: response.status, data };
  }

  // The event stream: the browser reconnects by itself after a drop; when the server
  // refused the stream, the secret is checked before trying again.
  function connect() {
    if (source) source.close();
    source = new EventSource(api + "/events?secret=" + encodeURIComponent(secret));
    source.addEventListener("open", () => { setText(connection, ""); retry = 1000; });
    source.addEventListener("error", () => {
      setText(connection, word("liveReconnecting"));
      if (source.readyState === EventSource.CLOSED) {
        setTimeout(check, retry);
        retry = Math.min(retry * 2, 15000);
      }
    });
    for (const name of ["lobby", "question", "closed", "over"]) {
      source.addEventListener(name, (event) => {
        setText(connection, "");
        state = JSON.parse(event.data);
        (role === "host" ? host : player)[name](state);
      });
    }
    source.addEventListener("answered", (event) => hostProgress(JSON.parse(event.data)));
    source.addEventListener("kicked", () => { forget(); gone(word("liveKicked")); });
  }

  async function check() {
    try {
      const response = await fetch(api + "/status?secret=" + encodeURIComponent(secret), { cache: "no-store" });
      if (response.status === 404) { forget(); gone(word("liveNoSuchGame")); return; }
      if (response.status === 403) { forget(); if (role === "player") startJoining(); return; }
    } catch (error) { /* still offline: try again */ }
    connect();
  }

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && secret && source && source.readyState === EventSource.CLOSED) check();
  });

  function gone(message) {
    if (source) source.close();
    stopCountdown();
    if (byId("gone")) { setText(field("gone", "gone"), message); show("gone"); } else { setText(connection, message); }
  }

  function remember(value) { try { localStorage.setItem(storageKey, JSON.stringify(value)); } catch (error) { /* private mode */ } }
  function forget() { try { localStorage.removeItem(storageKey); } catch (error) { /* private mode */ } }
  function remembered() { try { return JSON.parse(localStorage.getItem(storageKey) || "null"); } catch (error) { return null; } }

  // The countdown: shown five times a second, said (to a screen reader) when the
  // question opens and when five seconds are left, not every second.
  function startCountdown(id, remaining) {
    stopCountdown();
    const end = performance.now() + remaining;
    const clock = field(id, "countdown");
    const announcer = field(id, "announce");
    let warned = remaining <= 5000;
    setText(announcer, word("secondsLeftAnnouncement", { seconds: Math.ceil(remaining / 1000) }));
    const tick = () => {
      const left = Math.max(0, (end - performance.now()) / 1000);
      setText(clock, left > 0 ? Math.ceil(left) + " s" : word("liveTimeUp"));
      if (!warned && left <= 5) {
        warned = true;
        setText(announcer, word("secondsLeftAnnouncement", { seconds: 5 }));
      }
      if (left > 0) countdown = setTimeout(tick, 200);
    };
    tick();
  }
  function stopCountdown() { if (countdown) clearTimeout(countdown); countdown = null; }

  function showImage(id, image) {
    const element = field(id, "image");
    if (!element) return;
    if (image) { element.src = image; element.hidden = false; } else { element.removeAttribute("src"); element.hidden = true; }
  }

  // An answer as every screen shows it: colour, shape and number, never colour alone.
  function answerParts(element, index, text) {
    element.classList.add("answer", "answer-" + (index % 8));
    const shape = document.createElement("span");
    shape.className = "shape";
    shape.setAttribute("aria-hidden", "true");
    shape.textContent = shapes[index % 8];
    const number = document.createElement("span");
    number.className = "number";
    number.textContent = (index + 1) + ".";
    const label = document.createElement("span");
    label.className = "label";
    label.textContent = text;
    element.append(shape, number, label);
  }

  function progressText(data) { return word("liveQuestionOf", { index: data.index + 1, count: data.count }); }

  // MARK: The host

  const host = {
    lobby(data) {
      show("lobby");
      setText(field("lobby", "players"), data.players ? word("livePlayersCount", { players: data.players }) : word("liveNoPlayersYet"));
      const list = field("lobby", "names");
      clear(list);
      for (const name of data.names || []) {
        const item = document.createElement("li");
        item.textContent = name;
        list.append(item);
      }
      hostSettings(data);
    },
    question(data) {
      show("question");
      question = data;
      setText(field("question", "progress"), progressText(data));
      setText(field("question", "text"), data.text);
      showImage("question", data.image);
      const list = field("question", "answers");
      clear(list);
      data.answers.forEach((text, index) => {
        const item = document.createElement("li");
        answerParts(item, index, text);
        list.append(item);
      });
      hostProgress(data);
      startCountdown("question", data.remaining_ms);
      hostSettings(data);
    },
    closed(data) {
      stopCountdown();
      show("closed");
      setText(field("closed", "text"), data.text);
      const total = Math.max(1, ...data.tally);
      const list = field("closed", "answers");
      clear(list);
      data.answers.forEach((text, index) => {
        const item = document.createElement("li");
        answerParts(item, index, text);
        const right = data.correct.includes(index);
        if (right) {
          item.classList.add("right");
          const mark = document.createElement("span");
          mark.className = "mark";
          mark.textContent = "\u2713 " + word("liveCorrectMark");
          item.append(mark);
        }
        const count = document.createElement("span");
        count.className = "count";
        count.textContent = String(data.tally[index]);
        const bar = document.createElement("span");
        bar.className = "bar";
        bar.setAttribute("aria-hidden", "true");
        bar.style.width = Math.round(100 * data.tally[index] / total) + "%";
        item.append(count, bar);
        list.append(item);
      });
      standings(field("closed", "top"), data.top);
      field("closed", "hidden").hidden = !data.hidden;
      setText(byId("next"), data.index + 1 >= data.count ? word("liveSeePodium") : word("liveNext"));
      hostSettings(data);
    },
    over(data) {
      stopCountdown();
      show("over");
      standings(field("over", "podium"), data.podium);
    },
  };

  // Rows best first, each with its rank (1 + those with more points: equal scores
  // share one), its name and its points.
  function standings(list, rows) {
    clear(list);
    (rows || []).forEach((row, position) => {
      const item = document.createElement("li");
      const rank = document.createElement("span");
      rank.className = "rank";
      rank.textContent = String(1 + rows.slice(0, position).filter((other) => other.score > row.score).length);
      const name = document.createElement("span");
      name.className = "name";
      name.textContent = row.name;
      const score = document.createElement("span");
      score.className = "points";
      score.textContent = String(row.score);
      item.append(rank, name, score);
      list.append(item);
    });
  }

  function hostProgress(data) {
    if (role !== "host") return;
    if (data.answered !== undefined) setText(field("question", "answered"), word("liveAnsweredOf", { answered: data.answered, players: data.players }));
  }

  function hostSettings(data) {
    const lock = byId("lock");
    const hide = byId("hide");
    if (data.locked !== undefined && lock) {
      lock.setAttribute("aria-pressed", String(data.locked));
      lock.textContent = data.locked ? word("liveUnlock") : word("liveLock");
    }
    if (data.hidden !== undefined && hide) {
      hide.setAttribute("aria-pressed", String(data.hidden));
      hide.textContent = data.hidden ? word("liveShowScores") : word("liveHideScores");
    }
  }

  async function hostMove(button, path, body) {
    button.disabled = true;
    try {
      const result = await post(path, Object.assign({ secret }, body || {}));
      if (result.status >= 400) setText(connection, result.data.error ? word("liveRequestFailed") + " (" + result.data.error + ")" : word("liveRequestFailed"));
      return result;
    } catch (error) {
      setText(connection, word("liveRequestFailed"));
      return { status: 0, data: {} };
    } finally {
      button.disabled = false;
    }
  }

  if (role === "host") {
    for (const id of ["start", "next", "close"]) byId(id).addEventListener("click", (event) => hostMove(event.currentTarget, "/next"));
    byId("end").addEventListener("click", (event) => hostMove(event.currentTarget, "/end"));
    byId("lock").addEventListener("click", (event) => hostMove(event.currentTarget, "/settings", { locked: event.currentTarget.getAttribute("aria-pressed") !== "true" }));
    byId("hide").addEventListener("click", (event) => hostMove(event.currentTarget, "/settings", { hide_scores: event.currentTarget.getAttribute("aria-pressed") !== "true" }));
    byId("kick").addEventListener("submit", async (event) => {
      event.preventDefault();
      const name = byId("kick-name").value;
      const result = await hostMove(event.submitter || byId("kick").querySelector("button"), "/kick", { name, ban: byId("kick-ban").checked });
      if (result.status === 200) { setText(connection, word("liveKickDone", { name })); byId("kick-name").value = ""; }
      if (result.status === 404) setText(connection, word("liveNoSuchPlayer"));
    });
    connect();
  }

  // MARK: A player

  const player = {
    lobby(data) {
      show("lobby");
      setText(field("lobby", "name"), word("liveYouAre", { name: data.you.name }));
      setText(field("lobby", "players"), word("livePlayersCount", { players: data.players }));
    },
    question(data) {
      const fresh = !question || question.index !== data.index || byId("question").hidden;
      question = data;
      show("question");
      setText(field("question", "progress"), progressText(data));
      setText(field("question", "text"), data.text);
      showImage("question", data.image);
      field("question", "multiple").hidden = !data.multiple;
      field("question", "answer-error").hidden = true;
      if (fresh) {
        picked = new Set();
        const group = field("question", "answers");
        clear(group);
        data.answers.forEach((text, index) => {
          const button = document.createElement("button");
          button.type = "button";
          button.dataset.index = String(index);
          if (data.multiple) button.setAttribute("aria-pressed", "false");
          answerParts(button, index, text);
          button.addEventListener("click", () => pick(index, button));
          group.append(button);
        });
        byId("send").hidden = !data.multiple;
        byId("send").disabled = true;
        field("question", "text").focus();
      }
      answered(data.answered);
      startCountdown("question", data.remaining_ms);
    },
    closed(data) {
      stopCountdown();
      show("closed");
      const you = data.you;
      const verdict = you.answers.length === 0 ? word("liveNoAnswer") : you.right ? word("liveRight") : word("liveWrong");
      const heading = field("closed", "verdict");
      heading.textContent = verdict;
      heading.className = "verdict " + (you.right ? "right" : "wrong");
      setText(field("closed", "points"), word("livePointsWon", { points: you.points }));
      const right = data.correct.map((index) => (index + 1) + ". " + data.answers[index]).join(" · ");
      setText(field("closed", "correct"), word("liveRightAnswerWas", { answers: right }));
      setText(field("closed", "standing"), you.rank === null
        ? word("liveStandingHidden", { score: you.score, streak: you.streak })
        : word("liveStanding", { score: you.score, rank: you.rank, streak: you.streak }));
      heading.focus();
    },
    over(data) {
      stopCountdown();
      show("over");
      setText(field("over", "place"), word("liveFinalPlace", { rank: data.you.rank, score: data.you.score, correct: data.you.correct }));
      standings(field("over", "podium"), data.podium);
      forget();
    },
  };

  function answered(taken) {
    const buttons = field("question", "answers").querySelectorAll("button");
    for (const button of buttons) button.disabled = taken;
    field("question", "taken").hidden = !taken;
    if (taken) byId("send").hidden = true;
  }

  function pick(index, button) {
    if (!question.multiple) { send([index]); return; }
    if (picked.has(index)) picked.delete(index); else picked.add(index);
    button.setAttribute("aria-pressed", String(picked.has(index)));
    byId("send").disabled = picked.size === 0;
  }

  async function send(picks, attempt) {
    const index = question.index;
    answered(true);
    field("question", "taken").hidden = true;
    let result;
    try {
      result = await post("/answers", { secret, question: index, answers: picks });
    } catch (error) {
      if ((attempt || 0) < 3 && question.index === index) { setTimeout(() => send(picks, (attempt || 0) + 1), 800); return; }
      return answerProblem(word("liveNetworkError"));
    }
    if (result.status === 202 || result.status === 409) { answered(true); return; }
    if (result.status === 410) return answerProblem(word("liveTooLate"), true);
    answerProblem(word("liveRequestFailed"));
  }

  function answerProblem(message, final) {
    const problem = field("question", "answer-error");
    problem.textContent = message;
    problem.hidden = false;
    field("question", "taken").hidden = true;
    if (!final) {
      answered(false);
      field("question", "taken").hidden = true;
      byId("send").hidden = !question.multiple;
    }
  }

  function startJoining() {
    show("join");
    byId("name").focus();
  }

  if (role === "player") {
    byId("send").addEventListener("click", () => { if (picked.size > 0) send(Array.from(picked).sort((a, b) => a - b)); });
    document.addEventListener("keydown", (event) => {
      if (byId("question").hidden || event.altKey || event.ctrlKey || event.metaKey) return;
      if (document.activeElement && document.activeElement.tagName === "INPUT") return;
      const button = field("question", "answers").querySelector('button[data-index="' + (Number(event.key) - 1) + '"]');
      if (button && !button.disabled) button.click();
    });
    byId("join-form").addEventListener("submit", async (event) => {
      event.preventDefault();
      const problem = byId("join-error");
      problem.hidden = true;
      const name = byId("name").value.trim();
      const button = byId("join-form").querySelector("button");
      button.disabled = true;
      let result;
      try {
        result = await post("/players", { name });
      } catch (error) {
        result = { status: 0, data: {} };
      } finally {
        button.disabled = false;
      }
      if (result.status === 201) {
        secret = result.data.secret;
        remember({ secret, name });
        connect();
        return;
      }
      const messages = { 409: "liveNameTaken", 422: "liveBadName", 403: "liveCannotJoin", 410: "liveGameOver", 429: "liveTooManyTries", 404: "liveNoSuchGame" };
      problem.textContent = word(messages[result.status] || "liveNetworkError");
      problem.hidden = false;
      byId("name").focus();
    });
    const kept = remembered();
    if (kept && kept.secret) { secret = kept.secret; check(); } else { startJoining(); }
  }
})();
