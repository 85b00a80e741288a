"use strict";
// What the live pages show for the game's events, with events as the server writes them
// (LiveRoom+Events.swift) and the page's phrases rendered by name and values.
const { test } = require("node:test");
const assert = require("node:assert/strict");
const state = require("../../Sources/QRQuizServer/Assets/Scripts/live-state.js");

/**
 * A phrase as its name and values, so a test sees which phrase was chosen with what.
 * @param {string} phrase
 * @param {Record<string, string | number>} [values]
 */
const say = (phrase, values) => phrase + (values ? " " + JSON.stringify(values) : "");

/** @returns {import("../../Sources/QRQuizServer/Assets/Scripts/live-state.js").GameState} */
function closedEvent() {
  return {
    index: 1, count: 3, text: "Capital of France?", answers: ["Lyon", "Paris", "Nice", "Lille"],
    correct: [1, 3], tally: [2, 6, 0, 3], top: [{ name: "Ana", score: 1800 }], hidden: false,
    remaining_ms: 0, podium: [],
    you: { name: "Ana", answers: [1], right: true, points: 950, score: 1800, rank: 1, streak: 2 },
  };
}

test("equal scores share a rank, and the next rank counts everyone above", () => {
  const rows = [
    { name: "Ana", score: 30 }, { name: "Ben", score: 20 }, { name: "Cai", score: 20 }, { name: "Dee", score: 10 },
  ];
  assert.deepEqual(state.ranked(rows).map((row) => row.rank), [1, 2, 2, 4]);
  assert.deepEqual(state.ranked([]), []);
});

test("an answer has a colour, a shape and a letter, the eight colours and shapes in turn", () => {
  assert.deepEqual(state.answerFace("Paris", 1), { colour: "answer-1", shape: "\u25C6", number: "B", label: "Paris" });
  assert.deepEqual(state.answerFace("x", 8), { colour: "answer-0", shape: "\u25B2", number: "I", label: "x" });
  assert.equal(state.answerLetter(26), "27");
});

test("a closed question's bars are scaled to the most picked answer, the right ones marked", () => {
  const answers = state.tallied(closedEvent());
  assert.deepEqual(answers.map((answer) => answer.width), ["33%", "100%", "0%", "50%"]);
  assert.deepEqual(answers.map((answer) => answer.right), [false, true, false, true]);
  assert.deepEqual(answers.map((answer) => answer.count), [2, 6, 0, 3]);
  const nobody = state.tallied({ ...closedEvent(), tally: [0, 0, 0, 0] });
  assert.deepEqual(nobody.map((answer) => answer.width), ["0%", "0%", "0%", "0%"]);
});

test("the host's lobby counts the players, or says there are none yet", () => {
  assert.equal(state.lobbyPlayers({ ...closedEvent(), players: 3 }, say), 'livePlayersCount {"players":3}');
  assert.equal(state.lobbyPlayers({ ...closedEvent(), players: 0 }, say), "liveNoPlayersYet");
});

test("the host's answered line needs a count; a player's boolean is not one", () => {
  assert.equal(state.answeredLine({ answered: 4, players: 9 }, say), 'liveAnsweredOf {"answered":4,"players":9}');
  assert.equal(state.answeredLine({ answered: true }, say), null);
  assert.equal(state.answeredLine({ players: 9 }, say), null);
});

test("the host's toggles follow the state, and are left alone when it does not say", () => {
  const toggles = state.hostToggles({ ...closedEvent(), locked: true, hidden: false }, say);
  assert.deepEqual(toggles.lock, { pressed: true, label: "liveUnlock" });
  assert.deepEqual(toggles.hide, { pressed: false, label: "liveHideScores" });
  const silent = closedEvent();
  delete silent.hidden;
  assert.deepEqual(state.hostToggles(silent, say), { lock: null, hide: null });
});

test("after the last question the host's button leads to the podium", () => {
  assert.equal(state.nextLabel(closedEvent(), say), "liveNext");
  assert.equal(state.nextLabel({ ...closedEvent(), index: 2 }, say), "liveSeePodium");
  assert.equal(state.progress(closedEvent(), say), 'liveQuestionOf {"index":2,"count":3}');
});

test("a player's verdict: no answer, right, or wrong", () => {
  const you = closedEvent().you;
  assert.deepEqual(state.verdict(you, say), { text: "liveRight", right: true });
  assert.deepEqual(state.verdict({ ...you, right: false }, say), { text: "liveWrong", right: false });
  assert.deepEqual(state.verdict({ ...you, answers: [], right: false }, say), { text: "liveNoAnswer", right: false });
});

test("the right answers are listed with their letters", () => {
  assert.equal(state.rightAnswers(closedEvent(), say), 'liveRightAnswerWas {"answers":"B. Paris · D. Lille"}');
});

test("a player's standing leaves the rank out while the host hides the scores", () => {
  const you = closedEvent().you;
  assert.equal(state.standingLine(you, say), 'liveStanding {"score":1800,"rank":1,"streak":2}');
  assert.equal(state.standingLine({ ...you, rank: null }, say), 'liveStandingHidden {"score":1800,"streak":2}');
  const over = { name: "Ana", score: 2700, rank: 2, correct: 3 };
  assert.equal(state.finalPlace(over, say), 'liveFinalPlace {"rank":2,"score":2700,"correct":3}');
});

test("a question is new when its index changes or it was not on screen", () => {
  const question = closedEvent();
  assert.equal(state.isNewQuestion(null, question, false), true);
  assert.equal(state.isNewQuestion(question, question, false), false);
  assert.equal(state.isNewQuestion(question, { ...question, index: 2 }, false), true);
  assert.equal(state.isNewQuestion(question, question, true), true);
  // The same question asked again: drawn afresh, the picks forgotten.
  assert.equal(state.isNewQuestion({ ...question, asked: 1 }, { ...question, asked: 2 }, false), true);
});

test("a tap sends a single answer at once, and picks or unpicks one of several", () => {
  assert.deepEqual(state.tapAnswer(new Set(), 2, false), { send: [2] });
  const once = state.tapAnswer(new Set([3]), 0, true);
  assert.ok("picked" in once);
  const picked = "picked" in once ? once.picked : new Set();
  assert.deepEqual(state.picksToSend(picked), [0, 3]);
  const twice = state.tapAnswer(picked, 3, true);
  assert.deepEqual("picked" in twice ? [...twice.picked] : null, [0]);
  assert.deepEqual([...picked], [3, 0], "the picks before the tap are left as they were");
});

test("the server's answer to an answer: taken, too late, or a problem to try again", () => {
  assert.equal(state.answerOutcome(202), "taken");
  assert.equal(state.answerOutcome(409), "taken");
  assert.equal(state.answerOutcome(410), "late");
  for (const status of [0, 400, 403, 429, 500]) assert.equal(state.answerOutcome(status), "failed");
});

test("a refused join says why, and anything unknown is a network problem", () => {
  assert.equal(state.joinProblem(409), "liveNameTaken");
  assert.equal(state.joinProblem(429), "liveTooManyTries");
  assert.equal(state.joinProblem(0), "liveNetworkError");
  assert.equal(state.joinProblem(500), "liveNetworkError");
  // A 403 says which: a banned student is told they were removed, not "locked or full".
  assert.equal(state.joinProblem(403, "banned"), "liveBannedOut");
  assert.equal(state.joinProblem(403, "locked"), "liveLockedOut");
  assert.equal(state.joinProblem(403, "full"), "liveFull");
  assert.equal(state.joinProblem(403), "liveCannotJoin");
});

test("a phone says what it sent: the answers with their numbers, or the number typed", () => {
  const event = closedEvent();
  assert.equal(state.pickedLine(event, [1, 3], say), 'liveYouPicked {"answers":"B. Paris · D. Lille"}');
  assert.equal(state.pickedLine(event, "32", say), 'liveYouPicked {"answers":"32"}');
  assert.equal(state.pickedLine(event, [], say), null);
  assert.equal(state.pickedLine(event, undefined, say), null);
});

test("a question asked as a number: its right number, bars of right and wrong, a typed verdict", () => {
  const event = { ...closedEvent(), numeric: { value: "32", right: 3, wrong: 1 } };
  assert.equal(state.rightAnswers(event, say), 'liveRightAnswerWas {"answers":"32"}');
  assert.deepEqual(state.numericTally(event.numeric, say).map((row) => [row.right, row.count, row.width]),
    [[true, 3, "100%"], [false, 1, "33%"]]);
  assert.equal(state.verdict({ name: "Ana", answers: [], number: "31", right: false }, say).text, "liveWrong");
  assert.equal(state.verdict({ name: "Ana", answers: [], number: null, right: false }, say).text, "liveNoAnswer");
});

test("reconnecting waits twice as long each time, up to 15 seconds", () => {
  const delays = [state.firstRetryDelay];
  while (delays.length < 7) delays.push(state.nextRetryDelay(delays[delays.length - 1]));
  assert.deepEqual(delays, [1000, 2000, 4000, 8000, 15000, 15000, 15000]);
});

test("the countdown says the time as the question opens, and five seconds once", () => {
  assert.deepEqual(state.countdownOpening(20000, say), { announce: 'secondsLeftAnnouncement {"seconds":20}', warned: false });
  assert.deepEqual(state.countdownOpening(4100, say), { announce: 'secondsLeftAnnouncement {"seconds":5}', warned: true });
  assert.deepEqual(state.countdown(12.2, false, say), { clock: "13 s", announce: null, warned: false });
  const five = state.countdown(4.9, false, say);
  assert.deepEqual(five, { clock: "5 s", announce: 'secondsLeftAnnouncement {"seconds":5}', warned: true });
  assert.deepEqual(state.countdown(4.7, true, say), { clock: "5 s", announce: null, warned: true });
  assert.deepEqual(state.countdown(0, true, say), { clock: "liveTimeUp", announce: null, warned: true });
});

test("an answer tapped while the server was out of reach is sent, forgotten or said not sent", () => {
  const open = { ...closedEvent(), answered: false };
  // Its question still open and not answered: sent now.
  assert.equal(state.unsentAnswer(1, "question", open), "send");
  // An earlier try got in before the connection dropped.
  assert.equal(state.unsentAnswer(1, "question", { ...open, answered: true }), "taken");
  // The question closed, another came, or the game ended: said not sent, never lost silently.
  assert.equal(state.unsentAnswer(1, "closed", closedEvent()), "closed");
  assert.equal(state.unsentAnswer(1, "question", { ...open, index: 2 }), "closed");
  assert.equal(state.unsentAnswer(1, "over", closedEvent()), "closed");
  // Asked again meanwhile: the new asking takes a fresh answer, the kept one is not sent.
  const first = { ...open, asked: 1 };
  assert.equal(state.unsentAnswer(1, "question", first, 1), "send");
  assert.equal(state.unsentAnswer(1, "question", { ...first, asked: 2 }, 1), "closed");
});
